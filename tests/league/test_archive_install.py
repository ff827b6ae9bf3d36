"""The archive carries the turnbuckle that made it: a wheel made from the installed package's own
files, with its SHA-256 and the commands on the check page. It installs into a fresh virtual
environment, with its dependencies from the local uv cache and the network switched off, and the
turnbuckle so installed verifies a show of the archive."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from turnbuckle import __version__
from turnbuckle.cli.app import app
from turnbuckle.league.archive_wheel import MAX_BYTES, build_wheel, wheel_name

from .post_league import copy_post_league

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("archive-install")
    out = tmp / "site"
    done = CliRunner().invoke(app, ["league", "archive", str(out), "--db", copy_post_league(tmp)])
    assert done.exit_code == 0, done.output
    return out


def test_the_archive_carries_a_valid_wheel_and_says_how_to_install_it(archive: Path) -> None:
    wheel = archive / "install" / wheel_name()
    data = wheel.read_bytes()
    assert 100_000 < len(data) < MAX_BYTES
    page = (archive / "verify.html").read_text(encoding="utf-8")
    assert hashlib.sha256(data).hexdigest() in page
    assert "pip install turnbuckle<" not in page and "<code>pip install turnbuckle</code>" not in page
    assert f"tb/bin/pip install install/{wheel_name()}" in page
    assert f'href="install/{wheel_name()}"' in page
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        dist = f"turnbuckle-{__version__}.dist-info"
        assert {f"{dist}/METADATA", f"{dist}/WHEEL", f"{dist}/RECORD", f"{dist}/entry_points.txt",
                "turnbuckle/__init__.py", "turnbuckle/cli/app.py"} <= set(names)
        assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
        meta = zf.read(f"{dist}/METADATA").decode()
        assert f"Version: {__version__}" in meta and re.search(r"(?im)^Requires-Dist: sqlalchemy", meta)
        record = zf.read(f"{dist}/RECORD").decode().splitlines()
        listed = {line.split(",")[0] for line in record}
        assert listed == set(names)  # every file listed, with its hash (RECORD itself without)
        for line in record:
            name, digest, size = line.rsplit(",", 2)
            if name.endswith("RECORD"):
                continue
            body = zf.read(name)
            assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()
            assert int(size) == len(body)
    assert build_wheel() == data  # the same files make the same bytes


@pytest.mark.solo  # installs a virtual environment: heavy, run alone
def test_the_wheel_installs_offline_and_verifies_a_show(archive: Path, tmp_path: Path) -> None:
    uv = shutil.which("uv")
    assert uv is not None, "uv (which `make setup` uses) is needed to install from the local package cache"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("UV_PROJECT", "VIRTUAL_ENV"))}
    env.update(UV_OFFLINE="1", PIP_NO_INDEX="1")
    lock = tmp_path / "pylock.toml"  # the project's own pinned dependencies, found in uv's cache
    subprocess.run([uv, "export", "--frozen", "--no-dev", "--no-emit-project", "--format", "pylock.toml",
                    "-q", "-o", str(lock)], cwd=ROOT, env=env, check=True, timeout=60)
    venv = tmp_path / "fresh"
    subprocess.run([uv, "venv", "-q", "--python", sys.executable, str(venv)], env=env, check=True, timeout=60)
    python = venv / "bin" / "python"
    for what in (["-r", str(lock)], [str(archive / "install" / wheel_name())]):
        done = subprocess.run([uv, "pip", "install", "--offline", "-q", "--python", str(python), *what],
                              cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
    where = subprocess.run([str(python), "-c", "import turnbuckle; print(turnbuckle.__file__)"],
                           cwd=tmp_path, env=env, capture_output=True, text=True, check=True, timeout=60)
    assert Path(where.stdout.strip()).is_relative_to(venv)  # the installed copy, not this checkout
    done = subprocess.run([str(venv / "bin" / "turnbuckle"), "verify", str(archive / "export" / "show-1.json")],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"\bverified\b", done.stdout), done.stdout
