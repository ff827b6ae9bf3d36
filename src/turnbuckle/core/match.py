"""Results and match records: what every ruleset's match produces, whatever the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Generic, TypeVar

from turnbuckle import __version__
from turnbuckle.core.events import Event, Json
from turnbuckle.core.frozen import FrozenDict, freeze
from turnbuckle.core.options import OptionValue
from turnbuckle.core.versions import at_least

S = TypeVar("S")


#: The format of the JSON record this version writes and reads (docs/json-format.md).
RECORD_FORMAT = "turnbuckle.match/2"
DICE_KINDS = ("seeded", "script", "ask")
#: Keys of the JSON result that a game's own ``at`` and ``extra`` fields may not use.
RESULT_KEYS = ("winner", "method", "summary", "placings", "teams")


@dataclass(frozen=True)
class Result:
    """How a match ended. ``winner`` is a side's index (None for a draw); ``method`` a short word
    (``ko``, ``tko``, ``decision``, ``draw``, ``pinfall``...); ``at`` when it ended (``round``,
    ``turn``, ``period``...); ``summary`` one sentence for people; ``extra`` the game's own facts.

    ``placings`` gives each side its place (1 first; sides that tie share a place and the next place
    is skipped: 1, 1, 3) and ``teams`` each side's team number (1, 2...; sides on one team share
    it). An engine may leave both empty: ``Ruleset.run`` then fills in the ruleset's standings."""

    winner: int | None
    method: str
    at: Mapping[str, int] = field(default_factory=FrozenDict)
    summary: str = ""
    extra: Mapping[str, Json] = field(default_factory=FrozenDict)
    placings: tuple[int, ...] = ()
    teams: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", freeze(dict(self.at)))
        object.__setattr__(self, "extra", freeze(dict(self.extra)))
        object.__setattr__(self, "placings", tuple(self.placings))
        object.__setattr__(self, "teams", tuple(self.teams))
        clash = [k for k in (*self.at, *self.extra) if k in RESULT_KEYS] + [k for k in self.at if k in self.extra]
        if clash:
            raise ValueError(f"a result's own field '{clash[0]}' clashes with another result field")


class MatchOver(Exception):
    """Raised inside an engine when a finish ends the match before its time (a KO, a pin, a
    disqualification); the engine's ``play`` catches it and returns ``result``. The one exception
    every game uses for "the match is over"."""

    def __init__(self, result: Result) -> None:
        super().__init__(result.method)
        self.result = result


def standard_placings(scores: Sequence[float]) -> tuple[int, ...]:
    """Places from scores, higher is better, ties sharing a place (standard competition ranking).

    >>> standard_placings([3, 1, 3, 0])
    (1, 3, 1, 4)
    """
    return tuple(1 + sum(other > mine for other in scores) for mine in scores)


@dataclass(frozen=True)
class MatchSetup(Generic[S]):
    """What a match is played from: the sides (validated sheets), their display names, the
    resolved options, who plays each side's choices (side index -> player kind), and the rules
    version it is played under (empty: the current one; see core/versions.py)."""

    sides: Sequence[S]
    names: Sequence[str]
    options: Mapping[str, OptionValue]
    players: Mapping[int, str] = field(default_factory=dict)
    version: str = ""

    def rules_at_least(self, floor: str) -> bool:
        """Is this match played under rules version ``floor`` or later?"""

        return at_least(self.version, floor)


@dataclass(frozen=True)
class MatchRecord:
    """The full record of a played match: enough to replay it and to write it up. A read-only value;
    ``to_json`` and ``from_json`` turn it into the public JSON form and back, byte for byte.

    ``entrants`` holds an id per side given by the caller (a league's competitor id) or None;
    ``package_version`` is the version of turnbuckle that played the match."""

    ruleset: str
    ruleset_version: str
    seed: int | None
    dice: str
    options: Mapping[str, OptionValue]
    names: Sequence[str]
    sheets: Sequence[Json]
    events: Sequence[Event]
    result: Result
    players: Mapping[int, str] = field(default_factory=dict)
    entrants: Sequence[str | None] = ()
    package_version: str = __version__

    def __post_init__(self) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "options", freeze(dict(self.options)))
        setattr_(self, "names", tuple(self.names))
        setattr_(self, "sheets", tuple(freeze(s) for s in self.sheets))
        setattr_(self, "events", tuple(self.events))
        setattr_(self, "players", MappingProxyType(dict(self.players)))
        setattr_(self, "entrants", tuple(self.entrants) or (None,) * len(self.names))
        if len(self.entrants) != len(self.names):
            raise ValueError(f"{len(self.entrants)} entrant ids for {len(self.names)} sides")

    def __hash__(self) -> int:
        return hash((self.ruleset, self.ruleset_version, self.seed, self.names, len(self.events)))

    def winner_name(self) -> str | None:
        return None if self.result.winner is None else self.names[self.result.winner]

    def to_json(self) -> dict[str, Json]:
        """The public JSON form (docs/json-format.md). Field order is fixed."""
        result: dict[str, Json] = {
            "winner": self.winner_name(),
            "method": self.result.method,
        }
        result.update(self.result.at)
        result["summary"] = self.result.summary
        result["placings"] = list(self.result.placings)
        result["teams"] = list(self.result.teams)
        result.update(self.result.extra)
        return {
            "format": RECORD_FORMAT,
            "ruleset": self.ruleset,
            "ruleset_version": self.ruleset_version,
            "turnbuckle_version": self.package_version,
            "seed": self.seed,
            "dice": self.dice,
            "options": dict(self.options),
            "sides": [
                {"name": name, "entrant": entrant, "player": self.players.get(i, "auto"), "sheet": sheet}
                for i, (name, entrant, sheet) in enumerate(zip(self.names, self.entrants, self.sheets, strict=True))
            ],
            "events": [e.to_json() for e in self.events],
            "result": result,
        }


def unique_names(names: Sequence[str]) -> list[str]:
    """Make display names distinct: a second 'Iron Mike' becomes 'Iron Mike (2)'.

    >>> unique_names(["A", "B", "A"])
    ['A', 'B', 'A (2)']
    >>> unique_names(["A", "A (2)", "A"])
    ['A', 'A (2)', 'A (3)']
    """
    taken = set(names)
    out: list[str] = []
    for name in names:
        candidate, n = name, 1
        while candidate in out:
            n += 1
            candidate = f"{name} ({n})"
        if n > 1:
            while candidate in taken or candidate in out:  # never reuse another side's own name
                n += 1
                candidate = f"{name} ({n})"
        out.append(candidate)
    return out
