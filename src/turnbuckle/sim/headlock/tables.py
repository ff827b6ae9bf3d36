"""Headlock's rules and automatic players as arrays, filled by calling the rules package's functions.

Cards are numbered 0..51 in :func:`~turnbuckle.core.cards.standard_deck` order. Moves are numbered
0..7 for ``s1 s3 s5 s7 g1 g3 g5 g7`` and 8 for the special.

The players' choices are tables, not code: the ``smart`` player's choice depends only on its own
card and the opponent's HP and knockdowns (its view has nothing else it uses), so
:func:`smart_table` fills ``choice[card, opponent HP, knockdowns]`` for every value a match can
reach. It prices each move exactly as :func:`~turnbuckle.rulesets.headlock.players.move_value`
does, with the same floating-point operations in the same order (the finish values come from the
ruleset's own ``_finish_value``), so the choice is the same to the last bit; a test checks it
against ``smart_move`` itself.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from turnbuckle.core.cards import Card, standard_deck
from turnbuckle.rulesets.headlock.clash import Corner, resolve
from turnbuckle.rulesets.headlock.holds import (
    breakout_die,
    breakout_target,
    choke_target,
    getup_need,
)
from turnbuckle.rulesets.headlock.players import (
    MoveView,
    Rules,
    Wrestler,
    _finish_value,
    move_options,
    solo_move,
)
from turnbuckle.rulesets.headlock.sheet import POWERS, Character
from turnbuckle.rulesets.headlock.trumps import advantage, allowed_powers, card_value, face_rank

CARDS: tuple[Card, ...] = tuple(standard_deck())
CODES: tuple[str, ...] = tuple([f"s{p}" for p in POWERS] + [f"g{p}" for p in POWERS])
SPECIAL = 8
I8 = npt.NDArray[np.int8]
I16 = npt.NDArray[np.int16]


def card_arrays() -> tuple[I8, I8, I8]:
    """Per card: value (0 for a face card), face rank (0 for a number card); and the advantage
    matrix ``adv[mine, theirs]`` in -1..1."""
    value = np.array([0 if c.is_face else card_value(c) for c in CARDS], np.int8)
    face = np.array([face_rank(c) if c.is_face else 0 for c in CARDS], np.int8)
    adv = np.array([[advantage(a, b) for b in CARDS] for a in CARDS], np.int8)
    return value, face, adv


def move_arrays(sheet: Character) -> I8:
    """``moves[k] = (power, submission, choke, special)`` for move k (0..7, 8 the special)."""
    moves = [sheet.move(code) for code in CODES] + [sheet.special_move()]
    return np.array([[m.power, m.is_submission, m.is_choke, m.special] for m in moves], np.int8)


def hold_arrays(sheet: Character) -> I8:
    """For this wrestler as a defender, by HP after the hit (0..start HP) and special (0/1):
    ``[hp, special] = (break-out die, target, choke die, least choking face)``."""
    out = np.zeros((sheet.hp + 1, 2, 4), np.int8)
    for hp in range(sheet.hp + 1):
        for special in (0, 1):
            die = breakout_die(hp, bool(special))
            target = breakout_target(hp, sheet.hp, sheet.res)
            cdie, need = choke_target(die, sheet.res)
            out[hp, special] = (die, target, cdie, need)
    return out


def knockdown_cap(res: int, rules: Rules) -> int:
    """Knockdown counts at or past this one price a knockdown the same (it can no longer be
    beaten), so the smart table needs rows 0..cap only."""
    if not rules.knockout:
        return 0
    k = 0
    while getup_need(res, k + 1) < rules.getup_die:
        k += 1
    return k


def solo_table(sheet: Character, cap: int) -> I8:
    """The solo player's move for each card (-1 for a face card)."""
    out = np.full(52, -1, np.int8)
    me = Wrestler(sheet.name, sheet, sheet.hp)
    for i, card in enumerate(CARDS):
        if card.is_face:
            continue
        options = move_options(sheet, card, cap)
        view = MoveView(me, card, me, options, 1, Rules())
        out[i] = CODES.index(solo_move(view))
    return out


@dataclass(frozen=True)
class _Outcome:
    """One of the opponent's cards against my move: what ``move_value`` adds for it."""

    kind: int  # 0 nothing, 1 I attack, 2 they attack
    damage: int
    adv: int


def smart_table(me: Character, opp: Character, rules: Rules) -> I8:
    """``choice[card, opponent HP, knockdown row]`` of the smart player (-1 for a face card)."""
    kcap = knockdown_cap(opp.res, rules)
    hps = opp.hp + 1
    out = np.full((52, hps, kcap + 1), -1, np.int8)
    me_w = Wrestler(me.name, me, me.hp)
    views = [[MoveView(me_w, CARDS[0], Wrestler(opp.name, opp, hp, kd), (), 1, rules) for kd in range(kcap + 1)]
             for hp in range(hps)]
    finish_cache: dict[tuple[int, int, int, int, bool], float] = {}
    rows: dict[tuple[int, int, int, int], npt.NDArray[np.float64]] = {}
    their_moves = [None if c.is_face else opp.strike(max(allowed_powers(c))) for c in CARDS]
    for ci, card in enumerate(CARDS):
        if card.is_face:
            continue
        options = move_options(me, card, 7)
        others = [j for j in range(52) if j != ci]
        for kd in range(kcap + 1):
            best = np.zeros(hps)
            best_key = [(-1, -1)] * hps
            best_code = np.full(hps, -1, np.int64)
            for code in options:
                k = CODES.index(code)
                move = me.move(code)
                mine = Corner(me.atk, me.defense, me.spd, card, move, me.special_move())
                total = np.zeros(hps)
                for j in others:
                    theirs = CARDS[j]
                    clash = resolve(mine, Corner(opp.atk, opp.defense, opp.spd, theirs, their_moves[j],
                                                 opp.special_move()))
                    if clash.how == "special":
                        continue
                    if clash.attacker == 0 and clash.move is not None:
                        dmg = clash.damage
                        adv = advantage(card, theirs)
                        fkey = (k, dmg, adv, kd)
                        fv = rows.get(fkey)
                        if fv is None:
                            fv = np.empty(hps)
                            for hp in range(hps):
                                key = (k, max(0, hp - dmg), adv, kd, dmg > 0)
                                if key not in finish_cache:
                                    finish_cache[key] = _finish_value(views[hp][kd], move, dmg, adv)
                                fv[hp] = finish_cache[key]
                            rows[fkey] = fv
                        total += dmg + fv
                    elif clash.attacker == 1:
                        total -= clash.damage
                value = total / len(others)
                tie_key = (move.power, 1 if code[0] == "s" else 0)
                for hp in range(hps):
                    if best_code[hp] < 0 or value[hp] > best[hp] or (value[hp] == best[hp] and tie_key > best_key[hp]):
                        best[hp] = value[hp]
                        best_key[hp] = tie_key
                        best_code[hp] = k
            out[ci, :, kd] = best_code
    return out
