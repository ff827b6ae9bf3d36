"""Shared helpers for the MatchMatch tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.rulesets.matchmatch import MatchMatchRuleset
from turnbuckle.rulesets.matchmatch.side import Side, load_side_data

FIXTURES = Path(__file__).parent / "fixtures"
RULESET = MatchMatchRuleset()
PART6_GRID = "Po Te Br / We MA HF / Br MA Ch"


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def sample(name: str) -> Side:
    return RULESET.load_text(RULESET.sample(name).text, name)


def side(data: object) -> Side:
    return load_side_data(data, "test side")


def wrestler(name: str, stamina: int = 10, push_level: int = 1, high_spots: int = 0,
             **styles: int) -> dict[str, object]:
    """A wrestler document: styles given by keyword (``power=3``), defenses as ``def_power=1``."""
    defs = {k[4:]: v for k, v in styles.items() if k.startswith("def_")}
    vals = {k: v for k, v in styles.items() if not k.startswith("def_")}
    return {"name": name, "stamina": stamina, "styles": vals, "defenses": defs, "push_level": push_level,
            "high_spots": high_spots}


def play(sides: Sequence[Side], script: Sequence[object], version: str | None = None,
         **options: object) -> MatchRecord:
    """A match played from a dice script that it must use up (``version``: the rules version,
    default the current one)."""
    source = ScriptedSource.from_values(script)
    record = RULESET.run(sides, source, options, version=version)
    assert source.remaining == 0, f"{source.remaining} script tokens left unused"
    return record


def happenings(record: MatchRecord, kind: str) -> list[Mapping[str, Any]]:
    return [e.data for e in record.events if isinstance(e, Happening) and e.type == kind]
