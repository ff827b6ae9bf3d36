"""How fast the odds engines run on this machine: each game's reference and fast engines, the
dice rate, and the wall time of ``turnbuckle odds`` and of the quick commands. Prints; asserts nothing.

For every registered ruleset: matches/s of the reference engine and (where the game has one)
of the fast engine on 1 and 2 threads, their ratio, dice per match, the raw dice rate of numpy's
generator and of the fast engine's in-loop generator measured in the same run, the fraction of
the raw rate the engine reaches, the single-thread rate of the ahead-of-time build that short
runs play (``sim/aot.py``), the wall time of ``turnbuckle odds`` with warm caches, and the start-up
of the quick commands (``--help``, ``match``, ``validate``, ``replay``) beside ``python -c pass``.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from benchmarks import engine_sizes
from turnbuckle.core.options import resolve_options
from turnbuckle.core.registry import Ruleset
from turnbuckle.rulesets.registry import all_rulesets
from turnbuckle.sim.reference import run_reference
from turnbuckle.sim.specs import spec_for
from turnbuckle.sim.tally import Tally

TITLE = "Odds engines"

REFERENCE_SECONDS = 3.0
FAST_BOUTS = 4_000_000
RAW_DICE = 100_000_000


def _timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def _sides(rs: Ruleset[Any]) -> list[Any]:
    return [rs.load_text(s.text, s.id) for s in rs.samples()[: rs.info.min_sides]]


def numpy_dice_rate() -> float:
    import numpy as np

    gen = np.random.default_rng(1)
    gen.integers(1, 7, size=1000)
    size = 10_000_000
    seconds, _ = _timed(lambda: [gen.integers(1, 7, size=size, dtype=np.int8) for _ in range(RAW_DICE // size)])
    return RAW_DICE / seconds


def in_loop_dice_rate(threads: int) -> float:
    import numba
    import numpy as np

    from turnbuckle.sim.boxing import kernel

    rate_kernel: Any = kernel.dice_rate_kernel
    numba.set_num_threads(threads)
    rate_kernel(np.uint64(1), 2, 10, 6)
    blocks, words = 1000, RAW_DICE // 2000
    seconds, _ = _timed(lambda: rate_kernel(np.uint64(1), blocks, words, 6))
    return 2 * blocks * words / seconds


def _mean_length(tally: Tally) -> float:
    return sum(length * count for length, count in tally.lengths.items()) / max(tally.n, 1)


def _with_cards(cards: float, dice: float, rate: float, raw: float) -> str:
    """The bench line of a card game: every random draw counted (a card drawn from k is a
    uniform draw below k, the same work as a die), and the share of the raw dice rate that dice
    alone could reach if the engine did nothing but draw."""
    draws = cards + dice
    return (f"{'':<10}with cards: {cards:.1f} cards + {dice:.1f} dice = {draws:.1f} random draws a match, "
            f"{rate * draws / 1e6:,.0f}M draws/s on 1 thread = {rate * draws / raw:.0%} of raw; counting dice only, "
            f"even an engine that only drew would reach {dice / draws:.0%}")


def cold_start(args: list[str], repeats: int = 5, program: list[str] | None = None) -> tuple[float, float, float]:
    """The command in a fresh process, after one warm-up run: (median wall s, best wall s,
    median CPU s). CPU time (user + system, all threads) is less disturbed by other work.
    ``program`` runs something other than ``turnbuckle`` (``python -c pass``, the floor)."""
    exe = os.path.join(os.path.dirname(sys.executable), "turnbuckle")
    if program is not None:
        cmd = [*program, *args]
    else:
        cmd = [exe, *args] if os.path.exists(exe) else [sys.executable, "-m", "turnbuckle", *args]
    subprocess.run(cmd, capture_output=True, check=True)
    walls, cpus = [], []
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        seconds, _ = _timed(lambda: subprocess.run(cmd, capture_output=True, check=True))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        walls.append(seconds)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), min(walls), statistics.median(cpus)


def main() -> None:
    # Start-up first, while this process runs no numba threads (OpenMP's idle threads spin for a
    # while after a parallel loop and would slow the child processes timed here).
    starts = _cold_starts()
    sizes = engine_sizes.walls()
    import numba

    nb: Any = numba
    cores = os.cpu_count() or 1
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    raw_numpy = numpy_dice_rate()
    raw_loop = {t: in_loop_dice_rate(t) for t in (1, 2)}
    print(f"turnbuckle bench: {cores} CPU(s), load average {load} (other work on the machine slows every "
          f"figure), numba {nb.__version__}, threading layer {nb.threading_layer()}")
    print(f"raw dice rate: numpy Generator.integers {raw_numpy / 1e6:,.0f}M dice/s (1 thread); "
          f"in-loop SplitMix64 {raw_loop[1] / 1e6:,.0f}M dice/s on 1 thread, {raw_loop[2] / 1e6:,.0f}M on 2")
    print("fast/s: matches per second on 1 and 2 threads; ratio: fast on 2 threads / reference; "
          "of raw: the fast engine's dice per second / the in-loop generator's raw rate on as many threads, "
          "measured again just before the engine (other work on the machine moves both)")
    print()
    header = (f"{'ruleset':<10}{'ref/s':>10}{'fast/s 1t':>12}{'fast/s 2t':>12}{'ratio':>9}"
              f"{'dice/match':>12}{'dice/s 2t':>12}{'of raw 1t':>11}{'of raw 2t':>11}")
    print(header)
    print("-" * len(header))
    for rs in all_rulesets():
        sides = _sides(rs)
        opts = resolve_options(rs.info.options, {})
        probe, _ = _timed(lambda: run_reference(rs, sides, opts, 20, seed=1))  # noqa: B023
        n_ref = max(50, int(REFERENCE_SECONDS * 20 / max(probe, 1e-6)))
        seconds, ref = _timed(lambda: run_reference(rs, sides, opts, n_ref, seed=3))  # noqa: B023
        ref_rate = ref.n / seconds
        fast = spec_for(rs.info.id).fast_engine()
        if fast is None:
            print(f"{rs.info.id:<10}{ref_rate:>10,.0f}{'-':>12}{'-':>12}{'-':>9}{ref.dice / ref.n:>12.1f}"
                  f"{'-':>12}{'-':>11}{'-':>11}")
            continue
        fast(sides, opts, 10_000, 1, threads=1, build="jit")  # compile, or load the JIT cache
        fast(sides, opts, 10_000, 1, build="aot")  # build, or load the ahead-of-time module
        rates: dict[int, float] = {}
        per_cpu: dict[int, float] = {}
        dice_per = 0.0
        for t in (1, 2):
            raw_loop[t] = in_loop_dice_rate(t)
            cpu0 = time.process_time()
            secs, tally = _timed(lambda: fast(sides, opts, FAST_BOUTS, 5, threads=t, build="jit"))  # noqa: B023
            per_cpu[t] = tally.n / max(time.process_time() - cpu0, 1e-9)
            rates[t] = tally.n / secs
            dice_per = tally.dice / tally.n
        print(f"{rs.info.id:<10}{ref_rate:>10,.0f}{rates[1]:>12,.0f}{rates[2]:>12,.0f}{rates[2] / ref_rate:>8,.0f}x"
              f"{dice_per:>12.1f}{rates[2] * dice_per / 1e6:>11,.0f}M"
              f"{rates[1] * dice_per / raw_loop[1]:>11.0%}{rates[2] * dice_per / raw_loop[2]:>11.0%}")
        print(f"{'':<10}per CPU-second: {per_cpu[1]:,.0f} matches on 1 thread, {per_cpu[2]:,.0f} on 2 "
              f"(what 2 idle cores would give: about {2 * per_cpu[2]:,.0f} matches/s); raw rate just before: "
              f"{raw_loop[1] / 1e6:,.0f}M dice/s on 1 thread, {raw_loop[2] / 1e6:,.0f}M on 2")
        spec = spec_for(rs.info.id)
        if spec.cards_per_length:
            print(_with_cards(spec.cards_per_length * _mean_length(tally), dice_per, rates[1], raw_loop[1]))
        secs, tally = _timed(lambda: fast(sides, opts, FAST_BOUTS, 5, build="aot"))  # noqa: B023
        print(f"{'':<10}ahead-of-time build (short runs, 1 thread): {tally.n / secs:,.0f} matches/s")
    print()
    for line in engine_sizes.report(sizes, engine_sizes.rates()):
        print(line)
    print()
    for line in starts:
        print(line)


def _cold_starts() -> list[str]:
    """``turnbuckle odds`` of each game's first samples at 1, 40,000 (the default) and 1,000,000
    matches, and ``turnbuckle --help``, each timed in fresh processes after a warm-up run."""
    lines = []
    for rs in all_rulesets():
        if spec_for(rs.info.id).fast is None:
            continue
        names = [s.id for s in rs.samples()[: rs.info.min_sides]]
        for n in (1, 40_000, 1_000_000):
            args = ["odds", rs.info.id, *names, "-n", str(n), "--seed", "1"]
            wall, best, cpu = cold_start(args)
            lines.append(f"turnbuckle {' '.join(args)}: {wall:.2f} s wall (best {best:.2f}), {cpu:.2f} s CPU "
                         "(warm caches)")
    return lines + _quick_starts()


def _quick_starts() -> list[str]:
    """The commands that must start quickly (``--help``, a boxing ``match``, ``validate``,
    ``replay``), each in fresh processes, beside ``python -c pass``, the floor under them all."""
    import tempfile

    from turnbuckle.core.render import render_json
    from turnbuckle.core.sources import SeededSource
    from turnbuckle.rulesets.registry import get_ruleset

    rs = get_ruleset("boxing")
    with tempfile.TemporaryDirectory() as folder:
        sheet, record = os.path.join(folder, "slugger.yaml"), os.path.join(folder, "bout.json")
        with open(sheet, "w", encoding="utf-8") as out:
            out.write(rs.sample("slugger").text)
        sides = [rs.load_text(rs.sample(s).text, s) for s in ("slugger", "speedster")]
        with open(record, "w", encoding="utf-8") as out:
            out.write(render_json(rs.run(sides, SeededSource(1))))
        wall, best, cpu = cold_start(["-c", "pass"], program=[sys.executable])
        lines = [f"python -c pass: {wall:.2f} s wall (best {best:.2f}), {cpu:.2f} s CPU (the floor)"]
        for args in (["--help"], ["match", "boxing", "slugger", "speedster", "--seed", "1"],
                     ["validate", "boxing", sheet], ["replay", record]):
            wall, best, cpu = cold_start(args)
            shown = " ".join(os.path.basename(a) for a in args)
            lines.append(f"turnbuckle {shown}: {wall:.2f} s wall (best {best:.2f}), {cpu:.2f} s CPU")
    return lines
