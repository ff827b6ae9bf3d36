"""The wheel build's hook: the page's Python runtime (build/pyodide/, fetched by `make pyodide`)
goes into the wheel as turnbuckle/web/static/pyodide/, its licence with it. A wheel built without
it stops with a message that says so; an editable install (make setup, uv sync) needs none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: Where the runtime goes in the wheel (the web's static files: served under /static/pyodide/).
TARGET = "turnbuckle/web/static/pyodide"


class PageRuntimeHook(BuildHookInterface):  # type: ignore[misc]
    """Adds build/pyodide/ to the wheel (not to an editable install)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        runtime = Path(self.root) / "build" / "pyodide"
        missing = [name for name in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "LICENSE")
                   if not (runtime / name).is_file()]
        if missing:
            raise RuntimeError(f"the wheel needs the offline keeper's Python runtime in {runtime} "
                               f"({', '.join(missing)} missing): run `make pyodide` first, then build again")
        for path in sorted(runtime.iterdir()):
            if path.is_file() and not path.name.startswith("."):
                build_data["force_include"][str(path)] = f"{TARGET}/{path.name}"
