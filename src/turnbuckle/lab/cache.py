"""Per-pairing results on disk (``sweep --cache DIR``): one JSON file per pairing, named by its key.

Writes are atomic (a temporary file in the same folder, then ``os.replace``), so an interrupted
sweep leaves only whole results behind, and a second sweep reading the folder reuses them. A file
that cannot be read back (cut short by a full disk, edited by hand) counts as missing and is
played again.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from turnbuckle.core.errors import Broken, RulesError

FORMAT = "turnbuckle.sweep-pairing/1"


class ResultCache:
    """A folder of pairing results; ``None`` for no cache (every lookup misses, nothing is kept)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        if folder is None:
            return
        if folder.exists() and not folder.is_dir():
            raise RulesError(f"--cache '{folder}' is a file; give a folder (it is created if missing)")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RulesError(f"--cache '{folder}': cannot create the folder ({exc.strerror})") from None

    def _path(self, key: str) -> Path:
        if self.folder is None:
            raise Broken("expected self.folder is not None")
        return self.folder / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        if self.folder is None:
            return None
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key:
            return None
        return data

    def put(self, key: str, result: dict[str, Any]) -> None:
        if self.folder is None:
            return
        text = json.dumps({"format": FORMAT, "key": key, **result}, ensure_ascii=False)
        try:
            fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=self.folder)
        except OSError as exc:
            raise RulesError(f"--cache '{self.folder}': cannot write there ({exc.strerror})") from None
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(tmp, self._path(key))
        except BaseException as exc:
            Path(tmp).unlink(missing_ok=True)
            if isinstance(exc, OSError):
                raise RulesError(f"--cache '{self.folder}': cannot write there ({exc.strerror}); the pairings "
                                 "kept so far are whole") from None
            raise
