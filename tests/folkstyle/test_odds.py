"""The automatic player's exact odds and its choices, checked against hand-computed values and
a brute-force enumeration written independently of the engine's shortcuts."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest

from tests.folkstyle.helpers import GREEN, RED, happenings, play_prefix
from turnbuckle.rulesets.folkstyle.card import Card, load_card
from turnbuckle.rulesets.folkstyle.choices import OVERTIME_CHOICES, REGULATION_CHOICES, auto_pick
from turnbuckle.rulesets.folkstyle.odds import PIN_VALUE, PeriodOdds


def uniform(name: str, neutral: tuple[str, int, str], top: tuple[str, int, str],
            bottom: tuple[str, int, str]) -> Card:
    """A card whose six faces are the same move in each position."""
    def six(move: tuple[str, int, str]) -> dict[int, dict[str, Any]]:
        return {f: {"name": move[0], "base": move[1], "effect": move[2]} for f in range(1, 7)}
    return load_card({"name": name, "neutral": six(neutral), "top": six(top), "bottom": six(bottom)}, name)


STRONG = uniform("Strong", ("Single Leg", 10, "takedown"), ("Ride", 10, "ride"), ("Stand Up", 10, "escape"))
WEAK = uniform("Weak", ("Stall", 0, "stalemate"), ("Ride", 0, "ride"), ("Tripod", 0, "no-change"))


def test_deterministic_cards_give_exact_margins() -> None:
    odds = PeriodOdds((STRONG, WEAK))
    # neutral: takedown (+3), then two rides
    assert odds.margin(None) == 3
    # bottom: escape (+1), takedown (+3), ride
    assert odds.margin(1) == 4
    # top: three rides; both wrestlers repeat a move three times: one stalling call each, no point
    assert odds.margin(0) == 0
    # ...but with one call already against Strong, its second call gives Weak a point
    assert odds.margin(0, calls=(1, 0)) == -1
    assert odds.margin(0, calls=(1, 1)) == 0
    assert odds.margin_for(1, None) == -3


def test_one_turn_margin_is_the_win_chance_times_the_points() -> None:
    a = uniform("A", ("Shot", 5, "takedown"), ("Ride", 5, "ride"), ("Tripod", 5, "no-change"))
    b = uniform("B", ("Block", 5, "stalemate"), ("Ride", 5, "ride"), ("Tripod", 5, "no-change"))
    # A's takedown wins when its die beats B's: 15 of 36
    assert PeriodOdds((a, b)).margin(None, turns=1) == Fraction(15, 36) * 3


def test_pins_count_pin_value() -> None:
    pinner = uniform("P", ("Stall", 0, "stalemate"), ("Cradle", 10, "near-fall"), ("Tripod", 0, "no-change"))
    # one turn on top, the cradle always wins: die 1 nothing, 2-4 points, 5-6 a pin
    expected = Fraction(0 + 2 + 3 + 4 + 2 * PIN_VALUE, 6)
    assert PeriodOdds((pinner, WEAK)).margin(0, turns=1) == expected


def brute_force_one_turn(cards: tuple[Card, Card], top: int | None) -> Fraction:
    """Every face of all five dice, straight from the exchange rules, no tallying."""
    from turnbuckle.rulesets.folkstyle.exchange import FollowUp, resolve, role

    total = Fraction(0)
    for fr, fg, qr, qg, extra in itertools.product(range(1, 7), repeat=5):
        red = cards[0].move(role(0, top), fr)
        green = cards[1].move(role(1, top), fg)
        step = resolve(top, (red, green), (red.base + qr, green.base + qg))
        outcome = step.settle(extra) if isinstance(step, FollowUp) else step
        value = outcome.points[0] - outcome.points[1]
        if outcome.pin:
            value = PIN_VALUE if outcome.by == 0 else -PIN_VALUE
        total += Fraction(value, 6**5)
    return total


@pytest.mark.parametrize("top", [None, 0, 1])
def test_one_turn_agrees_with_brute_force(top: int | None) -> None:
    assert PeriodOdds((RED, GREEN)).margin(top, turns=1) == brute_force_one_turn((RED, GREEN), top)


def test_auto_pick_takes_the_best_expected_margin() -> None:
    odds = PeriodOdds((STRONG, WEAK))
    pick = auto_pick(odds, 0, ("Top", "Bottom", "Neutral"), (0, 0))
    assert pick.values == {"Top": 0, "Bottom": 4, "Neutral": 3}
    assert pick.choice == "Bottom"
    # Weak, choosing: Strong on top is Weak's least bad
    assert auto_pick(odds, 1, ("Top", "Bottom", "Neutral"), (0, 0)).choice == "Bottom"


def test_defer_is_weighed_over_two_periods_and_taken_only_when_better() -> None:
    odds = PeriodOdds((STRONG, WEAK))
    pick = auto_pick(odds, 0, REGULATION_CHOICES, (0, 0))
    # Weak would choose Strong-on-top (0) for the other period
    assert pick.values == {"Top": 0, "Bottom": 4, "Neutral": 3, "Defer": 4}
    assert pick.choice == "Bottom"
    assert auto_pick(odds, 0, OVERTIME_CHOICES, (0, 0)).values == {"Top": 0, "Bottom": 4, "Defer": 4}


def test_match_auto_choice_is_logged_with_its_values() -> None:
    record = play_prefix([6, 1, *([1] * 12), 6, 1], cards=(STRONG, WEAK))
    (choice, later) = happenings(record, "auto_choice")[:2]
    assert choice["colour"] == "Red"
    assert choice["chosen"] == "Bottom"
    assert choice["expected_margin"] == {"Top": "0", "Bottom": "4", "Neutral": "3", "Defer": "4"}
    assert later["colour"] == "Green"
    assert later["chosen"] == "Bottom"


@pytest.mark.parametrize("cards", [(RED, GREEN), (STRONG, WEAK)], ids=["drill", "strong-weak"])
@pytest.mark.parametrize("chooser", [0, 1])
def test_defer_always_ties_the_best_direct_pick_so_it_is_never_taken(cards: tuple[Card, Card], chooser: int) -> None:
    # Period margins add up, so who picks first changes nothing under this yardstick: the
    # documented consequence is that the automatic player never defers.
    for options in (REGULATION_CHOICES, OVERTIME_CHOICES):
        pick = auto_pick(PeriodOdds(cards), chooser, options, (0, 0))
        direct = {k: v for k, v in pick.values.items() if k != "Defer"}
        assert pick.values["Defer"] == max(direct.values())
        assert pick.choice != "Defer"
