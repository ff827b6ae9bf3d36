"""What ``make bench`` writes: docs/benchmarks.md, the one page that holds measurements.

The runner (``benchmarks/__main__.py``) runs every part, keeps what each part's ``main()`` printed,
and hands the parts here as :class:`Part` values; :func:`render` lays them out in a fixed order
under a heading naming the machine. Only the numbers change from run to run, not the layout.
"""

from __future__ import annotations

import os
import platform
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

#: Where ``make bench`` writes its page (relative to the repository root).
PAGE = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"


@dataclass(frozen=True)
class Part:
    """One benchmark's results: its name (the module), its title, what it measures (the first
    paragraph of the module's docstring), what its ``main()`` printed, the wall seconds it took,
    and the error that stopped it, if any."""

    name: str
    title: str
    about: str
    output: str
    seconds: float
    error: str = ""


@dataclass(frozen=True)
class Machine:
    cpu: str
    cores: int
    python: str
    system: str
    started: datetime
    load_start: tuple[float, float, float]
    load_end: tuple[float, float, float]


def cpu_model() -> str:
    """The processor's model name as Linux reports it (``platform.processor()`` elsewhere)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.lower().startswith("model name") and ":" in line:
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def this_machine(started: datetime, load_start: tuple[float, float, float]) -> Machine:
    return Machine(cpu=cpu_model(), cores=os.cpu_count() or 1, python=platform.python_version(),
                   system=f"{platform.system()} {platform.release()}", started=started, load_start=load_start,
                   load_end=os.getloadavg())


def about(doc: str | None) -> str:
    """The first paragraph of a docstring, on one line."""
    first = (doc or "").strip().split("\n\n", 1)[0]
    return " ".join(first.split())


def _load(values: tuple[float, float, float]) -> str:
    return ", ".join(f"{v:.2f}" for v in values)


def render(machine: Machine, parts: list[Part]) -> str:
    total = sum(p.seconds for p in parts)
    lines = [
        "# Benchmarks",
        "",
        "Written by `make bench` (`python -m benchmarks`, the runner in `benchmarks/`); run it again rather "
        "than editing this page. Every figure is one run's, on the machine below, with whatever else that "
        "machine was doing (the load averages say how busy it was). How each part measures is in its module "
        "under `benchmarks/`; `python -m benchmarks PART` runs one part and prints it.",
        "",
        "## Machine",
        "",
        f"- CPU: {machine.cpu}",
        f"- cores: {machine.cores}",
        f"- Python: {machine.python}",
        f"- system: {machine.system}",
        f"- run started: {machine.started:%Y-%m-%d %H:%M} UTC",
        f"- load average (1, 5, 15 min): {_load(machine.load_start)} at the start, {_load(machine.load_end)} "
        "at the end",
        f"- the whole run: {total:.0f} s",
        "",
        "## Parts",
        "",
        *[f"- [{p.title}](#{p.name}) (`{p.name}`, {p.seconds:.0f} s){': failed' if p.error else ''}"
          for p in parts],
    ]
    for p in parts:
        lines += ["", f'<a id="{p.name}"></a>', f"## {p.title}", ""]
        if p.about:
            lines += [p.about, ""]
        lines += ["```", *(p.output.rstrip("\n").splitlines() or ["(nothing printed)"]), "```"]
        if p.error:
            lines += ["", f"This part stopped on an error: `{p.error}`"]
        lines += ["", f"`python -m benchmarks {p.name}` took {p.seconds:.0f} s."]
    return "\n".join(lines) + "\n"


def write(text: str, path: Path = PAGE) -> Path:
    path.write_text(text, encoding="utf-8")
    return path
