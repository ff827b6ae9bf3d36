"""What the static archive's pages show, as plain frozen values: ``archive_public`` reads them from the
database and ``archive_pages`` lays them out (reading nothing)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnbuckle.core.facets import SheetSection
from turnbuckle.core.registry import Fact
from turnbuckle.league.post.card import MatchLine, ResultsCard


@dataclass(frozen=True)
class PlayedMatch:
    """A published match's page: its line of the results card and its stored record."""

    line: MatchLine
    ruleset: str
    record: dict[str, Any]
    seed: str


@dataclass(frozen=True)
class ShowPages:
    number: int
    name: str
    date: str
    card: ResultsCard  # its links relative to shows/N.html
    matches: tuple[PlayedMatch, ...]


@dataclass(frozen=True)
class Standing:
    uid: str
    name: str
    game: str  # the game's name
    wins: int
    losses: int
    draws: int
    push_level: int | None
    push_points: str
    injuries: int


@dataclass(frozen=True)
class GameStandings:
    game: str
    push_levels: bool
    rows: tuple[Standing, ...]


@dataclass(frozen=True)
class ReignShown:
    champion: str
    uid: str
    start: str
    end: str | None  # None: reigning
    won_in_show: int | None
    lost_in_show: int | None


@dataclass(frozen=True)
class TitleShown:
    name: str
    game: str
    champion: str | None  # None: vacant
    reigns: tuple[ReignShown, ...]


@dataclass(frozen=True)
class HistoryLine:
    at: str
    text: str
    show: int | None
    table_match: str | None


@dataclass(frozen=True)
class SheetShown:
    """A public sheet: where it comes from, laid out by the game (``sections``), else as JSON (``raw``)."""

    source: str
    sections: tuple[SheetSection, ...]
    raw: str


@dataclass(frozen=True)
class CompetitorPage:
    standing: Standing
    owner: str
    push_levels: bool
    facts: tuple[Fact, ...]
    sheet: SheetShown | None  # None: not public before its first published match
    history: tuple[HistoryLine, ...]


@dataclass(frozen=True)
class TableMatchShown:
    uid: str
    names: tuple[str, ...]
    game: str
    saved_at: str
    summary: str
    ruleset: str
    record: dict[str, Any]
