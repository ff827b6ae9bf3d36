"""Helpers for the Headlock tests: characters built to order, and scripted matches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.rulesets.headlock.sheet import Character, load_character
from turnbuckle.rulesets.registry import get_ruleset

RS = get_ruleset("headlock")


def sheet(name: str = "Red", atk: int = 10, defense: int = 10, spd: int = 10, sta: int = 10, res: int = 3,
          grapples: Sequence[str] = ("grapple",) * 4, special: str = "strike") -> dict[str, object]:
    """A sheet as data; ``grapples`` gives the kind of the 1/3/5/7 grapples."""
    return {
        "name": name, "atk": atk, "def": defense, "spd": spd, "sta": sta, "res": res,
        "strikes": {1: f"{name} jab", 3: f"{name} kick", 5: f"{name} lariat", 7: f"{name} splash"},
        "grapples": {p: {"name": f"{name} grapple {p}", "kind": k}
                     for p, k in zip((1, 3, 5, 7), grapples, strict=True)},
        "special": {"name": f"{name} special", "kind": special},
    }


def char(**kw: object) -> Character:
    return load_character(sheet(**kw), "test sheet")  # type: ignore[arg-type]


def play(sides: Sequence[Character], script: Sequence[object], players: dict[int, str] | None = None,
         **options: object) -> MatchRecord:
    """A match from a script; both sides are human (their choices come from the script) unless
    ``players`` says otherwise. The script must be used up exactly."""
    source = ScriptedSource.from_values(list(script))
    chosen = players if players is not None else dict.fromkeys(range(len(sides)), "human")
    record = RS.run(list(sides), source, options, chosen)
    assert source.remaining == 0, f"{source.remaining} script tokens left over"
    return record


def events(record: MatchRecord, type_: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in record.events if isinstance(e, Happening) and e.type == type_]


def one(record: MatchRecord, type_: str) -> dict[str, Any]:
    found = events(record, type_)
    assert len(found) == 1, f"expected one {type_} event, got {len(found)}"
    return found[0]
