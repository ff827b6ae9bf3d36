"""``python -m benchmarks [PART ...] [--out FILE]``: every part in turn, writing docs/benchmarks.md
(``make bench``), or only the parts named, printed (and written to ``--out`` when given)."""

from __future__ import annotations

import argparse
import importlib
import io
import os
import sys
import time
import traceback
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from benchmarks.report import PAGE, Part, about, render, this_machine, write

#: The parts in the order ``make bench`` runs them: the engines first, while this process runs no
#: numba threads of its own (their idle spinning would slow the processes the engines part times).
#: A part is a module ``benchmarks/NAME.py`` with a ``main()`` that prints its results (and, if it
#: likes, a ``TITLE``); listing its name here is all it takes to be run and written to the page.
PARTS = ("engines", "league", "web", "lab", "sweep_cost", "headlock_expert", "headlock_ceiling", "advisor")


def parse(argv: Sequence[str] | None = None) -> list[str]:
    """The parts to run, in ``PARTS`` order."""
    parts: list[str] = arguments(argv).parts
    return parts


def arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("parts", nargs="*", metavar="PART",
                        help=f"which parts to run, of {', '.join(PARTS)} (default: all, in that order, "
                             f"written to {PAGE.relative_to(PAGE.parents[1])})")
    parser.add_argument("--out", type=Path, default=None,
                        help="write the page here (the default for a full run is docs/benchmarks.md; a run of "
                             "some parts writes nothing unless given this)")
    args = parser.parse_args(argv)
    unknown = [p for p in args.parts if p not in PARTS]
    if unknown:
        parser.error(f"no part named {', '.join(unknown)}: the parts are {', '.join(PARTS)}")
    args.full = not args.parts
    args.parts = [p for p in PARTS if p in args.parts] if args.parts else list(PARTS)
    if args.out is None and args.full:
        args.out = PAGE
    return args


class _Tee(io.TextIOBase):
    """Prints as it goes (a long part shows its progress) and keeps a copy for the page."""

    def __init__(self, terminal: TextIO) -> None:
        self.terminal = terminal
        self.kept = io.StringIO()

    def write(self, text: str) -> int:
        self.terminal.write(text)
        self.terminal.flush()
        return self.kept.write(text)


def run_part(name: str) -> Part:
    """Run one part, keeping what it printed; an error ends the part, not the run."""
    module = importlib.import_module(f"benchmarks.{name}")
    tee = _Tee(sys.stdout)
    saved, sys.stdout = sys.stdout, tee
    began = time.perf_counter()
    error = ""
    try:
        module.main()
    except Exception as exc:  # one broken part must not lose the others' results
        traceback.print_exc()
        error = f"{type(exc).__name__}: {exc}"
    finally:
        sys.stdout = saved
    return Part(name=name, title=getattr(module, "TITLE", name), about=about(module.__doc__),
                output=tee.kept.getvalue(), seconds=time.perf_counter() - began, error=error)


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(argv)
    started, load = datetime.now(UTC), os.getloadavg()
    parts = []
    for name in args.parts:
        print(f"== {name}", flush=True)
        parts.append(run_part(name))
    print(f"load average at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{sum(p.seconds for p in parts):.0f} s in all")
    if args.out is not None:
        print(f"wrote {write(render(this_machine(started, load), parts), args.out)}")
    return 1 if any(p.error for p in parts) else 0


if __name__ == "__main__":
    sys.exit(main())
