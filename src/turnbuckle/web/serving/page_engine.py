"""The offline keeper's engine, served: the Python runtime under ``/static/pyodide/`` and the
page's copy of the rules as ``/static/turnbuckle-page.zip``.

The runtime is the wheel's ``web/static/pyodide/`` (put there by its build) or, in a checkout,
``build/pyodide/`` (``make pyodide``); without either, ``/static/pyodide/...`` answers 404 and the
rest of the site is unchanged. The zip is built from the installed source on its first request
(``turnbuckle.page.bundle``), so the page plays the very rules the server plays.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response
from starlette.staticfiles import StaticFiles

from turnbuckle.page.bundle import page_zip

#: The runtime's folder in an installed wheel, and in a checkout (after ``make pyodide``).
_WHEEL = Path(__file__).resolve().parents[1] / "static" / "pyodide"
_CHECKOUT = Path(__file__).resolve().parents[4] / "build" / "pyodide"
PAGE_ZIP = "/static/turnbuckle-page.zip"


def runtime_folder() -> Path | None:
    """Where the page's runtime is here, or None where it was neither built in nor fetched."""
    for folder in (_WHEEL, _CHECKOUT):
        if (folder / "pyodide.mjs").is_file():
            return folder
    return None


def runtime_files() -> StaticFiles | None:
    """The runtime's files for ``/static/pyodide``, or None."""
    folder = runtime_folder()
    return None if folder is None else StaticFiles(directory=folder)


@functools.cache
def _zip() -> tuple[bytes, str]:
    data = page_zip()
    return data, hashlib.sha256(data).hexdigest()[:16]


async def page_zip_response(request: Request) -> Response:
    """The page's rules as a zip, with an ETag (the same source gives the same bytes)."""
    data, tag = _zip()
    if request.headers.get("if-none-match") == f'"{tag}"':
        return Response(status_code=304, headers={"ETag": f'"{tag}"'})
    return Response(data, media_type="application/zip", headers={"ETag": f'"{tag}"'})
