"""Results and match records: what every ruleset's match produces, whatever the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from turnbuckle.core.events import Event, Json
from turnbuckle.core.options import OptionValue

S = TypeVar("S")


@dataclass(frozen=True)
class Result:
    """How a match ended. ``winner`` is a side's index (None for a draw); ``method`` a short word
    (``ko``, ``tko``, ``decision``, ``draw``, ``pinfall``...); ``at`` when it ended (``round``,
    ``turn``, ``period``...); ``summary`` one sentence for people."""

    winner: int | None
    method: str
    at: Mapping[str, int] = field(default_factory=dict)
    summary: str = ""
    extra: Mapping[str, Json] = field(default_factory=dict)


@dataclass(frozen=True)
class MatchSetup(Generic[S]):
    """What a match is played from: the sides (validated sheets), their display names, the
    resolved options, and who plays each side's choices (side index -> player kind)."""

    sides: Sequence[S]
    names: Sequence[str]
    options: Mapping[str, OptionValue]
    players: Mapping[int, str] = field(default_factory=dict)


@dataclass
class MatchRecord:
    """The full record of a played match: enough to replay it and to write it up."""

    ruleset: str
    ruleset_version: str
    seed: int | None
    dice: str
    options: dict[str, OptionValue]
    names: list[str]
    sheets: list[Json]
    events: list[Event]
    result: Result
    players: dict[int, str] = field(default_factory=dict)

    def winner_name(self) -> str | None:
        return None if self.result.winner is None else self.names[self.result.winner]

    def to_json(self) -> dict[str, Json]:
        """The public JSON form (docs/json-format.md). Field order is fixed."""
        result: dict[str, Json] = {
            "winner": self.winner_name(),
            "method": self.result.method,
        }
        result.update(dict(self.result.at))
        result["summary"] = self.result.summary
        result.update(dict(self.result.extra))
        return {
            "format": "turnbuckle.match/1",
            "ruleset": self.ruleset,
            "ruleset_version": self.ruleset_version,
            "seed": self.seed,
            "dice": self.dice,
            "options": dict(self.options),
            "sides": [
                {"name": name, "player": self.players.get(i, "auto"), "sheet": sheet}
                for i, (name, sheet) in enumerate(zip(self.names, self.sheets, strict=True))
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
