"""Hypothesis: any text given as a sheet, a side or a strategy loads or raises a RulesError."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.matchmatch.helpers import RULESET, fixture
from turnbuckle.core.errors import RulesError
from turnbuckle.rulesets.matchmatch.strategy_text import parse_strategy_text
from turnbuckle.rulesets.matchmatch.textlayout import parse_sheet_text

WORDS = st.sampled_from([
    "Stamina:", "Technical:", "Power:3", "MA", "HF", "Brawl", "Stam", "High Spot", "Special", "Normal", "Illegal",
    "Defense", "3+", "All", "1", "2", "7", "+Po", "-MA", "+Cheat", "Grid C", "Grid 2", "Round", "\t", "\n", ":",
    "(4)", "team:", "wrestler:", "strategy:", "name: X", "members:", "- friendly-sam", "If I haven't used my",
    "Specials by round 3", "{", "[", "-", "  ", "Finisher", "Vile Cheat", "Teamwork:9", "High Spot: 3 (costs 9)",
])
TEXT = st.one_of(st.text(max_size=300), st.lists(WORDS, max_size=60).map(" ".join),
                 st.lists(WORDS, max_size=60).map("".join))


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_any_side_text_loads_or_raises_rules_error(text: str) -> None:
    try:
        side = RULESET.load_text(text, "fuzz")
    except RulesError:
        return
    assert side.name.strip()


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_any_strategy_text_parses_or_raises_rules_error(text: str) -> None:
    try:
        plan = parse_strategy_text(text, "fuzz")
    except RulesError:
        return
    assert plan.plus[0] != plan.plus[1]
    assert "teamwork" not in plan.plus


@settings(max_examples=200, deadline=None)
@given(TEXT)
def test_any_sheet_text_parses_or_raises_rules_error(text: str) -> None:
    try:
        sheet = parse_sheet_text(text, "fuzz")
    except RulesError:
        return
    assert 0 <= sheet.stamina <= 15


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(fixture("sam-part6.txt"))), st.text(max_size=8))
def test_damaged_rulebook_sides_load_or_raise(cut: int, junk: str) -> None:
    text = fixture("sam-part6.txt")
    try:
        side = RULESET.load_text(text[:cut] + junk + text[cut:], "fuzz")
    except RulesError:
        return
    assert side.sheet.cost <= 42


KEYS = st.sampled_from(["wrestler", "team", "strategy", "name", "stamina", "styles", "defenses", "members", "use",
                        "plus", "minus", "grid", "rounds", "round", "type", "target", "by_style", "conditionals",
                        "unused", "by_round", "power", "high_spots", "push_level", "x"])
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.sampled_from(["Po", "MA", "All", "3+", "Finisher",
                                                                       "friendly-sam", "brother-bob", "A"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=6),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(KEYS, JSON, max_size=5))
def test_any_structured_side_loads_or_raises_rules_error(data: dict[str, object]) -> None:
    try:
        side = RULESET.load_side(data, "fuzz")
    except RulesError:
        return
    assert side.sheet.cost <= 42
