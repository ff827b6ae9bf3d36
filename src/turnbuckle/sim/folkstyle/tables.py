"""The folkstyle tables the fast kernel reads, built by calling the rules package's own functions.

Nothing here restates a rule. Every turn's outcome is ``exchange.resolve`` (and the follow-up's
``settle``) evaluated on every one of the 6**5 ways the dice can fall, from each of the three
positions; stalling keys come from ``stalling.move_key``; the automatic player's choices come
from ``choices.auto_pick`` over ``odds.PeriodOdds``, for every situation in which it is asked.

Colours: the reference engine gives Red to the winner of the colour roll-off, so either sheet
can be Red. Every table has a leading ``order`` axis: order ``o`` means setup side ``o`` is Red.

Positions: 0 neutral, 1 Red on top, 2 Green on top (``top + 1``, with neutral's top = -1).

Turn index ``u`` (0..7775) holds the faces in the order the engine rolls them:
``u = (((red move * 6 + green move) * 6 + red quality) * 6 + green quality) * 6 + follow-up``
(faces minus one). When a turn needs no follow-up die, its six ``u`` share one outcome.

Packed turn entry (``TURN`` bits):
bits 0-1 position after, 2-4 Red's points, 5-7 Green's points, 8-9 pin (0 none, 1 by Red,
2 by Green), bit 10 Red's move counts toward stalling, bit 11 Green's does, bit 12 the follow-up
die is rolled.

The automatic player (``pick``): ``[order, overtime, defer offered, chooser colour, Red's
stalling calls % 2, Green's calls % 2]`` -> 0 Top, 1 Bottom, 2 Neutral, 3 Defer. ``auto_pick``
reads only the two cards, the options offered, the chooser and the parity of the calls, so this
table holds every decision it can make.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from turnbuckle.rulesets.folkstyle import card, choices, engine, exchange, odds, stalling
from turnbuckle.rulesets.folkstyle.card import FACES, Card
from turnbuckle.rulesets.folkstyle.choices import OVERTIME_CHOICES, REGULATION_CHOICES, auto_pick
from turnbuckle.rulesets.folkstyle.engine import TURNS_PER_PERIOD
from turnbuckle.rulesets.folkstyle.exchange import FollowUp, Outcome, resolve, role
from turnbuckle.rulesets.folkstyle.odds import PeriodOdds
from turnbuckle.rulesets.folkstyle.stalling import move_key
from turnbuckle.sim.fast_support import npz_cached, source_fingerprint

WAYS = 6**5
#: The choice codes of ``pick``, in this order.
CHOICE_CODES = ("Top", "Bottom", "Neutral", "Defer")
#: Position index -> the colour on top (None for neutral).
TOPS: tuple[int | None, ...] = (None, 0, 1)

I16 = npt.NDArray[np.int16]
I8 = npt.NDArray[np.int8]


def position_index(top: int | None) -> int:
    return 0 if top is None else top + 1


def faces_of(u: int) -> tuple[int, int, int, int, int]:
    """(Red move, Green move, Red quality, Green quality, follow-up) faces of turn index ``u``."""
    out = []
    for _ in range(5):
        out.append(u % 6 + 1)
        u //= 6
    fu, qg, qr, fg, fr = out
    return fr, fg, qr, qg, fu


def turn_outcome(cards: tuple[Card, Card], top: int | None, u: int) -> tuple[Outcome, bool]:
    """The outcome of the turn with dice ``u`` from ``top``, and whether the follow-up die is rolled."""
    fr, fg, qr, qg, fu = faces_of(u)
    moves = (cards[0].move(role(0, top), fr), cards[1].move(role(1, top), fg))
    step = resolve(top, moves, (moves[0].base + qr, moves[1].base + qg))
    if isinstance(step, FollowUp):
        return step.settle(fu), True
    return step, False


def pack(outcome: Outcome, follow: bool) -> int:
    pin = 0
    if outcome.pin:
        pin = 1 + (outcome.by if outcome.by is not None else 0)
    red, green = outcome.points
    if not (0 <= red < 8 and 0 <= green < 8):
        raise ValueError(f"points {outcome.points} do not fit the packed turn table")
    return (position_index(outcome.top) | red << 2 | green << 5 | pin << 8
            | int(outcome.counted[0]) << 10 | int(outcome.counted[1]) << 11 | int(follow) << 12)


@dataclass(frozen=True)
class Tables:
    turn: I16  # [order, position, u] -> packed entry
    key: I8  # [order, colour, position, face - 1] -> stalling key index 0..5 of that move
    pick: I8  # [order, overtime, defer offered, chooser, Red calls % 2, Green calls % 2] -> choice


def _turns(cards: tuple[Card, Card]) -> I16:
    out = np.zeros((3, WAYS), np.int16)
    for p, top in enumerate(TOPS):
        for u in range(WAYS):
            if u % 6 and not out[p, u - u % 6] >> 12 & 1:
                out[p, u] = out[p, u - u % 6]  # no follow-up: the last face does not matter
                continue
            out[p, u] = pack(*turn_outcome(cards, top, u))
    return out


def _keys(cards: tuple[Card, Card]) -> I8:
    out = np.zeros((2, 3, 6), np.int8)
    for colour in (0, 1):
        for p, top in enumerate(TOPS):
            position = role(colour, top)
            names = [move_key(position, cards[colour].move(position, f).name) for f in FACES]
            for i, name in enumerate(names):
                out[colour, p, i] = names.index(name)
    return out


def _picks(cards: tuple[Card, Card]) -> I8:
    odds = PeriodOdds(cards)
    out = np.zeros((2, 2, 2, 2, 2), np.int8)
    for ot, offered in enumerate((REGULATION_CHOICES, OVERTIME_CHOICES)):
        for defer in (0, 1):
            options = offered if defer else tuple(o for o in offered if o != "Defer")
            for chooser in (0, 1):
                for p0 in (0, 1):
                    for p1 in (0, 1):
                        pick = auto_pick(odds, chooser, options, (p0, p1), TURNS_PER_PERIOD)
                        out[ot, defer, chooser, p0, p1] = CHOICE_CODES.index(pick.choice)
    return out


FIELDS = ("turn", "key", "pick")


def _fingerprint(texts: tuple[str, str]) -> str:
    """Changes whenever the two cards, the rule functions or this file change."""

    return source_fingerprint((card, choices, engine, exchange, odds, stalling, sys.modules[__name__]),
                              "|".join(texts))


@lru_cache(maxsize=32)
def _build(texts: tuple[str, str]) -> Tables:
    """The tables from the disk cache when it holds them (building them computes
    the automatic player's exact odds; reading them is far quicker)."""
    return npz_cached(f"folkstyle-tables-{_fingerprint(texts)}", FIELDS, lambda: _fresh(texts), Tables)


def _fresh(texts: tuple[str, str]) -> Tables:
    sides = tuple(Card.model_validate_json(t) for t in texts)
    turn = np.zeros((2, 3, WAYS), np.int16)
    key = np.zeros((2, 2, 3, 6), np.int8)
    pick = np.zeros((2, 2, 2, 2, 2, 2), np.int8)
    for order in (0, 1):
        cards = (sides[order], sides[1 - order])
        turn[order] = _turns(cards)
        key[order] = _keys(cards)
        pick[order] = _picks(cards)
    return Tables(turn, key, pick)


def build(sides: Sequence[Card]) -> Tables:
    """The tables for the two sheets in setup order (cached per pair of cards, in the process
    and on disk under a hash of the cards and the rule source)."""
    if len(sides) != 2:
        raise ValueError(f"folkstyle is for two wrestlers, got {len(sides)}")
    return _build((sides[0].model_dump_json(), sides[1].model_dump_json()))

