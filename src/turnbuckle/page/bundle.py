"""The page's copy of the rules: a zip of the modules the offline keeper imports (the core, the
games, this package), built from the installed source, for Pyodide to put on its path.

The games' bundled data files are YAML; the page has no YAML library, so each goes into the zip
as the same data written as JSON (JSON is YAML too: the same loaders read it). Samples, the
simulation and everything the server alone needs stay out.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import turnbuckle

#: The packages the page imports, relative to the package root.
PAGE_PACKAGES = ("core", "rulesets", "page")
#: Folders the page never reads (the games' sample sheets are the server's).
LEFT_OUT = frozenset({"__pycache__", "samples"})
#: A fixed timestamp, so the same source gives the same bytes.
_STAMP = (2020, 1, 1, 0, 0, 0)


def page_files(root: Path | None = None) -> dict[str, bytes]:
    """The zip's files by path (``turnbuckle/...``): the page packages' Python and data files."""
    from turnbuckle.core.inputs import parse_yaml  # the server's YAML reader, for the data files

    base = Path(root or Path(turnbuckle.__file__).parent)
    out: dict[str, bytes] = {"turnbuckle/__init__.py": (base / "__init__.py").read_bytes()}
    for package in PAGE_PACKAGES:
        for path in sorted((base / package).rglob("*")):
            rel = path.relative_to(base)
            if not path.is_file() or LEFT_OUT & set(rel.parts) or path.suffix in (".pyc", ".pyo"):
                continue
            name = f"turnbuckle/{rel.as_posix()}"
            if path.suffix == ".yaml":
                data = parse_yaml(path.read_text(encoding="utf-8"), name)
                out[name] = json.dumps(data, ensure_ascii=False, sort_keys=False).encode()
            else:
                out[name] = path.read_bytes()
    return out


def page_zip(root: Path | None = None) -> bytes:
    """The page's rules as zip bytes (the same source gives the same bytes)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in sorted(page_files(root).items()):
            zf.writestr(zipfile.ZipInfo(name, _STAMP), data, zipfile.ZIP_DEFLATED)
    return buf.getvalue()
