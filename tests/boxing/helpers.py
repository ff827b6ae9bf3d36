"""Scripted bouts for golden tests: fighters built inline, dice given turn by turn."""

from __future__ import annotations

from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.rulesets.boxing import BoxingRuleset
from turnbuckle.rulesets.boxing.sheet import Fighter

RULESET = BoxingRuleset()


def fighter(name: str, power: int, speed: int, toughness: int) -> Fighter:
    return Fighter(name=name, power=power, speed=speed, toughness=toughness)


def bout(red: Fighter, blue: Fighter, dice: list[int], version: str | None = None, **options: object) -> MatchRecord:
    """Play with exactly these dice (under rules ``version``, default the current); fails if any
    die is left unused."""
    source = ScriptedSource.from_values(dice)
    record = RULESET.run([red, blue], source, options, version=version)
    assert source.remaining == 0, f"{source.remaining} scripted dice were not used"
    return record


def happenings(record: MatchRecord, type_: str) -> list[dict[str, object]]:
    return [dict(e.data) for e in record.events if isinstance(e, Happening) and e.type == type_]
