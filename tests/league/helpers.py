"""A small league for tests: an organiser, two players, MatchMatch wrestlers and a boxer each,
with a clock the test moves by hand."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

from sqlalchemy import Engine

from turnbuckle.league.assembly import assemble
from turnbuckle.league.context import Ctx
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.services import roster, shows
from turnbuckle.league.services.card import add_match
from turnbuckle.rulesets.registry import get_ruleset

START = datetime(2026, 11, 2, 18, 0, tzinfo=UTC)
SAM_STRATEGY = ("Strategy: +High Flying +Technical -Brawl, Grid B\nRound\tTarget\tType\tNotes\n"
                "1\tStam\tHigh Spot\tHigh flying.\n7\tStamina\tFinisher\tFriendly Finale!\n")
TWO_SPECIALS = ("Strategy: +High Flying +Technical -Brawl\nRound\tTarget\tType\tNotes\n"
                "3\tStam\tFinisher\tOne.\n7\tStamina\tFinisher\tTwo.\n")


class Clock:
    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


class League:
    """An engine on the test database and a way to act as a member at the clock's time."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = make_engine(url)
        self.clock = Clock()
        self.program = assemble()  # the listeners every entry point assembles (league/assembly.py)

    @contextmanager
    def act(self, who: str | None = None) -> Iterator[Ctx]:
        with session_scope(self.engine) as session:
            yield self.program.context(session, who, self.clock)

    def close(self) -> None:
        self.engine.dispose()


def sample(game: str, sample_id: str) -> str:
    return get_ruleset(game).sample(sample_id).text


def build(url: str) -> League:
    """Organiser 'Fran'; players Ann (Friendly Sam, Iron Ivan, Mika Sato) and Bo (Brother Bob, Lady
    Lightning, Rico Vance); referees Sam Atan and Zero Tolerance; a Light-Heavyweight title."""
    lg = League(url)
    with session_scope(lg.engine) as session:
        roster.create_league(session, "Test Fed", "Fran", "Europe/London", lg.clock)
    with lg.act() as ctx:
        roster.add_member(ctx, "Ann")
        roster.add_member(ctx, "Bo")
        for owner, game, sid in (("Ann", "m2", "friendly-sam"), ("Bo", "m2", "brother-bob"),
                                 ("Ann", "m2", "iron-ivan"), ("Bo", "m2", "lady-lightning"),
                                 ("Ann", "boxing", "all-rounder"), ("Bo", "boxing", "glass-cannon")):
            roster.add_competitor(ctx, game, sample(game, sid), sid, owner)
        roster.add_referee(ctx, "Sam Atan", "ref")
        roster.add_referee(ctx, "Zero Tolerance", "ref")
        roster.add_title(ctx, "Light-Heavyweight", "m2")
    return lg


def build_with_passwords(url: str) -> League:
    """The test league of :func:`build`, with fast password hashing and Ann's password set
    ('ann-password'): for the sign-in and throttle tests."""
    from turnbuckle.league.credentials import use_fast_hashing_for_tests
    from turnbuckle.league.services import accounts

    use_fast_hashing_for_tests()
    league = build(url)
    with league.act() as ctx:
        accounts.set_password(ctx, "Ann", "ann-password")
    return league


def open_show(lg: League, card: list[tuple[str, list[str]]], title: str | None = None) -> str:
    """A show whose deadline is a day after the clock, with this card, opened; returns its number."""
    with lg.act() as ctx:
        s = shows.create_show(ctx, "Week", "2026-11-09", lg.clock.now + timedelta(days=1))
        for game, sides in card:
            add_match(ctx, str(s.number), game, sides, None, None, title if game == "m2" else None, rebook=True)
        shows.open_show(ctx, str(s.number))
        return str(s.number)


def quiet_explanations(url: str) -> int:
    """Cancel the explain jobs the demo's publishes queued (returns how many). The demo queues them
    like any league (a background job per published match), but every test server over a copy would
    otherwise spend its idle CPU running them; a test that wants one asks the match page's button,
    which starts a cancelled match's explanation again (docs/decisions.md, issue 30)."""
    from sqlalchemy import update

    from turnbuckle.league.jobs import now_utc
    from turnbuckle.league.models import Job
    from turnbuckle.league.services.advice import EXPLAIN_KIND

    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            done = session.execute(update(Job).where(Job.kind == EXPLAIN_KIND, Job.state == "queued")
                                   .values(state="cancelled", finished_at=now_utc(),
                                           error="cancelled in the tests' copy of the demo"))
            return int(getattr(done, "rowcount", 0))
    finally:
        engine.dispose()
