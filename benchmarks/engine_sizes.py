"""``make bench``, run sizes: does ``turnbuckle odds`` keep close to its kernel's own speed at
every size (no start-up cliff)?

For each game with a fast engine: the wall time of the whole command (a fresh process, warm
caches) at n = 1 and n = 10^5, 10^6, 10^7, 3x10^7, against the bound wall(1) + 1.2 x n / R, where
R is the faster build's rate on 2 cores (the JIT kernel or the ahead-of-time build, each on 2
threads) measured in the same bench run. Prints wall(n), the bound and their ratio.

wall(1) and the short sizes' walls (up to ``BEST_OF_UP_TO``) are each the best of ``REPEATS``
runs: there the bound leaves a few hundredths of a second over wall(1), less than one process
start varies, so one run against a best of several would measure the start's spread, not the
run. The short sizes take turns (1, 10^5, 10^6, 1, 10^5, ...), so that a slow spell of the machine
(a process's start-up drifts within minutes on a shared machine) falls on every size alike
instead of on whichever size was being repeated then.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from typing import Any

from turnbuckle.core.options import resolve_options
from turnbuckle.rulesets.registry import all_rulesets
from turnbuckle.sim.specs import spec_for

SIZES = (10**5, 10**6, 10**7, 3 * 10**7)
#: Matches that measure the 2-core rates.
RATE_MATCHES = 4_000_000
SLACK = 1.2
#: Runs per size, of which the best counts, for n = 1 and sizes up to ``BEST_OF_UP_TO``: the best of
#: a few runs still spreads as widely as the margin the bound allows, and more runs bring each best
#: nearer the floor it estimates (docs/decisions/odds.md).
REPEATS = 15
BEST_OF_UP_TO = 10**6


def _command(game: str, samples: list[str], n: int) -> list[str]:
    exe = os.path.join(os.path.dirname(sys.executable), "turnbuckle")
    head = [exe] if os.path.exists(exe) else [sys.executable, "-m", "turnbuckle"]
    return [*head, "odds", game, *samples, "-n", str(n), "--seed", "1", "--yes"]


def _wall(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, capture_output=True, check=True)
    return time.perf_counter() - start


def walls() -> dict[str, dict[int, float]]:
    """wall(n) of ``odds`` for every game with a fast engine (run first: before this process
    starts numba's threads, whose idle spinning would slow the processes timed)."""
    out: dict[str, dict[int, float]] = {}
    for rs in all_rulesets():
        if spec_for(rs.info.id).fast is None:
            continue
        samples = [s.id for s in rs.samples()[: rs.info.min_sides]]
        _wall(_command(rs.info.id, samples, 1))  # warm-up: builds or loads what the run needs
        short = [n for n in (1, *SIZES) if n <= BEST_OF_UP_TO]
        taken: dict[int, list[float]] = {n: [] for n in short}
        for _ in range(REPEATS):
            for n in short:
                taken[n].append(_wall(_command(rs.info.id, samples, n)))
        out[rs.info.id] = {n: min(times) for n, times in taken.items()}
        for n in SIZES:
            if n > BEST_OF_UP_TO:
                out[rs.info.id][n] = _wall(_command(rs.info.id, samples, n))
    return out


def rates() -> dict[str, tuple[float, str]]:
    """The faster build's rate on 2 cores per game, and which build it is."""
    out: dict[str, tuple[float, str]] = {}
    for rs in all_rulesets():
        fast: Any = spec_for(rs.info.id).fast_engine()
        if fast is None:
            continue
        sides = [rs.load_text(s.text, s.id) for s in rs.samples()[: rs.info.min_sides]]
        opts = resolve_options(rs.info.options, {})
        best = (0.0, "")
        for build in ("jit", "aot"):
            fast(sides, opts, 10_000, 1, threads=2, build=build)  # compile or load
            start = time.perf_counter()
            tally = fast(sides, opts, RATE_MATCHES, 5, threads=2, build=build)
            rate = tally.n / (time.perf_counter() - start)
            best = max(best, (rate, build))
        out[rs.info.id] = best
    return out


def report(measured: dict[str, dict[int, float]], rated: dict[str, tuple[float, str]]) -> list[str]:
    lines = [f"run sizes: wall(n) of `turnbuckle odds` against wall(1) + {SLACK} x n / R (R: the faster "
             "build's rate on 2 cores, this run)",
             f"{'ruleset':<11}{'R (2 cores)':>20}{'wall(1)':>9}" + "".join(f"{f'n={n:.0e}':>24}" for n in SIZES)]
    for game, by_n in measured.items():
        rate, build = rated[game]
        cells = []
        for n in SIZES:
            bound = by_n[1] + SLACK * n / rate
            cells.append(f"{by_n[n]:7.2f}/{bound:6.2f}={by_n[n] / bound:4.2f}")
        lines.append(f"{game:<11}{f'{rate / 1e6:.2f}M/s {build}':>20}{by_n[1]:8.2f}s"
                     + "".join(f"{c:>24}" for c in cells))
    lines.append("cells: wall(n) / bound = ratio (seconds; at most 1.00 meets the bound)")
    return lines
