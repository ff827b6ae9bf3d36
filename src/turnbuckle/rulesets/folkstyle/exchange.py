"""One exchange of BIG TCG, as pure functions of the moves, qualities and follow-up die.

Sides are colour indexes: 0 = Red, 1 = Green. ``top`` is the colour on top, or None in neutral.
The order of the scoring hierarchy:

1. a scramble cancels the opponent's roll and is settled by the scrambler's extra d6
   (two scrambles cancel each other: a stalemate);
2. two defensive moves cancel each other;
3. a top wrestler's push-away lets the bottom wrestler escape at once;
4. otherwise the higher quality wins the exchange (equal qualities: no change), and the winning
   move's effect applies; a near-fall win is settled by the winner's extra d6.

The engine, the automatic player's exact odds and the tests all call these functions.
"""

from __future__ import annotations

from dataclasses import dataclass

from turnbuckle.rulesets.folkstyle.card import NEAR_FALL_EFFECTS, Move, Position

COLOURS = ("Red", "Green")

TAKEDOWN = 3
REVERSAL = 2
ESCAPE = 1
NEAR_FALL_SCORING = (2, 3, 4)  # near-fall die faces that score that many back points
PIN_FACES = (5, 6)


def other(side: int) -> int:
    return 1 - side


def role(side: int, top: int | None) -> Position:
    """``neutral``, ``top`` or ``bottom``: which move list ``side`` rolls on."""
    if top is None:
        return "neutral"
    return "top" if top == side else "bottom"


def position_name(top: int | None) -> str:
    """``Neutral``, ``Red top`` or ``Green top``."""
    return "Neutral" if top is None else f"{COLOURS[top]} top"


@dataclass(frozen=True)
class Outcome:
    """What an exchange did. ``kind`` names it for the scoresheet; ``by`` is the colour it is
    credited to (None when nobody won it); ``points`` are (Red, Green); ``counted`` says, per
    colour, whether this use of the move counts toward a stalling call (a near-fall that
    scored 1-4 seconds does not)."""

    kind: str
    by: int | None
    top: int | None
    points: tuple[int, int] = (0, 0)
    pin: bool = False
    counted: tuple[bool, bool] = (True, True)


@dataclass(frozen=True)
class FollowUp:
    """An exchange that needs one more d6 from ``side``: a scramble (against ``number``) or a
    near fall (``number`` 0)."""

    what: str  # "scramble" or "near-fall"
    side: int
    number: int
    top: int | None

    def settle(self, face: int) -> Outcome:
        if self.what == "scramble":
            return settle_scramble(self.side, self.number, self.top, face)
        return settle_near_fall(self.side, face)


Step = Outcome | FollowUp


def _award(side: int, points: int) -> tuple[int, int]:
    return (points, 0) if side == 0 else (0, points)


def change_points(old_top: int | None, new_top: int) -> tuple[str, tuple[int, int]]:
    """Points for ``new_top`` coming out on top from a position change: from neutral a takedown,
    from bottom a reversal."""
    if old_top is None:
        return "takedown", _award(new_top, TAKEDOWN)
    return "reversal", _award(new_top, REVERSAL)


def settle_scramble(side: int, number: int, top: int | None, face: int) -> Outcome:
    """More than the scramble number: ``side`` comes out on top; equal: stalemate, the position
    resets; less: ``side`` ends on bottom. The position change scores as usual."""
    if face == number:
        return Outcome("scramble stalemate", None, top)
    winner = side if face > number else other(side)
    label = "scramble won" if winner == side else "scramble lost"
    if top == winner:
        return Outcome(f"{label}: no change", winner, top)
    kind, points = change_points(top, winner)
    return Outcome(f"{label}: {kind}", winner, winner, points)


def settle_near_fall(side: int, face: int) -> Outcome:
    """1: held one second, no points; 2-4: that many back points; 5-6: a pin."""
    if face in PIN_FACES:
        return Outcome("pin", side, side, pin=True)
    excepted = (False, True) if side == 0 else (True, False)
    if face in NEAR_FALL_SCORING:
        return Outcome(f"near fall {face}", side, side, _award(side, face), counted=excepted)
    return Outcome("near fall 1", side, side, counted=excepted)


def resolve(top: int | None, moves: tuple[Move, Move], qualities: tuple[int, int]) -> Step:
    """The exchange for the moves rolled (Red's, Green's) and their final qualities."""
    scrambles = [m.effect == "scramble" for m in moves]
    if all(scrambles):
        return Outcome("scrambles cancel", None, top)
    for side in (0, 1):
        if scrambles[side]:
            number = moves[side].scramble
            return FollowUp("scramble", side, number if number is not None else 0, top)
    if all(m.effect == "defensive" for m in moves):
        return Outcome("defensive cancel", None, top)
    if top is not None and moves[top].effect == "push-away":
        bottom = other(top)
        return Outcome("push away: escape", bottom, None, _award(bottom, ESCAPE))
    if qualities[0] == qualities[1]:
        return Outcome("tie: no change", None, top)
    winner = 0 if qualities[0] > qualities[1] else 1
    effect = moves[winner].effect
    if effect == "takedown":
        return Outcome("takedown", winner, winner, _award(winner, TAKEDOWN))
    if effect == "reversal":
        return Outcome("reversal", winner, winner, _award(winner, REVERSAL))
    if effect == "escape":
        return Outcome("escape", winner, None, _award(winner, ESCAPE))
    if effect in NEAR_FALL_EFFECTS:
        return FollowUp("near-fall", winner, 0, top)
    # ride, no-change, defensive, stalemate: the winner holds; nothing changes
    return Outcome(effect, winner, top)
