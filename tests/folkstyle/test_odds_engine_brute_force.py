"""The automatic player's exact period odds against a brute force that plays every way a whole
period can go through the match engine itself.

The brute force shares none of the odds module's shortcuts (no tallying of branches, no memo, no
trimmed stalling streaks, no call parity): it feeds the engine's own ``play_turn`` scripted dice,
one representative die sequence per class of equally-behaving faces, weighted by the class size,
and lets the engine say when it needs a scramble or near-fall die. Stalling calls, the point on
every second call, pins (worth ``PIN_VALUE``) and position changes all come from the engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from turnbuckle.core.errors import ScriptError
from turnbuckle.core.events import EventLog, Happening
from turnbuckle.core.match import MatchOver, MatchSetup
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.core.table import Table
from turnbuckle.rulesets.folkstyle.card import Card, Move, load_card
from turnbuckle.rulesets.folkstyle.engine import Bout
from turnbuckle.rulesets.folkstyle.exchange import role
from turnbuckle.rulesets.folkstyle.odds import PIN_VALUE, PeriodOdds
from turnbuckle.rulesets.folkstyle.stalling import Streaks

OPTIONS = {"riding_time": True, "riding_threshold": 2, "overtime_cycles": 0}


def card(name: str, lists: dict[str, list[tuple[str, int, str, int | None]]]) -> Card:
    """A card from three lists of (name, base, effect, scramble) for faces 1-3 and 4-6."""
    data: dict[str, Any] = {"name": name}
    for position, (low, high) in lists.items():
        data[position] = {
            face: {k: v for k, v in zip(("name", "base", "effect", "scramble"), low if face <= 3 else high,
                                        strict=True) if v is not None}
            for face in range(1, 7)
        }
    return load_card(data, name)


# Small cards that still reach every rule the odds must follow: takedowns, escapes, reversals,
# scrambles (more / equal / less), near falls and pins, rides, defensive holds, and stalling
# (Green's Sprawl is its only neutral move, so three neutral turns always draw a call).
SHOOTER = card("Shooter", {
    "neutral": [("Shot", 5, "takedown", None), ("Scramble", 0, "scramble", 3)],
    "top": [("Cradle", 6, "near-fall", None), ("Ride", 5, "ride", None)],
    "bottom": [("Stand Up", 5, "escape", None), ("Stand Up", 5, "escape", None)],
})
WALL = card("Wall", {
    "neutral": [("Sprawl", 5, "defensive", None), ("Sprawl", 5, "defensive", None)],
    "top": [("Push Away", 2, "push-away", None), ("Ride", 5, "ride", None)],
    "bottom": [("Tripod", 5, "no-change", None), ("Switch", 4, "reversal", None)],
})


def move_classes(c: Card, position: str) -> list[tuple[int, int]]:
    """(representative face, how many faces roll the same move)."""
    seen: dict[Move, list[int]] = {}
    for face in range(1, 7):
        seen.setdefault(c.move(position, face), []).append(face)  # type: ignore[arg-type]
    return [(faces[0], len(faces)) for faces in seen.values()]


def quality_classes(base_red: int, base_green: int) -> list[tuple[int, int, int]]:
    """(Red die, Green die, how many of the 36 pairs) for Red higher, level and Green higher."""
    groups: dict[int, list[tuple[int, int]]] = {}
    for qr in range(1, 7):
        for qg in range(1, 7):
            diff = (base_red + qr) - (base_green + qg)
            groups.setdefault((diff > 0) - (diff < 0), []).append((qr, qg))
    return [(pairs[0][0], pairs[0][1], len(pairs)) for pairs in groups.values()]


def turn_scripts(cards: tuple[Card, Card], top: int | None) -> Iterator[tuple[list[int], int]]:
    """Four-dice scripts (move, move, quality, quality) with their weight out of 6**4."""
    roles = (role(0, top), role(1, top))
    for fr, wr in move_classes(cards[0], roles[0]):
        for fg, wg in move_classes(cards[1], roles[1]):
            red, green = cards[0].move(roles[0], fr), cards[1].move(roles[1], fg)
            for qr, qg, wq in quality_classes(red.base, green.base):
                yield [fr, fg, qr, qg], wr * wg * wq


class Brute:
    def __init__(self, cards: tuple[Card, Card], calls: tuple[int, int]) -> None:
        setup = MatchSetup(sides=list(cards), names=["Red side", "Green side"], options=OPTIONS)
        self.bout = Bout(setup, Table(ScriptedSource.from_values([])))
        self.bout.calls = list(calls)
        self.cards = cards

    def one(self, dice: list[int], top: int | None, streaks: Streaks) -> tuple[int, int | None, Streaks, bool]:
        """Play one turn from scripted dice: (margin gained, top after, streaks, pinned)."""
        self.bout.table = Table(ScriptedSource.from_values(dice), EventLog())
        before = self.bout.score[0] - self.bout.score[1]
        try:
            new_top, new_streaks = self.bout.play_turn(1, top, streaks)
        except MatchOver:
            (last,) = [e for e in self.bout.table.log.events if isinstance(e, Happening) and e.type == "turn"]
            return (PIN_VALUE if last.data["by"] == "Red" else -PIN_VALUE), None, streaks, True
        return self.bout.score[0] - self.bout.score[1] - before, new_top, new_streaks, False

    def value(self, top: int | None, streaks: Streaks, turns: int) -> Fraction:
        """The exact expected Red-minus-Green margin of the next ``turns`` turns."""
        if turns == 0:
            return Fraction(0)
        total = Fraction(0)
        for dice, weight in turn_scripts(self.cards, top):
            for script, w in self.follow_ups(dice, top, streaks, weight):
                state = (list(self.bout.score), list(self.bout.calls))
                gained, new_top, new_streaks, pinned = self.one(script, top, streaks)
                rest = Fraction(0) if pinned else self.value(new_top, new_streaks, turns - 1)
                total += w * (gained + rest)
                self.bout.score, self.bout.calls = state
        return total

    def follow_ups(self, dice: list[int], top: int | None, streaks: Streaks,
                   weight: int) -> Iterator[tuple[list[int], Fraction]]:
        """The engine asks for a fifth die (scramble or near fall) only when it needs one."""
        state = (list(self.bout.score), list(self.bout.calls))
        try:
            self.one(dice, top, streaks)
            needs_more = False
        except ScriptError:
            needs_more = True
        self.bout.score, self.bout.calls = state
        if not needs_more:
            yield dice, Fraction(weight, 6**4)
            return
        for extra in range(1, 7):
            yield [*dice, extra], Fraction(weight, 6**5)


@pytest.mark.parametrize("top", [None, 0, 1], ids=["neutral", "red-top", "green-top"])
@pytest.mark.parametrize("calls", [(0, 0), (1, 1)])
def test_period_odds_match_the_engine_played_out_every_way(top: int | None, calls: tuple[int, int]) -> None:
    cards = (SHOOTER, WALL)
    expected = Brute(cards, calls).value(top, Streaks(), 3)
    assert PeriodOdds(cards).margin(top, 3, calls) == expected


def test_the_brute_force_sees_stalling_points() -> None:
    # From neutral, Green's only move is Sprawl: with one call already against Green, a third
    # Sprawl in a period without a takedown gives Red a point, so the margins differ.
    cards = (SHOOTER, WALL)
    assert Brute(cards, (0, 1)).value(None, Streaks(), 3) > Brute(cards, (0, 0)).value(None, Streaks(), 3)
