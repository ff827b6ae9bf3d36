"""``make bench``, the lab's cost per match (also ``python -m benchmarks sweep_cost`` alone): does a
sweep's cost follow its matches, not its pairings?

``turnbuckle sweep boxing --builds`` (73 builds, 2,628 pairings) at ``-n 2000`` and at ``-n 20000``,
with ``--threads 1`` and with ``--threads 2``: the wall time of the whole command (a fresh process,
the kernels already built, no ``--cache``, seed 1, its text report to a pipe) divided by its matches, the
median of ``REPEATS`` runs, and the small sweep's cost per match over the large one's (the target:
at most ``TARGET``). The runs take turns (small, large, small, large, ...) so that a slow spell of
a shared machine falls on both sizes alike; the load average is read before and after.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

SMALL_N = 2_000
LARGE_N = 20_000
THREADS = (1, 2)
REPEATS = 3
#: The small sweep's cost per match may be at most this many times the large one's.
TARGET = 1.3
SEED = 1


@dataclass(frozen=True)
class SweepCostRow:
    """One thread count's measurement: the median walls (seconds) of the small and the large sweep."""

    threads: int
    pairings: int
    small_n: int
    large_n: int
    small_s: float
    large_s: float
    load_before: float
    load_after: float

    def per_match(self, n: int, wall: float) -> float:
        return wall / (self.pairings * n)

    @property
    def ratio(self) -> float:
        """The small sweep's cost per match over the large one's."""
        return self.per_match(self.small_n, self.small_s) / self.per_match(self.large_n, self.large_s)

    @property
    def met(self) -> bool:
        return self.ratio <= TARGET


def _head() -> list[str]:
    exe = os.path.join(os.path.dirname(sys.executable), "turnbuckle")
    return [exe] if os.path.exists(exe) else [sys.executable, "-m", "turnbuckle"]


def command(n: int, threads: int, seed: int = SEED) -> list[str]:
    return [*_head(), "sweep", "boxing", "--builds", "-n", str(n), "--seed", str(seed), "--threads", str(threads)]


def _wall(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, capture_output=True, check=True)
    return time.perf_counter() - start


def _pairings() -> int:
    from turnbuckle.lab.builds import build_space
    from turnbuckle.lab.pairings import round_robin
    from turnbuckle.rulesets.registry import get_ruleset

    return len(round_robin(len(build_space(get_ruleset("boxing"))[0])))


def _warm() -> None:
    """Build the boxing kernel if it is not built yet (the measurement is of built kernels)."""
    _wall([*_head(), "sweep", "boxing", "slugger", "speedster", "-n", "10", "--threads", "1"])


def sweep_cost_rows(threads: Sequence[int] = THREADS, repeats: int = REPEATS, small_n: int = SMALL_N,
                    large_n: int = LARGE_N, wall: Callable[[list[str]], float] | None = None) -> list[SweepCostRow]:
    """The measured rows, one per thread count (what ``docs/benchmarks.md`` shows of this part)."""
    timed = wall or _wall
    if wall is None:
        _warm()
    pairings = _pairings()
    rows = []
    for count in threads:
        if count > (os.cpu_count() or 1):
            continue
        before = os.getloadavg()[0]
        small: list[float] = []
        large: list[float] = []
        for _ in range(repeats):  # in turns: a slow spell falls on both sizes
            small.append(timed(command(small_n, count)))
            large.append(timed(command(large_n, count)))
        rows.append(SweepCostRow(count, pairings, small_n, large_n, statistics.median(small),
                                 statistics.median(large), before, os.getloadavg()[0]))
    return rows


def lines(rows: Sequence[SweepCostRow]) -> list[str]:
    out = []
    for r in rows:
        out.append(
            f"sweep boxing --builds, --threads {r.threads}: -n {r.small_n:,} {r.small_s:.2f} s "
            f"({r.per_match(r.small_n, r.small_s) * 1e9:.0f} ns a match), -n {r.large_n:,} {r.large_s:.2f} s "
            f"({r.per_match(r.large_n, r.large_s) * 1e9:.0f} ns a match); ratio {r.ratio:.2f} "
            f"(target <= {TARGET}: {'met' if r.met else 'NOT met'}); load average {r.load_before:.2f} "
            f"-> {r.load_after:.2f}")
    return out


def main() -> None:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"sweep cost per match: {os.cpu_count()} CPU(s), load average {load}, median of {REPEATS} runs "
          f"in turns, {_pairings():,} pairings")
    for line in lines(sweep_cost_rows()):
        print(line)


if __name__ == "__main__":
    main()
