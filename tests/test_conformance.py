"""Conformance: many random full matches of every registered ruleset keep the common invariants.

Each game's own tests check its rules; this checks what every game promises: the match ends with a
valid result in a bounded number of events, the record is valid deterministic JSON, the seed
replays it exactly, and the write-ups render.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from turnbuckle.core.errors import RulesError, ScriptError
from turnbuckle.core.events import Roll
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.registry import Ruleset, sides_word
from turnbuckle.core.render import render_json, render_markdown, render_text
from turnbuckle.core.replay import entries_of
from turnbuckle.core.sources import ScriptedSource, SeededSource
from turnbuckle.rulesets.registry import all_rulesets

RULESETS = all_rulesets()
IDS = [rs.info.id for rs in RULESETS]
MATCHES_PER_RULESET = 60
MAX_EVENTS = 20_000


def lineups(rs: Ruleset[Any]) -> list[list[Any]]:
    """Every ordered pair (or group) of samples, cycled, for the smallest and largest side counts."""
    sides = [rs.load_text(s.text, s.id) for s in rs.samples()]
    out = []
    for n in sorted({rs.info.min_sides, min(rs.info.max_sides, 4)}):
        out += [list(p) for p in itertools.islice(itertools.permutations(sides * n, n), 40)]
    return out


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_random_matches_end_with_a_valid_result(rs: Ruleset[Any]) -> None:
    groups = lineups(rs)
    for i in range(MATCHES_PER_RULESET):
        sides = groups[i % len(groups)]
        record = rs.run(sides, SeededSource(1000 + i))
        assert 0 < len(record.events) <= MAX_EVENTS
        assert record.result.winner is None or 0 <= record.result.winner < len(sides)
        assert record.result.method
        assert record.result.summary
        rolls = [e for e in record.events if isinstance(e, Roll)]
        assert all(f >= 1 for r in rolls for f in r.faces)
        assert all(r.total == sum(r.faces) for r in rolls)


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_seed_replays_exactly_and_json_round_trips(rs: Ruleset[Any]) -> None:
    sides = lineups(rs)[0]
    a = render_json(rs.run(sides, SeededSource(77)))
    b = render_json(rs.run(sides, SeededSource(77)))
    assert a == b
    data = json.loads(a)
    assert data["seed"] == 77 and data["ruleset"] == rs.info.id
    assert data["ruleset_version"] == rs.info.version
    assert {"winner", "method"} <= set(data["result"])
    assert any(e["type"] == "roll" and {"purpose", "dice", "faces", "total"} <= set(e) for e in data["events"])


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_writeups_render(rs: Ruleset[Any]) -> None:
    record = rs.run(lineups(rs)[0], SeededSource(5))
    writeup = rs.narrate(record)
    assert len(render_text(writeup)) > 200
    assert render_markdown(writeup).startswith("# ")


def script_of(record: MatchRecord) -> list[object]:
    """The tokens a scorekeeper would have written down: every face, card and non-automatic choice
    (what ``turnbuckle replay`` feeds back for a record without a seed)."""
    return entries_of(tuple(record.events))


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_a_recorded_match_replays_from_its_own_dice(rs: Ruleset[Any]) -> None:
    """The faces and cards a seeded match logged, fed back as a script, give the same match:
    the script path and the seeded path run the same rules."""
    sides = lineups(rs)[0]
    seeded = rs.run(sides, SeededSource(31))
    replay = rs.run(sides, ScriptedSource.from_values(script_of(seeded)))
    assert replay.to_json()["events"] == seeded.to_json()["events"]
    assert replay.result == seeded.result


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_an_exhausted_script_is_a_script_error(rs: Ruleset[Any]) -> None:
    sides = lineups(rs)[0]
    first_token = script_of(rs.run(sides, SeededSource(8)))[:1]
    with pytest.raises(ScriptError, match="ran out"):
        rs.run(sides, ScriptedSource.from_values(first_token))


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_wrong_number_of_sides_is_a_rules_error(rs: Ruleset[Any]) -> None:
    one = lineups(rs)[0][:1]
    with pytest.raises(RulesError, match=f"needs .*{sides_word(rs.info)}, got 1"):
        rs.run(one, SeededSource(1))
