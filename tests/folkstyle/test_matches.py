"""Whole seeded matches between the samples: they finish, replay exactly, and keep the books."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.folkstyle.helpers import turns
from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.render import render_json
from turnbuckle.core.sources import SeededSource
from turnbuckle.rulesets.registry import get_ruleset

RS = get_ruleset("folkstyle")
SAMPLES = [s.id for s in RS.samples()]


def seeded(a: str, b: str, seed: int, options: dict[str, Any] | None = None) -> MatchRecord:
    cards = [RS.load_text(RS.sample(x).text, x) for x in (a, b)]
    return RS.run(cards, SeededSource(seed), options)


def check_books(record: MatchRecord) -> None:
    """The score called after each turn is the running sum of the points, and the result agrees."""
    red = green = 0
    for e in record.events:
        if not isinstance(e, Happening) or e.type not in ("turn", "riding_time"):
            continue
        data: Mapping[str, Any] = e.data
        if e.type == "turn":
            red += data["points"]["Red"]
            green += data["points"]["Green"]
        elif data["awarded"]:
            red += data["awarded"] == "Red"
            green += data["awarded"] == "Green"
        assert data["score"] == f"{red}-{green}"
    result = record.result
    assert result.extra["score"] == f"{red}-{green}"
    colours: Any = result.extra["colours"]
    red_name = colours["Red"]
    winner = record.winner_name()
    if result.method in ("decision", "overtime", "sudden-victory"):
        assert (red > green) == (winner == red_name)
    if result.method == "draw":
        assert red == green
        assert winner is None
    if result.method == "top-time":
        assert red == green
    if result.method == "pin":
        assert turns(record)[-1]["pin"] is True


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(SAMPLES), st.sampled_from(SAMPLES), st.integers(0, 2**32))
def test_any_seeded_match_finishes_and_keeps_the_books(a: str, b: str, seed: int) -> None:
    record = seeded(a, b, seed)
    check_books(record)
    assert record.result.method in ("pin", "decision", "sudden-victory", "overtime", "top-time", "draw")


def test_the_same_seed_replays_byte_for_byte() -> None:
    assert render_json(seeded("milo-sarkis", "tess-varga", 99)) == render_json(seeded("milo-sarkis", "tess-varga", 99))


def test_every_way_of_ending_happens_across_seeds() -> None:
    methods = set()
    for seed in range(40):
        record = seeded(SAMPLES[seed % 4], SAMPLES[(seed // 4) % 4], seed)
        check_books(record)
        methods.add(record.result.method)
    assert {"pin", "decision", "sudden-victory"} <= methods
