"""The expert Headlock player: its strength against the smart player over 20,000 matches on the
fast engine (every pairing of the bundled wrestlers, each side of it and each seat a quarter of
the time), with the 95% Wilson interval of its share (draws count half) against the 55% lower
bound asked of it; its speed in decisions per second on both engines; the wall and CPU time of
``turnbuckle odds headlock the-rhino amethyst-assassin --player 1=expert -n 20000`` (kernels
built; median of 3, bound 3 min); and ``turnbuckle league run`` of a 30-match Headlock show with
every side's player chosen as ``expert``, in a fresh process (median of 3, bound 10 s)."""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from itertools import combinations
from pathlib import Path

from turnbuckle.core.options import resolve_options
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.sim.stats import wilson

TITLE = "Headlock expert player"

PER_ARRANGEMENT = 500  # x 4 arrangements x 10 pairings = 20,000 matches
STRENGTH_TARGET = 0.55
ODDS_TARGET_S = 180.0
SHOW_TARGET_S = 10.0
RUNS = 3
#: A number card is drawn on 40 of 52 cards: the expert's decisions per turn it plays, on average.
DECISIONS_PER_TURN = 40 / 52


def share_line(halves: int, matches: int) -> str:
    """The expert's share (from half-points: 2 a win, 1 a draw) with its 95% Wilson interval and
    whether the lower bound meets the target (an odd half-point is rounded down: Wilson's count is
    whole)."""
    low, high = wilson(halves // 2, matches)
    verdict = "met" if low >= STRENGTH_TARGET else f"NOT met, short by {100 * (STRENGTH_TARGET - low):.1f} points"
    return (f"expert against smart: {100 * halves / (2 * matches):.1f}% over {matches:,} matches "
            f"(95% Wilson interval {100 * low:.1f}%-{100 * high:.1f}%; target lower bound >= "
            f"{100 * STRENGTH_TARGET:.0f}%: {verdict})")


def strength() -> tuple[list[str], float, float]:
    """Per pairing lines and the total line; the fast engine's matches and decisions per second."""
    from turnbuckle.sim.headlock.fast import run

    rs = get_ruleset("headlock")
    opts = dict(resolve_options(rs.info.options, {}))
    names = [s.id for s in rs.samples()]
    lines: list[str] = []
    total_halves = total = 0
    seconds = 0.0
    turns = 0.0
    expert_matches = 0
    for i, (a, b) in enumerate(combinations(names, 2)):
        halves = 0
        for j, (sides, seat) in enumerate((((a, b), 0), ((b, a), 1), ((b, a), 0), ((a, b), 1))):
            players = {seat: "expert", 1 - seat: "smart"}
            start = time.perf_counter()
            tally = run([rs.side_by_name(s) for s in sides], opts, PER_ARRANGEMENT, 1000 * i + j, players=players)
            seconds += time.perf_counter() - start
            turns += sum(length * count for length, count in tally.lengths.items())
            expert_matches += PER_ARRANGEMENT
            halves += 2 * tally.wins(seat) + tally.draws()
        matches = 4 * PER_ARRANGEMENT
        lines.append(f"  {a} v {b}: expert {100 * halves / (2 * matches):.1f}% of {matches:,}")
        total_halves += halves
        total += matches
    lines.append(share_line(total_halves, total))
    return lines, expert_matches / seconds, turns * DECISIONS_PER_TURN / seconds


def reference_rate(matches: int = 20) -> float:
    """The reference engine's expert decisions per second (counted), over seeded matches."""
    from turnbuckle.core.sources import SeededSource
    from turnbuckle.rulesets.headlock import players

    rs = get_ruleset("headlock")
    sides = [rs.side_by_name("the-rhino"), rs.side_by_name("amethyst-assassin")]
    count = 0
    spent = 0.0
    real = players.expert_move

    def counted(view: players.MoveView) -> str:
        nonlocal count, spent
        start = time.perf_counter()
        code = real(view)
        spent += time.perf_counter() - start
        count += 1
        return code

    players.MOVE_POLICIES["expert"] = counted
    try:
        rs.run(sides, SeededSource(1), {}, {0: "expert", 1: "expert"})  # compiles or loads the kernel
        count, spent = 0, 0.0
        for seed in range(matches):
            rs.run(sides, SeededSource(seed), {}, {0: "expert", 1: "expert"})
    finally:
        players.MOVE_POLICIES["expert"] = real
    return count / spent


def _timed_children(args: list[str], runs: int = RUNS) -> tuple[float, float]:
    """Median wall seconds and median CPU seconds (user + system) of a command run ``runs`` times."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def odds_line() -> str:
    exe = str(Path(sys.executable).parent / "turnbuckle")
    args = [exe, "odds", "headlock", "the-rhino", "amethyst-assassin", "--player", "1=expert", "-n", "20000"]
    subprocess.run([*args[:-1], "200", "--yes"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall, cpu = _timed_children(args)
    verdict = "met" if wall < ODDS_TARGET_S else "NOT met"
    return (f"`odds headlock the-rhino amethyst-assassin --player 1=expert -n 20000`: {wall:.1f} s wall "
            f"(median of {RUNS}), {cpu:.1f} s CPU, at load {os.getloadavg()[0]:.2f} (target < "
            f"{ODDS_TARGET_S:g} s wall: {verdict})")


def expert_show(folder: Path) -> tuple[Path, str]:
    """The sample league with a locked show of 30 Headlock matches (each pairing of the bundled
    wrestlers three times), every side's player chosen as ``expert`` by its owner."""
    from sqlalchemy import select

    from turnbuckle.league.assembly import assemble
    from turnbuckle.league.db import make_engine, session_scope
    from turnbuckle.league.demo import build_demo
    from turnbuckle.league.models import Competitor
    from turnbuckle.league.services import card as card_services
    from turnbuckle.league.services import shows

    path = folder / "expert.db"
    url = f"sqlite:///{path}"
    build_demo(url)
    engine = make_engine(url)
    rs = get_ruleset("headlock")
    names = [rs.side_name(rs.side_by_name(s.id)) for s in rs.samples()]
    card = [pair for _ in range(3) for pair in combinations(names, 2)]
    with session_scope(engine) as session:
        ctx = assemble().context(session)
        s = shows.create_show(ctx, "Expert bench", "2030-01-01", datetime.now(UTC) + timedelta(days=1))
        number = str(s.number)
        for pair in card:
            card_services.add_match(ctx, number, "headlock", list(pair), rebook=True)
        shows.open_show(ctx, number)
        owners: dict[str, str] = {c.name: c.owner.name for c in session.scalars(select(Competitor))}
    with session_scope(engine) as session:
        for position, pair in enumerate(card, start=1):
            for name in pair:
                shows.submit(assemble().context(session, owners[name]), number, position, name, "player: expert")
    with session_scope(engine) as session:
        shows.lock(assemble().context(session), number)
    engine.dispose()
    return path, number


def show_line() -> str:
    import shutil

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        locked, number = expert_show(folder)
        exe = str(Path(sys.executable).parent / "turnbuckle")
        walls, cpus = [], []
        for _ in range(RUNS):
            db = folder / "run.db"
            shutil.copyfile(locked, db)
            wall, cpu = _timed_children([exe, "league", "run", number, "--db", str(db), "-q"], runs=1)
            walls.append(wall)
            cpus.append(cpu)
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    verdict = "met" if wall < SHOW_TARGET_S else "NOT met"
    return (f"`league run` of a 30-match Headlock show, every side `expert`, fresh process: {wall:.2f} s wall "
            f"(median of {RUNS}, best {min(walls):.2f}), {cpu:.2f} s CPU (target < {SHOW_TARGET_S:g} s wall: "
            f"{verdict})")


def main() -> None:
    lines, matches_per_s, decisions_per_s = strength()
    for line in lines:
        print(line)
    print(f"fast engine, expert in one seat: {matches_per_s:,.0f} matches/s, about {decisions_per_s:,.0f} expert "
          f"decisions/s (turns x 40/52)")
    print(f"reference engine: {reference_rate():,.0f} expert decisions/s (counted)")
    print(odds_line())
    print(show_line())
