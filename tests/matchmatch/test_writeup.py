"""The write-up: the DQ threshold as it changes, what carries to next week, and the dice-script
docs' MatchMatch example (issue 12, item 5)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.matchmatch.helpers import PART6_GRID, RULESET, fixture, play
from tests.matchmatch.test_engine import ALL_POWER, duelist, r
from tests.matchmatch.test_example_match import SCRIPT
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.render import render_text
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.rulesets.matchmatch.side import Side

DOCS = Path(__file__).resolve().parents[2] / "docs" / "dice-scripts.md"


def _text(record: MatchRecord) -> str:
    return render_text(RULESET.narrate(record))


def test_the_write_up_shows_the_dq_threshold_dropping() -> None:
    bob = RULESET.load_text(fixture("bob-part6.txt"), "bob")
    sam = RULESET.load_text(fixture("sam-part6.txt"), "sam")
    text = _text(play([bob, sam], SCRIPT, grid=PART6_GRID, rounds=7))
    # Round 3 (Illegal 4+1 under 10) and round 6 (Illegal 1+1 under 9): the rulebook's "drops to 9".
    assert "Brother Bob's DQ check 4+1 = 5 stays under the threshold of 10: it counts, and the threshold " \
           "drops to 9." in text
    assert "Brother Bob's DQ check 1+1 = 2 stays under the threshold of 9: it counts, and the threshold " \
           "drops to 8." in text


def test_the_write_up_shows_the_dq_check_that_disqualifies() -> None:
    cheat = duelist("A", [r(1, "Illegal")])
    text = _text(play([cheat, duelist("B")], [1, 1, 1, 1, 6, 5, 1, 1, 1], grid=ALL_POWER, rounds=1))
    assert "A's DQ check 6+5 = 11 reaches the threshold of 10." in text  # the 2d6 rolled (issue 27)
    assert "A is DISQUALIFIED" in text


def test_after_the_match_only_injury_points_carry_over() -> None:
    # Scaffold: B takes 4 and its injury check is 18 - 6 - 3 + 4 = 13: one injury point.
    rec = play([duelist("A"), duelist("B")], [1, 6, 6, 6, 1, 1, 1, 6, 6, 6, 1, 1, 1], grid=ALL_POWER,
               rounds=1, type="scaffold")
    text = _text(rec)
    tail = text[text.index("Carried to next week"):]
    assert "A: 0 injury point(s)." in tail
    assert "B: 1 injury point(s) (1 new)." in tail
    assert "Only injury points carry over; Stamina and High Spots are per match." in tail


def test_injury_points_brought_in_are_counted() -> None:
    b = duelist("B")
    hurt = Side(b.name, b.sheet.model_copy(update={"injuries": 2}), b.members, b.strategy)
    rec = play([duelist("A"), hurt], [1, 2, 2, 2, 1, 1, 1, 1, 1, 1], grid=ALL_POWER, rounds=1)
    assert "B: 2 injury point(s)." in _text(rec)


def test_the_dice_script_docs_matchmatch_example_plays_as_described() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    section = docs[docs.index("## MatchMatch"):]
    block = section[section.index("```") + 3:]
    block = block[block.index("\n") + 1:block.index("```")]
    faces = [int(x) for line in block.splitlines() for x in re.sub(r"#.*", "", line).split()]
    bob = RULESET.load_text(fixture("bob-part6.txt"), "bob")
    sam = RULESET.load_text(fixture("sam-part6.txt"), "sam")
    source = ScriptedSource.from_values(faces)
    record = RULESET.run([bob, sam], source, {"grid": PART6_GRID, "rounds": 1})
    assert source.remaining == 0
    text = _text(record)
    assert "Friendly Sam takes the round (Brother Bob 8, Friendly Sam 19), by 11." in text
    assert "Injury check" not in text
