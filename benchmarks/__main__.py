"""``python -m benchmarks [PART ...]``: every part in turn (``make bench``), or only the ones named."""

from __future__ import annotations

import argparse
import importlib
import os
from collections.abc import Sequence

#: The parts in the order ``make bench`` runs them: the engines first, while this process runs no
#: numba threads of its own (their idle spinning would slow the processes the engines part times).
PARTS = ("engines", "league", "web", "lab", "sweep_cost", "advisor")


def parse(argv: Sequence[str] | None = None) -> list[str]:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("parts", nargs="*", metavar="PART",
                        help=f"which parts to run, of {', '.join(PARTS)} (default: all, in that order)")
    named: list[str] = parser.parse_args(argv).parts
    unknown = [p for p in named if p not in PARTS]
    if unknown:
        parser.error(f"no part named {', '.join(unknown)}: the parts are {', '.join(PARTS)}")
    return [p for p in PARTS if p in named] if named else list(PARTS)


def main(argv: Sequence[str] | None = None) -> None:
    for part in parse(argv):
        importlib.import_module(f"benchmarks.{part}").main()
    print(f"load average at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
