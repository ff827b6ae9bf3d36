"""The league: a 30-match show of every game run from the command line (start-up included), and
standings and history over a league of 10,000 stored matches."""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import insert, select

from turnbuckle.core.errors import Broken
from turnbuckle.league.assembly import assemble
from turnbuckle.league.context import context
from turnbuckle.league.db import make_engine, session_scope, upgrade
from turnbuckle.league.demo import build_demo
from turnbuckle.league.models import CardMatch, CardSide, Competitor, Result, ResultSide, Show
from turnbuckle.league.queries import history_rows, standings_rows
from turnbuckle.league.services import card, shows

TITLE = "League"

MIXED = [("matchmatch", ["Friendly Sam", "Brother Bob"]), ("matchmatch", ["The Odd Couple", "Steel and Silk"]),
         ("boxing", ["Mika Sato", "Rico Vance"]), ("headlock", ["The Rhino", "Velvet Hammer"]),
         ("folkstyle", ["Brick Halvorsen", "Cal Okafor"]), ("deathmatch", ["The Ash Court", "The Bog Host"])]


#: The bound for the show, start-up included (seconds of wall time).
SHOW_TARGET = 3.0
SHOW_RUNS = 3


def locked_show(folder: Path) -> tuple[Path, str]:
    """The sample league with a locked show of 30 mixed matches (MatchMatch singles
    and tag, boxing, Headlock, folkstyle, Deathmatch, six kinds in turn), in ``folder``/locked.db:
    the file and the show's number."""
    path = folder / "locked.db"
    url = f"sqlite:///{path}"
    build_demo(url)
    engine = make_engine(url)
    with session_scope(engine) as session:
        ctx = assemble().context(session)  # the lock queues its commitment, as the server's would
        s = shows.create_show(ctx, "Bench", "2030-01-01", datetime.now(UTC) + timedelta(days=1))
        for i in range(30):
            game, sides = MIXED[i % len(MIXED)]
            card.add_match(ctx, str(s.number), game, sides, rebook=True)
        shows.open_show(ctx, str(s.number))
        shows.lock(ctx, str(s.number))
        number = str(s.number)
    engine.dispose()
    return path, number


def _copy_database(source: Path, target: Path) -> None:
    """A consistent copy of an SQLite file (SQLite's own backup, so no write-ahead log is left behind)."""
    import sqlite3

    target.unlink(missing_ok=True)
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)


def _thirty_match_show(folder: Path, runs: int = SHOW_RUNS) -> tuple[float, float, float]:
    """``turnbuckle league run`` of the locked show in a fresh process, ``runs`` times, each on a
    fresh copy of the database: (median wall s, best wall s, median CPU s of the child, user +
    system). CPU time is less disturbed than wall time by other work on the machine."""
    locked, number = locked_show(folder)
    exe = str(Path(sys.executable).parent / "turnbuckle")
    walls, cpus = [], []
    for _ in range(runs):
        db = folder / "show.db"
        _copy_database(locked, db)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([exe, "league", "run", number, "--db", str(db), "-q"], check=True, stdout=subprocess.DEVNULL)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), min(walls), statistics.median(cpus)


def show_line(wall: float, best: float, cpu: float, load: float, runs: int = SHOW_RUNS) -> str:
    """The bench's line for the 30-match show, with the target and whether the median met it."""
    verdict = "met" if wall < SHOW_TARGET else "NOT met"
    return (f"league: a 30-match show of every game, `turnbuckle league run` in a fresh process, start-up "
            f"included: {wall:.2f} s wall (median of {runs}, best {best:.2f}), {cpu:.2f} s CPU, at load "
            f"{load:.2f} (target < {SHOW_TARGET:g} s wall: {verdict})")


def ten_thousand_league(folder: Path) -> tuple[str, str]:
    """The sample league with a real result copied to 10,000 more stored matches (100 published shows
    of 100), in ``folder``/big.db: its URL and the name of a competitor with many matches."""
    url = f"sqlite:///{folder / 'big.db'}"
    build_demo(url)
    engine = make_engine(url)
    with session_scope(engine) as session:
        result = session.scalars(select(Result)).first()
        if result is None:
            raise Broken("expected result is not None")
        comps = [c.id for c in session.scalars(select(Competitor).where(Competitor.ruleset == result.ruleset))]
        league_id = session.scalars(select(Show.league_id)).first()
        now = datetime.now(UTC)
        for block in range(100):
            show = Show(uid=f"bench{block:05d}", league_id=league_id, number=100 + block, name="Bench",
                        show_date="2030-01-01", deadline=now, status="published", writeup="", healed=True,
                        created_at=now)
            session.add(show)
            session.flush()
            for pos in range(1, 101):
                a, b = comps[pos % len(comps)], comps[(pos + 1 + block) % len(comps)]
                m = CardMatch(show_id=show.id, position=pos, ruleset=result.ruleset, options={}, referee_drawn=False)
                session.add(m)
                session.flush()
                session.execute(insert(CardSide), [{"match_id": m.id, "index": 0, "competitor_id": a},
                                                   {"match_id": m.id, "index": 1, "competitor_id": b}])
                r = Result(match_id=m.id, show_id=show.id, ruleset=result.ruleset, ruleset_version="x", seed="1",
                           inputs=result.inputs, record=result.record, winner_index=0, method=result.method,
                           notes=[], played_at=now)
                session.add(r)
                session.flush()
                session.execute(insert(ResultSide), [
                    {"result_id": r.id, "competitor_id": a, "index": 0, "outcome": "win"},
                    {"result_id": r.id, "competitor_id": b, "index": 1, "outcome": "loss"}])
        name = session.get_one(Competitor, comps[0]).name
    engine.dispose()
    return url, name


def _ten_thousand(folder: Path) -> tuple[float, float, float]:
    """Time the reads over the 10,000-match league (median of 5)."""
    url, name = ten_thousand_league(folder)
    engine = make_engine(url)
    times: dict[str, list[float]] = {"standings": [], "history": [], "league": []}
    for _ in range(5):
        with session_scope(engine) as session:
            ctx = context(session)
            for key, who in (("standings", ""), ("history", name), ("league", None)):
                start = time.perf_counter()
                if key == "standings":
                    standings_rows(ctx, None, ranked=True)
                else:
                    history_rows(ctx, who, 50)
                times[key].append(time.perf_counter() - start)
    engine.dispose()
    return statistics.median(times["standings"]), statistics.median(times["history"]), statistics.median(
        times["league"])


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        upgrade(f"sqlite:///{folder / 'x.db'}")
        wall, best, cpu = _thirty_match_show(folder)
        print(show_line(wall, best, cpu, os.getloadavg()[0]))
        standings, history, league = _ten_thousand(folder)
        print(f"league: over 10,000 stored matches: standings {standings * 1000:.1f} ms, a competitor's history "
              f"{history * 1000:.1f} ms, the league's history {league * 1000:.1f} ms (target < 50 ms each)")


if __name__ == "__main__":
    main()
