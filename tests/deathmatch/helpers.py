"""Small builders for Deathmatch tests: armies from stats, scripted battles, event filters."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.rulesets.deathmatch import DeathmatchRuleset
from turnbuckle.rulesets.deathmatch.figures import Army, load_army

RS = DeathmatchRuleset()


def fig(name: str, hp: int, spd: int, atk: int, defence: int, power: int = 1) -> dict[str, object]:
    return {"name": name, "hp": hp, "spd": spd, "atk": atk, "def": defence, "power": power}


def army(name: str, *figures: object) -> Army:
    return load_army({"name": name, "figures": list(figures)}, name)


def battle(
    armies: Sequence[Army],
    values: Sequence[object],
    players: Mapping[int, str] | None = None,
    **options: object,
) -> tuple[MatchRecord, ScriptedSource]:
    """Play a battle from scripted tokens; returns the record and the source (to check it is used up)."""
    source = ScriptedSource.from_values(values)
    return RS.run(armies, source, options, players), source


def happenings(record: MatchRecord, type_: str) -> list[Mapping[str, Any]]:
    """The data of every game event of one type (typed loosely, for easy asserts)."""
    return [e.data for e in record.events if isinstance(e, Happening) and e.type == type_]
