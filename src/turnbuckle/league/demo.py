"""``turnbuckle league demo``: a sample league so every league command has something to show —
an organiser, three players, a roster for every game, the rulebook's referees, two titles, two
shows run, healed and published, and a third open for strategies."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

from sqlalchemy import Engine, select

from turnbuckle.core.errors import Broken
from turnbuckle.league.assembly import Program, assemble
from turnbuckle.league.context import Clock, Ctx
from turnbuckle.league.db import make_engine, open_engine, session_scope, upgrade
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.models import League, Member
from turnbuckle.league.services import roster, running, shows
from turnbuckle.league.services.accounts import set_password
from turnbuckle.league.services.card import add_match
from turnbuckle.rulesets.matchmatch.referees import referees
from turnbuckle.rulesets.registry import all_rulesets

#: The sample league's own game for its teams, referees and belt (the sample data names its games).
M2 = "matchmatch"

ORGANISER = "Fedhead Fran"
PLAYERS = ("Ann", "Bo", "Cy")
LEAGUE_NAME = "Turnbuckle Demo Federation"
#: The demo's sign-ins (a sample league on this machine, not a secret): name -> password.
LOGINS = {ORGANISER: "fran-demo-pass", "Ann": "ann-demo-pass", "Bo": "bo-demo-pass", "Cy": "cy-demo-pass"}
SAM = "Strategy: +High Flying +Technical -Brawl, Grid B\n" \
      "Round\tTarget\tType\tNotes\n1\tStam\tHigh Spot\tTrademark high flying moves.\n" \
      "2\tStam\tHigh Spot\tMore of the same.\n6\tBrawl\tNormal\tSlug it out.\n7\tStamina\tFinisher\tFriendly Finale!\n"
BOB = "Strategy: +Cheating +Brawling -MA, Grid 2\n" \
      "Round\tTarget\tType\tNotes\n1\tMA\tNormal\tSmack him around.\n3\tHF\tIllegal\tA roll of quarters.\n" \
      "4\tHF\tFinisher\tThe Power Bob!\n"


def _at(moment: datetime) -> Clock:
    return lambda: moment


def build_demo(url: str, now: datetime | None = None) -> None:
    """Build the sample league in ``url`` (created if missing; refused if it already holds a league)."""
    upgrade(url)
    engine = make_engine(url)
    program = assemble()  # the demo's shows open, lock and publish as the server's would (league/assembly.py)
    start = (now or datetime.now(UTC)).replace(microsecond=0) - timedelta(days=21)
    try:
        with session_scope(engine) as session:
            if session.scalars(select(League)).first() is not None:
                raise LeagueError("that database already holds a league; give the demo a new --db")
            roster.create_league(session, LEAGUE_NAME, ORGANISER, "Europe/London", _at(start))
            _roster(program.context(session, None, _at(start)))
        for week, (name, stamp) in enumerate((("Monday Mayhem", 1), ("Tuesday Turmoil", 2)), start=1):
            when = start + timedelta(days=7 * stamp)
            _show(engine, program, name, when, week, run=True)
        _show(engine, program, "Wednesday Warfare", start + timedelta(days=28), 3, run=False)
    finally:
        engine.dispose()


def _roster(ctx: object) -> None:
    if not isinstance(ctx, Ctx):
        raise Broken("expected isinstance(ctx, Ctx)")

    for p in PLAYERS:
        roster.add_member(ctx, p)
    for name, password in LOGINS.items():
        set_password(ctx, name, password)
    for rs in all_rulesets():
        for i, sample in enumerate(rs.samples()):
            if rs.info.id == M2 and sample.id == "odd-couple":
                continue  # a team sample names bundled wrestlers; the league builds its teams from its own
            roster.add_competitor(ctx, rs.info.id, sample.text, f"sample '{sample.id}'", PLAYERS[i % len(PLAYERS)])
    roster.add_team(ctx, "The Odd Couple", ["Friendly Sam", "Brother Bob"], owner="Ann")
    roster.add_team(ctx, "Steel and Silk", ["Iron Ivan", "Lady Lightning"], owner="Bo")

    for ref in referees():
        roster.add_referee(ctx, ref.name, "bundled referee")
    roster.add_title(ctx, "Light-Heavyweight Championship", M2)
    roster.add_title(ctx, "World Boxing Belt", "boxing")


def demo_logins(url: str) -> list[tuple[str, str, str]]:
    """(name, password, role) of the demo's members, when ``url`` holds the demo league (else none)."""
    engine = open_engine(url)
    try:
        with session_scope(engine) as session:
            league = session.scalars(select(League)).first()
            if league is None or league.name != LEAGUE_NAME:
                return []
            roles = dict(session.execute(select(Member.name, Member.role).where(Member.league_id == league.id)).all())
            return [(name, password, roles[name]) for name, password in LOGINS.items() if name in roles]
    finally:
        engine.dispose()


CARDS: dict[int, list[tuple[str, list[str], dict[str, object], str | None]]] = {
    1: [("matchmatch", ["Friendly Sam", "Brother Bob"], {}, "Light-Heavyweight Championship"),
        ("boxing", ["Mika Sato", "Rico Vance"], {"rounds": 6}, "World Boxing Belt"),
        ("folkstyle", ["Brick Halvorsen", "Cal Okafor"], {}, None),
        ("headlock", ["The Rhino", "Velvet Hammer"], {}, None),
        ("deathmatch", ["The Ash Court", "The Bog Host", "The Crypt Guard"], {}, None)],
    2: [("matchmatch", ["Iron Ivan", "Lady Lightning", "Friendly Sam"], {}, None),
        ("matchmatch", ["The Odd Couple", "Steel and Silk"], {}, None),
        ("matchmatch", ["Friendly Sam", "Brother Bob"], {"type": "cage"}, "Light-Heavyweight Championship"),
        ("boxing", ["Otis Granger", "Dutch Kessler"], {}, None),
        ("deathmatch", ["The Dread Trio", "The Goblin Swarm"], {}, None)],
    3: [("matchmatch", ["Brother Bob", "Iron Ivan"], {}, "Light-Heavyweight Championship"),
        ("boxing", ["Lupe Ferreira", "Mika Sato"], {}, "World Boxing Belt"),
        ("folkstyle", ["Milo Sarkis", "Tess Varga"], {}, None)],
}


def _show(engine: object, program: Program, name: str, when: datetime, week: int, run: bool) -> None:
    if not isinstance(engine, Engine):
        raise Broken("expected isinstance(engine, Engine)")
    opened = when - timedelta(days=6)
    with session_scope(engine) as session:
        ctx = program.context(session, None, _at(opened))
        s = shows.create_show(ctx, name, when.date().isoformat(), when - timedelta(hours=2))
        for game, sides, options, title in CARDS[week]:
            add_match(ctx, str(s.number), game, sides, options, None, title, rebook=True)  # double duty
        shows.open_show(ctx, str(s.number))
        number = str(s.number)
    if week in (1, 2):
        with session_scope(engine) as session:
            ctx = program.context(session, "Bo", _at(opened + timedelta(days=1)))
            position = 1 if week == 1 else 3
            shows.submit(ctx, number, position, "Friendly Sam", SAM)
        with session_scope(engine) as session:
            ctx = program.context(session, "Ann", _at(opened + timedelta(days=2)))
            shows.submit(ctx, number, 1 if week == 1 else 3, "Brother Bob", BOB)
    if not run:
        return
    with session_scope(engine) as session:
        ctx = program.context(session, None, _at(when - timedelta(hours=1)))
        shows.lock(ctx, number)
    with session_scope(engine) as session:
        ctx = program.context(session, None, _at(when))
        running.run_show(ctx, number)
    with session_scope(engine) as session:
        ctx = program.context(session, None, _at(when + timedelta(days=1)))
        running.heal(ctx, number)
        running.publish(ctx, number, f"What a night at {name}!")
        if week == 1:
            roster.award_push(ctx, "Brother Bob", Fraction(1, 2),
                              "a fiery promo after the main event")
