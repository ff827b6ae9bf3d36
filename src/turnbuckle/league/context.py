"""Who is acting, on which league, at what time: what every service is given."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.orm import Session

from turnbuckle.core.errors import Broken
from turnbuckle.league.domain_events import DomainEvent
from turnbuckle.league.errors import Forbidden, NoLeague, NotFound
from turnbuckle.league.models import League, Member

Clock = Callable[[], datetime]
#: What reacts to a recorded event: called with the unit of work and the event, before it commits.
Listener = Callable[["Ctx", DomainEvent], None]
#: Each kind of event's listeners, in the order they run (built by ``league/assembly.py``).
Listeners = Mapping[type[DomainEvent], tuple[Listener, ...]]
#: How a lookup on a database without a league begins its message (a NoLeague error).
NO_LEAGUE = "this database holds no league yet"


def system_clock() -> datetime:
    return datetime.now(UTC)


@dataclass
class Ctx:
    """A unit of work: the session, the league, the acting member and the clock; the listeners the
    program was assembled with (``league/assembly.py``), and the events recorded so far."""

    session: Session
    league: League
    actor: Member
    clock: Clock = system_clock
    listeners: Listeners | None = None
    recorded: list[DomainEvent] = field(default_factory=list)

    def record(self, event: DomainEvent) -> None:
        """Note what happened and run its listeners now, in this unit of work's transaction (their
        rows commit with the change, or roll back with it). A unit of work made without the
        assembled listeners cannot record: an entry point that forgot them would lose messages."""
        if self.listeners is None:
            raise Broken(f"{type(event).__name__} recorded on a unit of work made without the program's "
                         "listeners; build it with league.assembly")
        self.recorded.append(event)
        for listener in self.listeners.get(type(event), ()):
            listener(self, event)

    def now(self) -> datetime:
        return self.clock().astimezone(UTC)

    def require_organiser(self, what: str) -> None:
        if self.actor.role != "organiser":
            raise Forbidden(f"only the organiser may {what}; '{self.actor.name}' is a {self.actor.role}")

    def local(self, when: datetime) -> str:
        """A stored UTC time shown in the league's time zone."""
        return when.astimezone(ZoneInfo(self.league.timezone)).strftime("%Y-%m-%d %H:%M %Z")


def the_league(session: Session) -> League:
    league = session.scalars(select(League).order_by(League.id)).first()
    if league is None:
        raise NoLeague(f"{NO_LEAGUE}; create one with 'turnbuckle league init'")
    return league


def member_named(session: Session, league: League, name: str | None) -> Member:
    """A member by name (any case), or the organiser when ``name`` is None."""
    if name is None:
        found = session.scalars(select(Member).where(Member.league_id == league.id, Member.role == "organiser")
                                .order_by(Member.id)).first()
        if found is None:
            raise NotFound("the league has no organiser; add one with 'turnbuckle league member add NAME --organiser'")
        return found
    for m in session.scalars(select(Member).where(Member.league_id == league.id)):
        if m.name.lower() == name.strip().lower():
            return m
    raise NotFound(f"no member named '{name}'; see 'turnbuckle league member list'")


def context(session: Session, actor: str | None = None, clock: Clock = system_clock,
            listeners: Listeners | None = None) -> Ctx:
    """A unit of work acting as ``actor`` (None: the organiser); ``listeners``: the assembled
    program's (``league.assembly``), without which a service that records an event refuses."""
    league = the_league(session)
    return Ctx(session, league, member_named(session, league, actor), clock, listeners)
