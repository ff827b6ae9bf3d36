"""The offline keeper's engine is served: the page's rules as a zip (built from the source the
server plays) and, where ``make pyodide`` fetched it, the Python runtime with its licence."""

from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.web.support import empty_league
from turnbuckle.page.bundle import page_zip
from turnbuckle.web.app import create_app
from turnbuckle.web.serving.page_engine import runtime_folder


def test_the_page_zip_and_the_runtime_are_served(tmp_path: Path) -> None:
    with TestClient(create_app(empty_league(tmp_path, "Cellar League"))) as client:
        got = client.get("/static/turnbuckle-page.zip")
        assert got.status_code == 200 and got.content == page_zip()
        names = zipfile.ZipFile(io.BytesIO(got.content)).namelist()
        assert "turnbuckle/page/keeper.py" in names and "turnbuckle/core/modelbase.py" in names
        assert not any("/samples/" in n or n.startswith(("turnbuckle/web", "turnbuckle/league")) for n in names)
        again = client.get("/static/turnbuckle-page.zip", headers={"If-None-Match": got.headers["etag"]})
        assert again.status_code == 304
        if runtime_folder() is None:
            if os.environ.get("TURNBUCKLE_REQUIRE_PYODIDE") == "1":
                pytest.fail("the Pyodide runtime is missing (make pyodide), and TURNBUCKLE_REQUIRE_PYODIDE=1")
            assert client.get("/static/pyodide/pyodide.mjs").status_code == 404
            pytest.skip("the Pyodide runtime is not fetched here (make pyodide): only its absence was checked")
        mjs = client.get("/static/pyodide/pyodide.mjs")
        assert mjs.status_code == 200 and "loadPyodide" in mjs.text
        assert "Mozilla Public License" in client.get("/static/pyodide/LICENSE").text
        assert client.get("/static/pyodide/pyodide.asm.wasm").content[:4] == b"\0asm"
