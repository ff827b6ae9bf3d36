"""What happened in a league, as the services record it on their unit of work (``Ctx.record``).

Each event is a small frozen value naming the rows it is about by id; a service records it where
the change is made and knows nothing of who listens. Listeners (the notifier's outbox rows, the
advisor's explanation jobs) are registered where the program is assembled (``league/assembly.py``)
and run as the event is recorded, in the service's transaction, before it commits.

This module imports nothing of the league but its own values: the services, the notifier and the
post renderers may all import it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DomainEvent:
    """Something that happened to a show of the league (every kind names its show)."""

    show_id: int


@dataclass(frozen=True)
class ShowOpened(DomainEvent):
    """A card opened for strategies (``shows.open_show``)."""


@dataclass(frozen=True)
class ShowLocked(DomainEvent):
    """A show locked, by the organiser or by its deadline passing (``shows.lock``): its seed's
    hash is committed to."""


@dataclass(frozen=True)
class ResultsPublished(DomainEvent):
    """A show that has run was published (``running.publish``)."""


@dataclass(frozen=True)
class StrategyReceived(DomainEvent):
    """A member's strategy for one side was stored (``shows.submit``)."""

    submission_id: int
    competitor: str
    position: int


@dataclass(frozen=True)
class ShowDeleted(DomainEvent):
    """A draft or open show was deleted (``card.delete_show``); recorded before its row is marked."""


def kinds() -> tuple[type[DomainEvent], ...]:
    """Every kind of event this module declares, in the order declared."""
    return tuple(v for v in globals().values()
                 if isinstance(v, type) and issubclass(v, DomainEvent) and v is not DomainEvent)
