"""Shared pieces for the fast folkstyle tests: sample cards, stalling-prone cards and options.
(The reference engine shares the automatic player's odds per pair of cards itself:
``odds.period_odds``.)"""

from __future__ import annotations

from turnbuckle.core.options import OptionValue, resolve_options
from turnbuckle.rulesets.folkstyle.card import Card, load_card
from turnbuckle.rulesets.registry import get_ruleset

FOLKSTYLE = get_ruleset("folkstyle")


def sample(sample_id: str) -> Card:
    card = FOLKSTYLE.load_text(FOLKSTYLE.sample(sample_id).text, sample_id)
    assert isinstance(card, Card)
    return card


def options(**given: object) -> dict[str, OptionValue]:
    return dict(resolve_options(FOLKSTYLE.info.options, given))


def _moves(effect: str, names: tuple[str, ...], base: int, extra: dict[int, dict[str, object]]) -> dict[int, object]:
    moves: dict[int, object] = {f: {"name": names[(f - 1) % len(names)], "base": base, "effect": effect}
                                for f in range(1, 7)}
    moves.update(extra)
    return moves


def staller(name: str, escape_base: int = 3, near_fall: bool = False) -> Card:
    """A card that mostly holds position: two stalemates in neutral, two rides on top, two
    no-changes on bottom (so the same move comes up three times often: stalling calls), with one
    low escape (and optionally one near fall) so that overtime and top time get decided now and then."""
    top_extra: dict[int, dict[str, object]] = (
        {6: {"name": "Cradle", "base": 4, "effect": "near-fall"}} if near_fall else {})
    return load_card({
        "name": name,
        "neutral": _moves("stalemate", ("Collar Tie", "Hand Fight"), 6, {}),
        "top": _moves("ride", ("Leg Ride", "Tight Waist"), 6, top_extra),
        "bottom": _moves("no-change", ("Base", "Tripod"), 6,
                         {6: {"name": "Stand Up", "base": escape_base, "effect": "escape"}}),
    }, name)



def blocker(name: str) -> Card:
    """A card that can never finish a match against another: every move of every list is the same
    defensive move, so every turn cancels, nobody scores or changes position, and both wrestlers
    draw their stalling calls (and the points) together. Only the safety cap ends such a match."""
    return load_card({"name": name, **{position: {f: {"name": "Block", "base": 5, "effect": "defensive"}
                                                  for f in range(1, 7)}
                                       for position in ("neutral", "top", "bottom")}}, name)
