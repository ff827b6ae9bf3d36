"""Charts of a match's course: for every game a real seeded record gives SVG that parses as XML and
ends each line on the value the record's own events end on."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from typing import Any

import pytest

from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.record_json import record_from_json
from turnbuckle.core.sources import SeededSource
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.odds.charts import odds_chart
from turnbuckle.web.public.charts import match_chart

SVG = "{http://www.w3.org/2000/svg}"


def play(game: str, *samples: str, seed: int = 1, **options: Any) -> MatchRecord:
    rs = get_ruleset(game)
    return rs.run([rs.side_by_name(s) for s in samples], SeededSource(seed), options)


def finals(svg: str) -> dict[str, float]:
    """Each line's name and the value its last point is drawn at (read back from the SVG)."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    out = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == "series":
            name = group.get("data-name")
            assert name is not None
            out[name] = float(group.get("data-final") or "nan")
            legend = [t.text for t in group.iter(f"{SVG}text")]
            assert legend == [f"{name}: {group.get('data-final')}"]
    return out


def events(record: MatchRecord) -> list[dict[str, Any]]:
    return [e.to_json() for e in record.events]


def data(record: MatchRecord, kind: str) -> list[dict[str, Any]]:
    return [e for e in events(record) if e["type"] == kind]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_boxing_ends_on_each_fighters_last_hp(seed: int) -> None:
    record = play("boxing", "slugger", "speedster", seed=seed)
    hp: dict[str, Any] = {}
    for e in events(record):  # an independent reading: the last HP the events give each fighter
        if isinstance(e.get("hp"), dict):
            hp.update(e["hp"])
        if e["type"] == "punch":
            hp[e["defender"]] = e["hp_after"]
        if e["type"] in ("knockdown", "getup", "tko"):
            hp[e["fighter"]] = e["hp"]
    svg = match_chart(record)
    assert svg is not None
    assert finals(svg) == {n: float(v) for n, v in hp.items()}
    assert "HP by turn" in svg


def test_boxing_tko_is_drawn_below_zero() -> None:
    record = play("boxing", "slugger", "speedster", seed=1)
    assert record.result.method == "tko"
    tko = data(record, "tko")[0]
    svg = match_chart(record)
    assert svg is not None
    assert finals(svg)[tko["fighter"]] == tko["hp"] < 0


def test_matchmatch_ends_on_stamina_and_names_each_rounds_style() -> None:
    record = play("matchmatch", "friendly-sam", "brother-bob")
    stamina = dict(data(record, "round_start")[0]["stamina"])
    for d in data(record, "damage"):
        stamina[d["side"]] = d["stamina"]
    svg = match_chart(record)
    assert svg is not None
    assert finals(svg) == {n: float(v) for n, v in stamina.items()}
    root = ET.fromstring(svg)
    notes = [t for t in root.iter(f"{SVG}text") if t.get("class") == "note"]
    styles = [d["style"] for d in data(record, "round_start")]
    assert len(notes) == len(styles)
    tips = [n.find(f"{SVG}title") for n in notes]
    assert [t.text for t in tips if t is not None] == \
        [f"round {i}: {s.replace('_', ' ')}" for i, s in enumerate(styles, 1)]


def test_matchmatch_three_way_charts_every_side() -> None:
    record = play("matchmatch", "odd-couple", "iron-ivan", "lady-lightning", seed=2)
    svg = match_chart(record)
    assert svg is not None
    assert set(finals(svg)) == set(record.names)


def test_folkstyle_ends_on_the_final_score() -> None:
    record = play("folkstyle", "cal-okafor", "tess-varga")
    result: Any = record.to_json()["result"]
    points, colours = result["points"], result["colours"]
    svg = match_chart(record)
    assert svg is not None
    assert finals(svg) == {f"{c} ({colours[c]})": float(points[c]) for c in ("Red", "Green")}


@pytest.mark.parametrize("samples", [("the-rhino", "wildcat-rosa"),
                                     ("the-rhino", "wildcat-rosa", "velvet-hammer", "zeke-granite")])
def test_headlock_ends_on_the_last_hp(samples: tuple[str, ...]) -> None:
    record = play("headlock", *samples)
    hp = dict(data(record, "match_start")[0]["wrestlers"])
    for e in events(record):
        if e["type"] in ("hit", "hold"):
            hp[e["defender"]] = e["hp"]
    svg = match_chart(record)
    assert svg is not None
    assert finals(svg) == {n: float(v) for n, v in hp.items()}
    assert set(finals(svg)) == set(record.names)


def test_deathmatch_counts_the_survivors() -> None:
    record = play("deathmatch", "ash-court", "bog-host", "crypt-guard", seed=3)
    start = data(record, "battle_start")[0]["figures"]
    survivors = set(data(record, "battle_end")[0]["survivors"])
    expected = {name: float(sum(1 for f in start if f["player"] == name and f["tag"] in survivors))
                for name in record.names}
    svg = match_chart(record)
    assert svg is not None
    assert finals(svg) == expected
    assert max(expected.values()) > 0


def test_names_are_escaped() -> None:
    record = play("boxing", "slugger", "speedster")
    evil = '<script>alert("x")</script> & co'
    renamed = record_from_json(_rename(record.to_json(), record.names[0], evil))
    svg = match_chart(renamed)
    assert svg is not None
    assert "<script>" not in svg
    assert evil in finals(svg)


def test_the_json_form_as_the_league_stores_it_charts_the_same() -> None:
    record = play("headlock", "the-rhino", "wildcat-rosa")
    assert match_chart(record.to_json()) == match_chart(record)
    assert match_chart({"format": "nonsense"}) is None


def test_a_record_it_cannot_chart_is_none() -> None:
    record = play("boxing", "slugger", "speedster")
    assert match_chart(replace(record, ruleset="chess")) is None
    assert match_chart(replace(record, events=())) is None
    broken = [Happening("round_start", {"round": "one", "hp": {}})]
    assert match_chart(replace(record, events=broken)) is None


def _rename(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [_rename(v, old, new) for v in value]
    if isinstance(value, dict):
        return {_rename(k, old, new): _rename(v, old, new) for k, v in value.items()}
    return value


def test_the_odds_chart_draws_each_sides_shares() -> None:
    def share(p: float) -> dict[str, float]:
        return {"p": p, "lo": max(0.0, p - 0.01), "hi": min(1.0, p + 0.01)}

    data = {"sides": [{"name": "<b>A very long name indeed</b>", "win": share(0.6), "draw": share(0.1),
                       "loss": share(0.3)},
                      {"name": "B", "win": share(0.3), "draw": share(0.1), "loss": share(0.6)}]}
    root = ET.fromstring(odds_chart(data))
    sides = [g for g in root.iter(f"{SVG}g") if g.get("class") == "side"]
    assert [(g.get("data-name"), float(g.get("data-win") or 0)) for g in sides] == \
        [("<b>A very long name indeed</b>", 0.6), ("B", 0.3)]
    widths = [float(r.get("width") or 0) for r in sides[0].iter(f"{SVG}rect")]
    assert len(widths) == 3 and widths[0] == pytest.approx(2 * widths[2])
