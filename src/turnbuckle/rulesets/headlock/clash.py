"""Who attacks this turn, with what, against which defense: a pure function of the revealed cards.

Cases, from the rulebook and our rulings:

- two number cards: the speed contest, SPD + (card - power) + 5 for suit advantage; the higher
  total attacks with its move against DEF + the defender's card; equal totals, nobody attacks;
- a face card against a number card: the special lands (ATK + 20 against the bare DEF) unless the
  number card's suit trumps the face card's, which cancels the special: the number card then
  attacks with its move against the bare DEF;
- two face cards: suit advantage decides, then the higher face (K > Q > J), then the higher SPD;
  the winner's special lands against the bare DEF; if all are equal, nobody attacks.
"""

from __future__ import annotations

from dataclasses import dataclass

from turnbuckle.core.cards import Card
from turnbuckle.rulesets.headlock.sheet import Move
from turnbuckle.rulesets.headlock.trumps import SPECIAL_BONUS, SUIT_BONUS, advantage, card_value, face_rank


@dataclass(frozen=True)
class Corner:
    """One side's part of a clash: its stats, its card and the move chosen (None on a face card)."""

    atk: int
    defense: int
    spd: int
    card: Card
    move: Move | None
    special: Move


@dataclass(frozen=True)
class Clash:
    """The outcome. ``attacker`` is 0 or 1 (None: nobody attacks); ``how`` is ``speed``,
    ``special``, ``counter`` (a number card's suit cancelled a special), ``specials`` (two
    specials, one lands), ``tie`` or ``specials-cancel``. ``speeds`` are the speed totals when
    there was a speed contest. ``by`` says what decided two specials: suit, card or speed."""

    how: str
    attacker: int | None
    move: Move | None = None
    attack: int = 0
    defense: int = 0
    bare: bool = False
    speeds: tuple[int, int] | None = None
    by: str = ""
    cancelled: tuple[bool, bool] = (False, False)

    @property
    def damage(self) -> int:
        return max(0, self.attack - self.defense)

    @property
    def speed_contest(self) -> bool:
        return self.how == "speed"


def speed_total(c: Corner, other: Card) -> int:
    """SPD + (card value - move power) + 5 when the card's suit trumps the other card's."""
    if c.move is None:
        raise ValueError("a face card has no speed total")
    bonus = SUIT_BONUS if advantage(c.card, other) > 0 else 0
    return c.spd + card_value(c.card) - c.move.power + bonus


def _normal(c: Corner, d: Corner, bare: bool) -> tuple[Move, int, int]:
    if c.move is None:
        raise ValueError("a face card has no ordinary move")
    attack = c.atk + card_value(c.card) + c.move.power
    defense = d.defense if bare else d.defense + card_value(d.card)
    return c.move, attack, defense


def _special(c: Corner, d: Corner) -> tuple[Move, int, int]:
    return c.special, c.atk + SPECIAL_BONUS, d.defense


def resolve(a: Corner, b: Corner) -> Clash:
    """The clash between side 0 (``a``) and side 1 (``b``)."""
    corners = (a, b)
    face = (a.card.is_face, b.card.is_face)
    if not face[0] and not face[1]:
        speeds = (speed_total(a, b.card), speed_total(b, a.card))
        if speeds[0] == speeds[1]:
            return Clash("tie", None, speeds=speeds)
        w = 0 if speeds[0] > speeds[1] else 1
        move, atk, dfn = _normal(corners[w], corners[1 - w], bare=False)
        return Clash("speed", w, move, atk, dfn, bare=False, speeds=speeds)
    if face[0] != face[1]:
        f = 0 if face[0] else 1
        n = 1 - f
        if advantage(corners[n].card, corners[f].card) > 0:
            move, atk, dfn = _normal(corners[n], corners[f], bare=True)
            cancelled = (f == 0, f == 1)
            return Clash("counter", n, move, atk, dfn, bare=True, cancelled=cancelled)
        move, atk, dfn = _special(corners[f], corners[n])
        return Clash("special", f, move, atk, dfn, bare=True)
    adv = advantage(a.card, b.card)
    if adv != 0:
        w, by = (0 if adv > 0 else 1), "suit"
    elif face_rank(a.card) != face_rank(b.card):
        w, by = (0 if face_rank(a.card) > face_rank(b.card) else 1), "card"
    elif a.spd != b.spd:
        w, by = (0 if a.spd > b.spd else 1), "speed"
    else:
        return Clash("specials-cancel", None, by="nothing", cancelled=(True, True))
    move, atk, dfn = _special(corners[w], corners[1 - w])
    cancelled = (w == 1, w == 0)
    return Clash("specials", w, move, atk, dfn, bare=True, by=by, cancelled=cancelled)
