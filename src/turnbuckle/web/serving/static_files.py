"""The site's static files under content-hashed names: ``/static/style.3f2a1b9c0d.css`` is
``style.css`` as long as the file's bytes hash to ``3f2a1b9c0d`` (SHA-256, the first 10 hex digits),
so it is sent with a year's ``max-age`` and ``immutable``: a browser keeps it and never asks again,
and a changed file gets a new name. Templates name a file through ``static_url('style.css')``.

The plain name (``/static/style.css``) still answers, with ``Cache-Control: no-cache`` (the
browser asks again each time, and its ETag makes that cheap): the web app manifest, an old page and
anything outside the templates may name it. A hashed name whose hash is not the file's (an older
version) is a 404.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from threading import Lock

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

#: For a hashed name: a year, never revalidated. For a plain name: ask again every time.
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
_HASHED = re.compile(r"(?P<stem>.+)\.(?P<digest>[0-9a-f]{10})(?P<suffix>\.[A-Za-z0-9]+)")


class StaticAssets:
    """The hashed names of the files in ``directory``: a file's hash is worked out from its bytes
    the first time it is named, and again whenever its size or time of change differs."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._seen: dict[str, tuple[int, int, str]] = {}  # name -> (mtime_ns, size, digest)
        self._lock = Lock()

    def digest(self, name: str) -> str | None:
        """The hash of the file ``name`` (a path under the directory), None when there is no such file."""
        path = (self.directory / name).resolve()
        if self.directory.resolve() not in path.parents:
            return None
        try:
            stat = path.stat()
        except OSError:
            return None
        with self._lock:
            seen = self._seen.get(name)
            if seen is not None and seen[:2] == (stat.st_mtime_ns, stat.st_size):
                return seen[2]
        if not path.is_file():
            return None
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:10]
        with self._lock:
            self._seen[name] = (stat.st_mtime_ns, stat.st_size, digest)
        return digest

    def url(self, name: str) -> str:
        """``/static/`` and the file's hashed name (its plain name when there is no such file)."""
        digest = self.digest(name)
        if digest is None:
            return f"/static/{name}"
        stem, dot, suffix = name.rpartition(".")
        hashed = f"{stem}.{digest}.{suffix}" if dot and "/" not in suffix else f"{name}.{digest}"
        return f"/static/{hashed}"

    def plain(self, path: str) -> str | None:
        """The plain name behind a hashed ``path`` whose hash is the file's now, else None."""
        found = _HASHED.fullmatch(path)
        if found is None:
            return None
        name = found["stem"] + found["suffix"]
        return name if self.digest(name) == found["digest"] else None


class HashedStaticFiles(StaticFiles):
    """Starlette's static files, answering hashed names too, each with its caching."""

    def __init__(self, assets: StaticAssets) -> None:
        super().__init__(directory=assets.directory)
        self.assets = assets

    async def get_response(self, path: str, scope: Scope) -> Response:
        name = self.assets.plain(path)
        response = await super().get_response(name if name is not None else path, scope)
        if response.status_code in (200, 304):
            response.headers["cache-control"] = IMMUTABLE if name is not None else REVALIDATE
        return response
