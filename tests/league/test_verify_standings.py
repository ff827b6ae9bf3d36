"""verify's recomputing of match injuries on a record whose injury checks are known: a wrestler's
point to the wrestler, a team's to the member its die picked; a listed point no check gave, or one
left out, is a finding, and so is a healing that does not start where the show left the wrestler."""

from __future__ import annotations

import copy
from typing import Any

from turnbuckle.league.verify_standings import check_injuries


def show() -> tuple[dict[str, Any], dict[str, Any]]:
    data = {"competitors": [{"uid": "w1", "members": []}, {"uid": "t1", "members": ["m1", "m2"]},
                            {"uid": "m1", "members": []}, {"uid": "m2", "members": []}]}
    record = {"sides": [{"name": "Solo"}, {"name": "Team"}], "result": {"winner": "Team"},
              "events": [{"type": "injury_check", "side": "Solo", "injured": True},
                         {"type": "injury_check", "side": "Team", "injured": False, "member_index": 0},
                         {"type": "injury_check", "side": "Team", "injured": True, "member_index": 1},
                         {"type": "injury_check", "side": "Solo", "injured": True}]}
    s = {"number": 4, "matches": [{"position": 1, "ruleset": "matchmatch", "record": record,
                                   "sides": [{"competitor": "w1"}, {"competitor": "t1"}]}],
         "injuries": [{"competitor": "w1", "match": 1, "before": 1, "after": 3},
                      {"competitor": "m2", "match": 1, "before": 0, "after": 1}],
         "healing": [{"competitor": "w1", "before": 3, "after": 1, "roll": 6, "wrestled": True}]}
    return data, s


def findings_of(data: dict[str, Any], s: dict[str, Any]) -> list[str]:
    findings: list[str] = []
    notes: list[str] = []
    check_injuries(data, s, findings, notes)
    assert notes == ["show 4: 2 injury change(s) recomputed from the records"] or findings
    return findings


def test_the_injuries_a_record_gave_verify() -> None:
    assert findings_of(*show()) == []


def test_an_edited_injury_is_a_finding() -> None:
    data, s = show()
    edits: list[tuple[str, int, str, object]] = [
        ("injuries", 0, "after", 2),            # one point, not two
        ("injuries", 1, "competitor", "m1"),    # the other member
        ("healing", 0, "before", 2),            # healed from a figure the show did not leave
    ]
    for key, i, field, value in edits:
        edited = copy.deepcopy(s)
        edited[key][i][field] = value
        assert findings_of(data, edited), edited
    left_out = copy.deepcopy(s)
    left_out["injuries"].pop()
    assert findings_of(data, left_out)
