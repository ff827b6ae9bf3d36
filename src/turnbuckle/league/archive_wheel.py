"""The installable package a static archive carries: a wheel of the turnbuckle that made it, put
together from the installed package's own files (no build tool is needed, nor any network), so a
reader of the archive installs the exact version that made its results and checks them with it.

The files come from the package's folder (``turnbuckle.__file__``'s), not from the installed
distribution's RECORD: an editable install (a developer's ``uv sync``) records only a ``.pth``
pointing at the source. The metadata (name, version, dependencies, the ``turnbuckle`` command)
comes from the installed distribution, so the wheel installs with the same dependencies. The
wheel is byte-for-byte the same for the same files (entries sorted, one fixed date), so an archive
made again by the same version keeps the same file and hash."""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile
from importlib import metadata
from pathlib import Path

import turnbuckle
from turnbuckle import __version__
from turnbuckle.league.errors import LeagueError

#: The most the wheel may weigh (the package is a few megabytes; anything near this is a mistake).
MAX_BYTES = 10 * 1024 * 1024
#: A zip's earliest date: every entry carries it, so the same files make the same bytes.
FIXED_DATE = (1980, 1, 1, 0, 0, 0)
_SKIP_DIRS = {"__pycache__"}
_SKIP_SUFFIXES = (".pyc", ".pyo")


def wheel_name(version: str = __version__) -> str:
    """``turnbuckle-0.2.0-py3-none-any.whl`` (the name pip reads the version and tags from)."""
    return f"turnbuckle-{version.replace('-', '_')}-py3-none-any.whl"


def _package_files(root: Path) -> list[tuple[str, bytes]]:
    """Every file of the package folder ``root`` as (its path in the wheel, its bytes), sorted;
    no byte-code cache."""
    out: list[tuple[str, bytes]] = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if any(part in _SKIP_DIRS for part in rel.parts) or path.suffix in _SKIP_SUFFIXES or not path.is_file():
            continue
        out.append((f"turnbuckle/{rel.as_posix()}", path.read_bytes()))
    return out


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")


def _metadata_files(dist_info: str) -> list[tuple[str, bytes]]:
    """The dist-info's METADATA, WHEEL and entry points (the ``turnbuckle`` command), from the
    installed distribution where there is one."""
    try:
        dist = metadata.distribution("turnbuckle")
        meta = dist.read_text("METADATA")
        entry_points = dist.read_text("entry_points.txt")
    except metadata.PackageNotFoundError:
        meta = entry_points = None
    if not meta or dist.version != __version__:
        meta = f"Metadata-Version: 2.1\nName: turnbuckle\nVersion: {__version__}\n"
    if not entry_points:
        entry_points = "[console_scripts]\nturnbuckle = turnbuckle.cli.app:main\n"
    wheel = ("Wheel-Version: 1.0\nGenerator: turnbuckle league archive\nRoot-Is-Purelib: true\n"
             "Tag: py3-none-any\n")
    return [(f"{dist_info}/METADATA", meta.encode("utf-8")), (f"{dist_info}/WHEEL", wheel.encode("utf-8")),
            (f"{dist_info}/entry_points.txt", entry_points.encode("utf-8"))]


def build_wheel(package_dir: Path | None = None) -> bytes:
    """The wheel of the running turnbuckle (its package folder, or ``package_dir``) as bytes. A
    typed error if it would pass :data:`MAX_BYTES`."""
    root = package_dir or Path(turnbuckle.__file__).parent
    dist_info = f"turnbuckle-{__version__.replace('-', '_')}.dist-info"
    files = _package_files(root) + _metadata_files(dist_info)
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in files)
    record += f"{dist_info}/RECORD,,\n"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in [*files, (f"{dist_info}/RECORD", record.encode("utf-8"))]:
            info = zipfile.ZipInfo(name, date_time=FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    out = buf.getvalue()
    if len(out) > MAX_BYTES:
        raise LeagueError(f"the package to put in the archive weighs {len(out) // 1024} KiB, over the "
                          f"{MAX_BYTES // (1024 * 1024)} MiB an archive carries; files outside the package "
                          f"may have been left in {root}")
    return out


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
