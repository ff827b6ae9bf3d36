"""Match records read back: every record ``--format json`` writes loads into the same value (its
JSON byte for byte, its write-up line for line), for every game, every bundled sample, seeded and
scripted dice; records are read-only; each event's kind is one docs/json-format.md lists; results
carry placings and teams; files that are not records are refused with one line."""

from __future__ import annotations

import ast
import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

import turnbuckle
from tests.test_conformance import script_of
from turnbuckle.core.errors import RecordError, RulesError
from turnbuckle.core.events import Happening, event_from_json
from turnbuckle.core.match import RECORD_FORMAT, MatchRecord, standard_placings
from turnbuckle.core.record_json import parse_record
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.render import render_json
from turnbuckle.core.sources import ScriptedSource, SeededSource
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset

ROOT = Path(__file__).resolve().parents[1]
RULESETS = all_rulesets()
IDS = [rs.info.id for rs in RULESETS]


def sample_lineups(rs: Ruleset[Any]) -> list[list[Any]]:
    """Every bundled sample at least once: each against the next, then the most sides the game takes
    (up to 4)."""
    sides = [rs.load_text(s.text, s.id) for s in rs.samples()]
    out = [[sides[i], sides[(i + 1) % len(sides)]] for i in range(len(sides))]
    most = min(rs.info.max_sides, 4)
    if most > 2:
        out.append([sides[i % len(sides)] for i in range(most)])
    return out


def assert_reads_back(rs: Ruleset[Any], record: MatchRecord) -> None:
    text = render_json(record)
    loaded = parse_record(text)
    assert render_json(loaded) == text
    assert loaded == record
    assert rs.narrate(loaded) == rs.narrate(record)


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_every_record_reads_back_byte_for_byte_with_the_same_writeup(rs: Ruleset[Any]) -> None:
    for i, sides in enumerate(sample_lineups(rs)):
        seeded = rs.run(sides, SeededSource(500 + i), entrants=[f"e{k}" for k in range(len(sides))])
        assert_reads_back(rs, seeded)
        scripted = rs.run(sides, ScriptedSource.from_values(script_of(seeded)))
        assert scripted.dice == "script"
        assert_reads_back(rs, scripted)


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_a_side_json_keeps_every_field_of_the_sheet(rs: Ruleset[Any]) -> None:
    for sample in rs.samples():
        side = rs.load_text(sample.text, sample.id)
        assert rs.load_side(rs.side_json(side), sample.id) == side, sample.id


def documented_kinds() -> dict[str, set[str]]:
    """The event kinds docs/json-format.md lists: the `code` words before the colon of each item
    in a game's "events" section."""
    doc = (ROOT / "docs" / "json-format.md").read_text(encoding="utf-8")
    out: dict[str, set[str]] = {}
    for heading, body in re.findall(r"^### (\w+) events\n(.*?)(?=^#)", doc + "\n#", re.S | re.M):
        heads = re.findall(r"^- ([^:]*):", body, re.M)  # "- `pinfall`, `tap_out`: fields..."
        out[heading] = {kind for head in heads for kind in re.findall(r"`(\w+)`", head)}
    return out


def coded_kinds(game: str) -> set[str]:
    """The kinds a game's source logs: the first argument of every ``.happen("...")`` call."""
    kinds = set()
    for path in (ROOT / "src" / "turnbuckle" / "rulesets" / game).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "happen":
                kind = node.args[0]
                options = [kind.body, kind.orelse] if isinstance(kind, ast.IfExp) else [kind]
                assert all(isinstance(k, ast.Constant) for k in options), f"{path.name}: a kind that is not literal"
                assert all(kw.arg != "type" for kw in node.keywords), f"{path.name}: a fact named 'type'"
                kinds |= {str(k.value) for k in options if isinstance(k, ast.Constant)}
    return kinds


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_every_event_kind_is_one_the_format_lists(rs: Ruleset[Any]) -> None:
    listed = documented_kinds()[rs.info.id]
    common = {"roll", "draw", "choice"}
    assert coded_kinds(rs.info.id) <= listed, "document these kinds in docs/json-format.md"
    seen = set()
    for i, sides in enumerate(sample_lineups(rs)):
        for e in json.loads(render_json(rs.run(sides, SeededSource(900 + i))))["events"]:
            seen.add(e["type"])
    assert seen <= listed | common
    assert seen - common, "game events are logged"


def test_matchmatch_records_keep_their_event_kinds() -> None:
    """A MatchMatch event's match type or round type no longer overwrites the event's kind."""
    rs = get_ruleset("matchmatch")
    sides = [rs.load_text(s.text, s.id) for s in rs.samples()[:2]]
    events: Any = rs.run(sides, SeededSource(3)).to_json()["events"]
    kinds = {e["type"] for e in events}
    assert {"match_start", "action", "attack", "round_won"} <= kinds
    assert not kinds & {"standard", "normal", "finisher", "special"}


def test_a_fact_named_type_is_refused() -> None:
    with pytest.raises(ValueError, match="fact named 'type'"):
        Happening("finish", {"type": "finisher"})


def test_records_and_events_are_read_only() -> None:
    rs = get_ruleset("boxing")
    record = rs.run([rs.load_text(s.text, s.id) for s in rs.samples()[:2]], SeededSource(1))
    happening = next(e for e in record.events if isinstance(e, Happening) and e.type == "round_start")
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.seed = 2  # type: ignore[misc]
    assert isinstance(record.events, tuple) and isinstance(record.names, tuple)
    with pytest.raises(TypeError):
        happening.data["round"] = 9  # type: ignore[index]
    with pytest.raises(TypeError):
        happening.data["hp"]["Slugger"] = 1  # type: ignore[index, call-overload]
    with pytest.raises(TypeError):
        record.options["rounds"] = 3  # type: ignore[index]
    with pytest.raises(TypeError):
        record.sheets[0]["power"] = 10  # type: ignore[index, call-overload]
    with pytest.raises(TypeError):
        record.result.extra["x"] = 1  # type: ignore[index]
    with pytest.raises(TypeError):
        record.players[0] = "human"  # type: ignore[index]


def test_the_record_carries_the_package_version_and_entrant_ids() -> None:
    rs = get_ruleset("boxing")
    sides = [rs.load_text(s.text, s.id) for s in rs.samples()[:2]]
    data = json.loads(render_json(rs.run(sides, SeededSource(4), entrants=["competitor-17", None])))
    assert data["format"] == RECORD_FORMAT == "turnbuckle.match/2"
    assert data["turnbuckle_version"] == turnbuckle.__version__
    assert [s["entrant"] for s in data["sides"]] == ["competitor-17", None]
    assert list(data["sides"][0]) == ["name", "entrant", "player", "sheet"]
    with pytest.raises(RulesError, match="1 entrant ids given for 2 fighters"):
        rs.run(sides, SeededSource(4), entrants=["x"])
    with pytest.raises(RulesError, match="non-empty"):
        rs.run(sides, SeededSource(4), entrants=["x", " "])


def test_standard_placings_share_a_place_and_skip_the_next() -> None:
    assert standard_placings([5, 9, 5, 1]) == (2, 1, 2, 4)
    assert standard_placings([0, 0]) == (1, 1)


def _played(game: str, n: int, seeds: range, **options: object) -> list[MatchRecord]:
    rs = get_ruleset(game)
    samples = rs.samples()
    sides = [rs.load_text(samples[i % len(samples)].text, samples[i % len(samples)].id) for i in range(n)]
    return [rs.run(sides, SeededSource(seed), options) for seed in seeds]


def test_two_sided_results_place_the_winner_first_and_a_draw_as_a_tie() -> None:
    for record in _played("boxing", 2, range(30), rounds=1):
        r = record.result
        assert r.teams == (1, 2)
        if r.winner is None:
            assert r.placings == (1, 1)
        else:
            assert r.placings[r.winner] == 1 and r.placings[1 - r.winner] == 2
    assert any(rec.result.winner is None for rec in _played("boxing", 2, range(30), rounds=1))


def test_a_tag_match_places_both_members_of_a_team_together() -> None:
    for record in _played("headlock", 4, range(6)):
        r = record.result
        assert r.teams == (1, 1, 2, 2)
        assert r.winner is not None
        won = r.teams[r.winner]
        assert r.placings == tuple(1 if t == won else 3 for t in r.teams)


def test_a_deathmatch_places_players_by_when_they_were_eliminated() -> None:
    checked = 0
    for record in _played("deathmatch", 4, range(12)):
        r = record.result
        out = [record.names.index(str(e.data["player"])) for e in record.events
               if isinstance(e, Happening) and e.type == "eliminated"]
        assert r.teams == (1, 2, 3, 4)
        standing = [i for i in range(4) if i not in out]
        assert all(r.placings[i] == 1 for i in standing)
        places = [r.placings[i] for i in reversed(out)]  # the last one out first
        assert places == list(range(len(standing) + 1, 5))
        if r.winner is not None:
            assert standing == [r.winner]
            checked += 1
    assert checked


BAD: dict[str, tuple[Any, str]] = {
    "truncated": (lambda t: t[: len(t) // 2], "cut short"),
    "not JSON": (lambda t: "hello", "not valid JSON"),
    "a list": (lambda t: "[]", "must be a JSON object"),
    "old format": (lambda t: t.replace(RECORD_FORMAT, "turnbuckle.match/1"), "not one this version reads"),
    "other format": (lambda t: t.replace(RECORD_FORMAT, "chess.pgn/1"), "not a turnbuckle match record"),
    "no events": (lambda t: _edit(t, lambda d: d.pop("events")), "no 'events' field"),
    "unknown field": (lambda t: _edit(t, lambda d: d.update(extra=1)), "unknown field 'extra'"),
    "event not object": (lambda t: _edit(t, lambda d: d["events"].insert(0, 3)), "event 1: .*must be an object"),
    "roll short": (lambda t: _edit(t, lambda d: d["events"][2].pop("faces")), "event 3: a 'roll' event must"),
    "face text": (lambda t: _edit(t, lambda d: d["events"][2].__setitem__("faces", ["x"])), "a face must be"),
    "kindless": (lambda t: _edit(t, lambda d: d["events"][0].pop("type")), "event 1: an event has no 'type'"),
    "stranger wins": (lambda t: _edit(t, lambda d: d["result"].__setitem__("winner", "Nobody")), "not one of"),
    "placings short": (lambda t: _edit(t, lambda d: d["result"].__setitem__("placings", [1])), "1 placings"),
    "bad dice": (lambda t: _edit(t, lambda d: d.__setitem__("dice", "loaded")), "dice 'loaded'"),
}


def _edit(text: str, change: Any) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_a_file_that_is_not_a_record_is_a_record_error(case: str) -> None:
    rs = get_ruleset("boxing")
    good = render_json(rs.run([rs.load_text(s.text, s.id) for s in rs.samples()[:2]], SeededSource(2)))
    make, message = BAD[case]
    with pytest.raises(RecordError, match=message) as info:
        parse_record(make(good))
    assert "\n" not in str(info.value)


def test_an_event_reads_back_as_the_same_value() -> None:
    rs = get_ruleset("headlock")
    record = rs.run([rs.load_text(s.text, s.id) for s in rs.samples()[:2]], SeededSource(6))
    for event in record.events:
        assert event_from_json(json.loads(json.dumps(event.to_json()))) == event
