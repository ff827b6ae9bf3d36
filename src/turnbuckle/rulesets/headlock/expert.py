"""The expert player as the reference engine plays it: its view encoded as the arrays that
``expert_kernel.expert_choice`` reads (the fast engine's kernel calls that same function).

Importing this module loads numba (the engine imports it only when an expert plays).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from turnbuckle.core.cards import Card, standard_deck
from turnbuckle.rulesets.headlock.expert_kernel import expert_choice
from turnbuckle.rulesets.headlock.sheet import POWERS, Character
from turnbuckle.rulesets.headlock.trumps import advantage, card_value, face_rank

if TYPE_CHECKING:
    from turnbuckle.rulesets.headlock.players import MoveView

CARDS: tuple[Card, ...] = tuple(standard_deck())
INDEX = {card: i for i, card in enumerate(CARDS)}
CODES: tuple[str, ...] = tuple([f"s{p}" for p in POWERS] + [f"g{p}" for p in POWERS])
I64 = npt.NDArray[np.int64]


@lru_cache(maxsize=1)
def card_arrays() -> tuple[I64, I64, I64]:
    """Per card (standard deck order): value (0 for a face card), face rank (0 for a number card);
    and ``adv[mine, theirs]``."""
    value = np.array([0 if c.is_face else card_value(c) for c in CARDS], np.int64)
    face = np.array([face_rank(c) if c.is_face else 0 for c in CARDS], np.int64)
    adv = np.array([[advantage(a, b) for b in CARDS] for a in CARDS], np.int64)
    for arr in (value, face, adv):
        arr.setflags(write=False)
    return value, face, adv


def stat_array(sheet: Character) -> I64:
    """``(ATK, DEF, SPD, starting HP, RES)``."""
    return np.array([sheet.atk, sheet.defense, sheet.spd, sheet.hp, sheet.res], np.int64)


def move_array(sheet: Character) -> I64:
    """``moves[k] = (power, submission, choke, special)`` for k 0..7 (``s1`` .. ``g7``), 8 the special."""
    moves = [sheet.move(code) for code in CODES] + [sheet.special_move()]
    return np.array([[m.power, m.is_submission, m.is_choke, m.special] for m in moves], np.int64)


def expert_move(view: MoveView) -> str:
    """The expert's move code for ``view`` (a number card): ``expert_choice`` over the view's
    arrays. The view holds the cards each side has turned over before this turn and the piles'
    shape, never the opponent's card nor the order of the cards not yet drawn."""
    me, opp = view.me.sheet, view.opponent.sheet
    rules = view.rules
    value, face, adv = card_arrays()
    mine = np.array([INDEX[c] for c in (*view.seen_mine, view.card)], np.int64)
    theirs = np.array([INDEX[c] for c in view.seen_theirs] or [0], np.int64)
    k = expert_choice(INDEX[view.card], stat_array(me), move_array(me), view.me.hp, view.me.knockdowns,
                      stat_array(opp), move_array(opp), view.opponent.hp, view.opponent.knockdowns,
                      mine, len(mine), theirs, len(view.seen_theirs), view.share, view.shared_deck,
                      rules.choke, rules.knockout, rules.getup_rolls, rules.getup_die, value, face, adv,
                      np.zeros(52, np.int64), np.zeros(52, np.int64), np.zeros((52, me.hp + 1), np.int64))
    code = CODES[int(k)]
    if code not in view.options:  # the kernel chooses among the moves the card allows
        raise ValueError(f"the expert chose {code}, not one of {', '.join(view.options)}")
    return code
