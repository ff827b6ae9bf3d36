"""Fetch the page's Python runtime (the npm registry's pyodide package, the version pinned in
tools/pyodide/pin) into build/pyodide/, checked against the pinned sha512 integrity hash, with
its licence (MPL-2.0) beside it. Run by `make pyodide`; nothing else reaches the registry.

Usage: python3 tools/pyodide/fetch.py OUT_DIR"""

import base64
import hashlib
import io
import shutil
import sys
import tarfile
import urllib.request
from pathlib import Path

HERE = Path(__file__).parent
#: The files the page needs, as they lie in the package's tarball.
NEEDED = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
          "python_stdlib.zip", "pyodide-lock.json", "package.json")


def main(out: Path) -> int:
    pin = dict(line.split("=", 1) for line in (HERE / "pin").read_text().split() if "=" in line)
    version, integrity = pin["version"], pin["integrity"]
    if (out / ".version").is_file() and (out / ".version").read_text().strip() == version:
        return 0
    url = f"https://registry.npmjs.org/pyodide/-/pyodide-{version}.tgz"
    print(f"fetching pyodide {version} from the npm registry")
    with urllib.request.urlopen(url, timeout=120) as response:  # noqa: S310 (a fixed https address)
        data = response.read()
    got = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
    if got != integrity:
        print(f"pyodide {version}: the tarball's hash {got[:30]}... is not the pinned {integrity[:30]}...; "
              "nothing was unpacked", file=sys.stderr)
        return 1
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if name in NEEDED and member.isfile():
                (out / name).write_bytes(tar.extractfile(member).read())  # type: ignore[union-attr]
    shutil.copyfile(HERE / "LICENSE", out / "LICENSE")
    (out / ".version").write_text(version + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
