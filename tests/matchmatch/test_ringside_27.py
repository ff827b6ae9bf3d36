"""Issue 27's ringside call: "before the bell" gives each side's injuries carried in, and the DQ
line that disqualifies shows the 2d6 rolled, also for a stored record (the record is unchanged:
the dice were always in it, as the check's roll)."""

from __future__ import annotations

import json

from tests.matchmatch.helpers import RULESET, play
from tests.matchmatch.test_engine import ALL_POWER, duelist, r
from turnbuckle.core.record_json import record_from_json
from turnbuckle.core.render import render_text
from turnbuckle.rulesets.matchmatch.side import Side


def _before_the_bell(text: str) -> str:
    return text[text.index("Before the bell"):text.index("Round 1:")]


def test_before_the_bell_gives_each_sides_injuries_carried_in() -> None:
    b = duelist("B")
    hurt = Side(b.name, b.sheet.model_copy(update={"injuries": 2}), b.members, b.strategy)
    rec = play([duelist("A"), hurt], [1, 2, 2, 2, 1, 1, 1, 1, 1, 1], grid=ALL_POWER, rounds=1)
    part = _before_the_bell(render_text(RULESET.narrate(rec)))
    assert "Stamina 10, 2 injury points carried in, DQ threshold 10." in part
    assert "Stamina 10, 0 injury points carried in, DQ threshold 10." in part  # A comes in fit


def test_a_stored_records_dq_line_shows_the_dice_rolled() -> None:
    cheat = duelist("A", [r(1, "Illegal")])
    rec = play([cheat, duelist("B")], [1, 1, 1, 1, 6, 5, 1, 1, 1], grid=ALL_POWER, rounds=1)
    stored = record_from_json(json.loads(json.dumps(rec.to_json())))
    assert stored.to_json() == rec.to_json()  # nothing new in the record
    text = render_text(RULESET.narrate(stored))
    assert "A's DQ check 6+5 = 11 reaches the threshold of 10." in text
    assert "A is DISQUALIFIED" in text
