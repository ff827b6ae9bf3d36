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

In a tag match each wrestler has a smart table against each of the two opponents, and a tag table
(:func:`tag_table`): the player's own tag policy asked at every pair of HP values of the wrestler
and its partner. The piles come from ``deck.py``'s own functions (:func:`pile_arrays`).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from turnbuckle.core.cards import Card, standard_deck
from turnbuckle.rulesets.headlock import clash, holds, players, sheet, trumps
from turnbuckle.rulesets.headlock.clash import Corner, resolve
from turnbuckle.rulesets.headlock.deck import Pile, make_piles, team_piles
from turnbuckle.rulesets.headlock.holds import (
    breakout_die,
    breakout_target,
    choke_target,
    getup_need,
)
from turnbuckle.rulesets.headlock.players import (
    TAG_POLICIES,
    MoveView,
    Rules,
    TagView,
    Wrestler,
    _finish_value,
    move_options,
    solo_move,
)
from turnbuckle.rulesets.headlock.sheet import POWERS, Character, character_json
from turnbuckle.rulesets.headlock.trumps import advantage, allowed_powers, card_value, face_rank
from turnbuckle.sim.fast_support import npz_cached, source_fingerprint

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


def pile_arrays(wrestlers: int, split: bool, per_wrestler: bool) -> tuple[I8, I8, I8]:
    """The piles as the engine deals them (``make_piles`` for singles, ``team_piles`` for a tag
    match, called here): ``(pile_of, deck_of, share)``, the pile each wrestler draws from, and each
    pile's deck and share of it. Piles and decks are numbered in order of first use."""
    names = [f"w{i}" for i in range(wrestlers)]
    if wrestlers == 2:
        drawn = make_piles(names, split)
    else:
        groups = team_piles([names[:2], names[2:]], split, per_wrestler)
        drawn = [group[k] if per_wrestler else group[0] for group in groups for k in range(2)]
    piles: list[Pile] = []
    for p in drawn:
        if not any(p is q for q in piles):
            piles.append(p)
    decks: list[object] = []
    for p in piles:
        if not any(p.deck is d for d in decks):
            decks.append(p.deck)
    pile_of = np.array([next(i for i, q in enumerate(piles) if q is p) for p in drawn], np.int8)
    deck_of = np.array([next(i for i, d in enumerate(decks) if d is p.deck) for p in piles], np.int8)
    share = np.array([p.share for p in piles], np.int8)
    return pile_of, deck_of, share


def tag_table(me: Character, partner: Character, kind: str) -> I8:
    """``tag[my HP, partner's HP]``: 1 where the ``kind`` player, having won the speed contest,
    tags its partner in. Filled by asking the ruleset's own tag policy at every pair of HP values
    (the view's opponent and turn are fixed here: the policies read only the two wrestlers; a
    test asks ``smart_tag`` with random opponents, turns and knockdowns)."""
    policy = TAG_POLICIES.get(kind, TAG_POLICIES["solo"])
    out = np.zeros((me.hp + 1, partner.hp + 1), np.int8)
    opponent = Wrestler(me.name, me, me.hp)
    mates = [Wrestler(partner.name, partner, hp) for hp in range(partner.hp + 1)]
    for hp in range(me.hp + 1):
        mine = Wrestler(me.name, me, hp)
        for php, mate in enumerate(mates):
            out[hp, php] = policy(TagView(mine, mate, opponent, 1)) == "tag"
    return out


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


def _finish_rows(me: Character, opp: Character, rules: Rules, kcap: int,
                 ) -> dict[tuple[int, int, bool], npt.NDArray[np.float64]]:
    """``_finish_value`` for each (my move, advantage, damage > 0), as an array over the
    opponent's HP after the hit (rows) and knockdown row (columns). The function reads the
    damage only through the HP it leaves and whether it is above 0, so these values are the very
    floats that ``move_value`` adds."""
    hps = opp.hp + 1
    rows: dict[tuple[int, int, bool], npt.NDArray[np.float64]] = {}
    for k, code in enumerate(CODES):
        move = me.move(code)
        for adv in (-1, 0, 1):
            for hit in (False, True):
                out = np.empty((hps, kcap + 1))
                for after in range(hps):
                    for kd in range(kcap + 1):
                        view = MoveView(Wrestler(me.name, me, me.hp), CARDS[0],
                                        Wrestler(opp.name, opp, after + int(hit), kd), (), 1, rules)
                        out[after, kd] = _finish_value(view, move, int(hit), adv)
                rows[k, adv, hit] = out
    return rows


def smart_table(me: Character, opp: Character, rules: Rules) -> I8:
    """``choice[card, opponent HP, knockdown row]`` of the smart player (-1 for a face card).

    For each card and move it sums, over the opponent's 51 possible cards in deck order, the
    same terms as ``move_value`` (damage plus finish value when I attack, minus the damage when
    they do, nothing on their landed special or a tie), elementwise over every opponent HP and
    knockdown row at once; then it keeps the best move by ``smart_move``'s key (value, then
    power, then the strike)."""
    kcap = knockdown_cap(opp.res, rules)
    hps = opp.hp + 1
    out = np.full((52, hps, kcap + 1), -1, np.int8)
    rows = _finish_rows(me, opp, rules, kcap)
    hp_index = np.arange(hps)
    their_moves = [None if c.is_face else opp.strike(max(allowed_powers(c))) for c in CARDS]
    for ci, card in enumerate(CARDS):
        if card.is_face:
            continue
        others = [j for j in range(52) if j != ci]
        best = np.full((hps, kcap + 1), -np.inf)
        best_key = np.full((hps, kcap + 1), -1, np.int64)
        for code in move_options(me, card, 7):
            k = CODES.index(code)
            move = me.move(code)
            mine = Corner(me.atk, me.defense, me.spd, card, move, me.special_move())
            total = np.zeros((hps, kcap + 1))
            for j in others:
                theirs = CARDS[j]
                clash = resolve(mine, Corner(opp.atk, opp.defense, opp.spd, theirs, their_moves[j],
                                             opp.special_move()))
                if clash.how == "special":
                    continue
                if clash.attacker == 0 and clash.move is not None:
                    dmg = clash.damage
                    fv = rows[k, advantage(card, theirs), dmg > 0][np.maximum(0, hp_index - dmg)]
                    total += dmg + fv
                elif clash.attacker == 1:
                    total -= clash.damage
            value = total / len(others)
            key = 2 * move.power + (1 if code[0] == "s" else 0)
            better = (value > best) | ((value == best) & (key > best_key))
            best = np.where(better, value, best)
            best_key = np.where(better, key, best_key)
            out[ci][better] = k
    return out


@dataclass(frozen=True)
class _SavedChoice:
    choice: I8


def cached_smart_table(me: Character, opp: Character, rules: Rules) -> I8:
    """:func:`smart_table`, read from the disk cache when it holds it (building one is
    most of a short run's start-up; reading it is quick). The cache entry's name changes
    whenever the two sheets, the rules options or the rule functions it is built from change."""

    texts = (json.dumps(character_json(me), sort_keys=True), json.dumps(character_json(opp), sort_keys=True),
             repr(rules))
    name = "headlock-smart-" + source_fingerprint((clash, holds, players, sheet, trumps, sys.modules[__name__]),
                                                  "|".join(texts))
    return npz_cached(name, ("choice",), lambda: _SavedChoice(smart_table(me, opp, rules)), _SavedChoice).choice
