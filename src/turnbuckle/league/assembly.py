"""The program assembled: which listener turns each recorded event (``league/domain_events.py``)
into what it causes. Every entry point builds its units of work from :func:`assemble` (the web app
factory and so ``serve``'s worker processes, the command line's unit of work, the job worker,
``league demo``, the tests' fixtures), so a service's events reach the same listeners everywhere.

The listeners write in the recording unit of work, before it commits: the notifier's outbox rows
(``league/notify/events.py``) and the advisor's explanation jobs (``league/services/advice.py``).
Each imports its module when first called, so a command that records nothing loads neither (the
command line's start-up time)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from sqlalchemy.orm import Session

from turnbuckle.core.errors import Broken
from turnbuckle.league.context import Clock, Ctx, Listener, Listeners, context, system_clock
from turnbuckle.league.domain_events import (
    DomainEvent,
    ResultsPublished,
    ShowDeleted,
    ShowLocked,
    ShowOpened,
    StrategyReceived,
)
from turnbuckle.league.models import Show, Submission

E = TypeVar("E", bound=DomainEvent)


def _show(ctx: Ctx, event: DomainEvent) -> Show:
    s = ctx.session.get(Show, event.show_id)
    if s is None:
        raise Broken(f"{type(event).__name__} names show id {event.show_id}, which this unit of work cannot find")
    return s


def _announce(ctx: Ctx, event: ShowOpened) -> None:
    from turnbuckle.league.notify import events  # lazy: a listener loads its module when first called

    events.show_opened(ctx, _show(ctx, event))  # the announcement


def _commit_to_seed(ctx: Ctx, event: ShowLocked) -> None:
    from turnbuckle.league.notify import events  # lazy: a listener loads its module when first called

    events.show_locked(ctx, _show(ctx, event))  # the seed's hash, as it is at this lock


def _explain(ctx: Ctx, event: ResultsPublished) -> None:
    from turnbuckle.league.services.advice import (
        queue_explanations,  # lazy: a listener loads its module when first called
    )

    queue_explanations(ctx, _show(ctx, event))  # each match's explanation, a background job


def _results_post(ctx: Ctx, event: ResultsPublished) -> None:
    from turnbuckle.league.notify import events  # lazy: a listener loads its module when first called

    events.results_published(ctx, _show(ctx, event))


def _receipt(ctx: Ctx, event: StrategyReceived) -> None:
    from turnbuckle.league.notify import events  # lazy: a listener loads its module when first called

    sub = ctx.session.get(Submission, event.submission_id)
    if sub is None:
        raise Broken(f"StrategyReceived names submission id {event.submission_id}, which is not stored")
    events.strategy_received(ctx, _show(ctx, event), sub, event.competitor, event.position)


def _drop_unsent(ctx: Ctx, event: ShowDeleted) -> None:
    from turnbuckle.league.notify import events  # lazy: a listener loads its module when first called

    events.show_deleted(ctx, _show(ctx, event))


def _on(kind: type[E], *handlers: Callable[[Ctx, E], None]) -> tuple[type[DomainEvent], tuple[Listener, ...]]:
    """One row of the table: each handler takes its own kind of event, which is all it is given."""
    return kind, tuple(handlers)  # type: ignore[arg-type]  # dispatch is by the event's exact type


def listeners() -> Listeners:
    """Each kind of event's listeners, in the order they run (the order the services called them in
    before they recorded events: a show's explanations are queued before its results post)."""
    return dict([
        _on(ShowOpened, _announce),
        _on(ShowLocked, _commit_to_seed),
        _on(ResultsPublished, _explain, _results_post),
        _on(StrategyReceived, _receipt),
        _on(ShowDeleted, _drop_unsent),
    ])


@dataclass(frozen=True)
class Program:
    """The assembled program: its listeners, and units of work made with them."""

    listeners: Listeners

    def context(self, session: Session, actor: str | None = None, clock: Clock = system_clock) -> Ctx:
        """``league.context.context`` with this program's listeners."""
        return context(session, actor, clock, self.listeners)


def assemble() -> Program:
    """The program every entry point runs."""
    return Program(listeners())
