"""The expert Headlock player's decision, compiled with numba: the one function both engines call.

The reference engine (``players.expert_move``) encodes its player's view as arrays and calls
:func:`expert_choice`; the fast engine's kernel (``sim/headlock/kernel.py``) calls the same
function with the same arrays from its own state. Nothing here reads the opponent's card: the
inputs are the player's own card, the cards each side has turned over so far, the piles' shape,
both sheets, HP, knockdowns and the rules options.

How it chooses (docs/decisions/headlock-expert.md):

1. **The opponent's card, counted.** :func:`opponent_pool` works out which cards the opponent may
   be holding from what has been seen: while its pile still takes cards from the deck, any card
   of that deck not yet seen; once it has reshuffled, the cards of its pile's cycle not yet turned
   over this cycle (its pile always holds the same set of cards as its first ``share`` draws).
2. **The opponent's move, modelled.** For each card it may hold, the opponent is assumed to play
   what the ``smart`` player would (:func:`model_move`: the expected value over the 51 cards I
   might hold, me on my highest-power strike, its finishes priced at my starting HP).
3. **Every legal move, priced exactly.** Over that weighted pool, each of my moves scores the
   damage it deals as a share of the opponent's starting HP plus the chance the hit ends the
   match (submission with the choke rule, knockdown, pin), less the damage I take as a share of
   mine and the chance that their hit ends it for me. The best score wins; ties go to the higher
   power, then the strike (as ``smart``).

It draws no chance of its own, so no seed enters it: its choice is a pure function of the view.
Keep the numbers equal to the rules package's (``tests/headlock/test_expert.py`` checks them).
"""

from __future__ import annotations

import numpy as np
from numba import njit

SUIT_BONUS = 5
SPECIAL_BONUS = 20
SUBMISSION_ROLLS = 5
PIN_ROLLS = 3
CHOKE_ON_ROLL = 4
SPECIAL = 8
#: Move array columns (``moves[k] = (power, submission, choke, special)``, k 0..7 s1..g7, 8 special).
POWER, SUBMISSION, CHOKE, IS_SPECIAL = 0, 1, 2, 3
#: Stat columns (``stats = (ATK, DEF, SPD, starting HP, RES)``).
ATK, DEF, SPD, HP, RES = 0, 1, 2, 3, 4


@njit(cache=True)
def _fail(target, die):
    """The chance one break-out roll of a d``die`` misses ``target``."""
    t = target if target > 0 else 0
    miss = die - t
    return (miss if miss > 0 else 0) / die


@njit(cache=True)
def _power(x, n):
    """``x ** n`` for a small whole ``n``, by multiplying (far quicker than a float power)."""
    out = 1.0
    for _ in range(n):
        out *= x
    return out


@njit(cache=True)
def finish_chance(moves, k, damage, adv, hp_after, stats, knockdowns, choke_rule, knockout, getup_rolls,
                  getup_die):
    """The chance that a hit with move ``k`` (of ``moves``) ends the match at once: a held
    submission (and the choke), a knockdown not beaten, a pin not escaped. ``stats`` and
    ``knockdowns`` are the defender's; ``hp_after`` its HP after the hit."""
    start = stats[HP]
    res = stats[RES]
    special = moves[k, IS_SPECIAL] != 0
    if hp_after > 0 and not special:
        die = 8
    elif hp_after <= 0 and special:
        die = 20
    else:
        die = 12
    target = res if hp_after <= 0 else res + min(5, (20 * hp_after) // start)
    fail = _fail(target, die)
    if moves[k, SUBMISSION] != 0:
        if adv < 0:
            return 0.0
        if choke_rule and moves[k, CHOKE] != 0:
            cdie = 20 if die == 8 else (8 if die == 20 else 12)
            need = cdie - (6 - res)
            hits = cdie - need + 1
            hits = min(cdie, hits if hits > 0 else 0) / cdie
            return _power(fail, CHOKE_ON_ROLL) * (hits + (1.0 - hits) * fail)
        return _power(fail, SUBMISSION_ROLLS)
    stays = 0.0
    if knockout and damage > 0 and hp_after == 0:
        need = 6 - res + knockdowns
        n = need if need > 0 else 0
        up = getup_die - n
        up = (up if up > 0 else 0) / getup_die
        stays = _power(1.0 - up, getup_rolls)
    pin = 0.0
    if adv > 0 and 4 * hp_after < start:
        pin = (1.0 - stays) * _power(fail, PIN_ROLLS)
    return stays + pin


@njit(cache=True)
def clash(mine, my_moves, mc, mk, theirs, their_moves, tc, tk, value, face, adv):
    """Who attacks when I play move ``mk`` on card ``mc`` and they play ``tk`` on ``tc`` (``SPECIAL``
    on a face card): (attacker: 0 me, 1 them, -1 nobody; the attacker's move; the damage)."""
    vm = np.int64(value[mc])
    vt = np.int64(value[tc])
    if vm > 0 and vt > 0:
        sm = mine[SPD] + vm - my_moves[mk, POWER] + (SUIT_BONUS if adv[mc, tc] > 0 else 0)
        st = theirs[SPD] + vt - their_moves[tk, POWER] + (SUIT_BONUS if adv[tc, mc] > 0 else 0)
        if sm == st:
            return -1, SPECIAL, 0
        if sm > st:
            d = mine[ATK] + vm + my_moves[mk, POWER] - theirs[DEF] - vt
            return 0, mk, d if d > 0 else 0
        d = theirs[ATK] + vt + their_moves[tk, POWER] - mine[DEF] - vm
        return 1, tk, d if d > 0 else 0
    if vm > 0:  # their face card against my number card
        if adv[mc, tc] > 0:
            d = mine[ATK] + vm + my_moves[mk, POWER] - theirs[DEF]
            return 0, mk, d if d > 0 else 0
        d = theirs[ATK] + SPECIAL_BONUS - mine[DEF]
        return 1, SPECIAL, d if d > 0 else 0
    if vt > 0:  # my face card against their number card
        if adv[tc, mc] > 0:
            d = theirs[ATK] + vt + their_moves[tk, POWER] - mine[DEF]
            return 1, tk, d if d > 0 else 0
        d = mine[ATK] + SPECIAL_BONUS - theirs[DEF]
        return 0, SPECIAL, d if d > 0 else 0
    a = adv[mc, tc]
    w = -1
    if a != 0:
        w = 0 if a > 0 else 1
    elif face[mc] != face[tc]:
        w = 0 if face[mc] > face[tc] else 1
    elif mine[SPD] != theirs[SPD]:
        w = 0 if mine[SPD] > theirs[SPD] else 1
    if w == 0:
        d = mine[ATK] + SPECIAL_BONUS - theirs[DEF]
        return 0, SPECIAL, d if d > 0 else 0
    if w == 1:
        d = theirs[ATK] + SPECIAL_BONUS - mine[DEF]
        return 1, SPECIAL, d if d > 0 else 0
    return -1, SPECIAL, 0


@njit(cache=True)
def top_strike(value, card):
    """The highest-power strike a number card allows (move index 0..3)."""
    v = value[card]
    return 3 if v >= 7 else (2 if v >= 5 else (1 if v >= 3 else 0))


@njit(cache=True)
def model_move(me, my_moves, card, opp, opp_moves, opp_hp, opp_kd, choke_rule, knockout, getup_rolls,
               getup_die, value, face, adv):
    """The move the ``smart`` player would make on ``card`` (a number card) against ``opp`` at
    ``opp_hp`` and ``opp_kd`` knockdowns: the expected damage dealt (plus each finish's chance
    times the opponent's starting HP) less the damage taken, over the 51 other cards, the
    opponent on its highest-power strike; ties to the higher power, then the strike."""
    best = -1
    best_value = -1e300
    best_key = -1
    worth = np.float64(opp[HP])
    for k in range(8):
        power = my_moves[k, POWER]
        if power > value[card]:
            continue
        total = 0.0
        for j in range(52):
            if j == card:
                continue
            tk = SPECIAL if value[j] == 0 else top_strike(value, j)
            who, mv, dmg = clash(me, my_moves, card, k, opp, opp_moves, j, tk, value, face, adv)
            if who == 0:
                after = opp_hp - dmg
                after = after if after > 0 else 0
                total += dmg + worth * finish_chance(my_moves, mv, dmg, adv[card, j], after, opp, opp_kd,
                                                     choke_rule, knockout, getup_rolls, getup_die)
            elif who == 1 and value[j] > 0:  # their landed special is the same whatever I play
                total -= dmg
        key = 2 * power + (1 if k < 4 else 0)
        if total > best_value or (total == best_value and key > best_key):
            best, best_value, best_key = k, total, key
    return best


@njit(cache=True)
def opponent_pool(pool, mine, n_mine, theirs, n_theirs, share, shared_deck):
    """Fills ``pool``: which cards the opponent may hold now (1) or not (0), from the cards seen: ``mine[:n_mine]``
    my draws so far (this turn's card last), ``theirs[:n_theirs]`` the opponent's turned-over
    draws (not this turn's), each side's pile taking ``share`` cards of its deck, one deck shared
    by both piles or not."""
    for c in range(52):
        pool[c] = 0
    if n_theirs < share:
        for c in range(52):
            pool[c] = 1
        for i in range(n_theirs):
            pool[theirs[i]] = 0
        if shared_deck:
            for i in range(n_mine):
                pool[mine[i]] = 0
        return
    for i in range(share):
        pool[theirs[i]] = 1
    start = share + ((n_theirs - share) // share) * share
    for i in range(start, n_theirs):
        pool[theirs[i]] = 0


@njit(cache=True)
def expert_choice(card, me, my_moves, my_hp, my_kd, opp, opp_moves, opp_hp, opp_kd, mine, n_mine, theirs,
                  n_theirs, share, shared_deck, choke_rule, knockout, getup_rolls, getup_die, value, face, adv,
                  pool, their_move, model):
    """The expert's move (0..7: s1 s3 s5 s7 g1 g3 g5 g7) on ``card``, a number card. ``pool``
    and ``their_move`` are scratch arrays of 52 (it allocates nothing: the fast kernel that calls
    it is compiled without numba's reference counting)."""
    opponent_pool(pool, mine, n_mine, theirs, n_theirs, share, shared_deck)
    for j in range(52):
        their_move[j] = SPECIAL
        if pool[j] != 0 and value[j] > 0:
            kept = model[j, my_hp]
            if kept // 16 == my_kd + 1:
                their_move[j] = kept % 16
            else:
                their_move[j] = model_move(opp, opp_moves, j, me, my_moves, my_hp, my_kd, choke_rule, knockout,
                                           getup_rolls, getup_die, value, face, adv)
                model[j, my_hp] = 16 * (my_kd + 1) + their_move[j]
    best = -1
    best_value = -1e300
    best_key = -1
    my_start = np.float64(me[HP])
    opp_start = np.float64(opp[HP])
    for k in range(8):
        power = my_moves[k, POWER]
        if power > value[card]:
            continue
        total = 0.0
        for j in range(52):
            if pool[j] == 0:
                continue
            who, mv, dmg = clash(me, my_moves, card, k, opp, opp_moves, j, their_move[j], value, face, adv)
            if who == 0:
                after = opp_hp - dmg
                after = after if after > 0 else 0
                total += pool[j] * (dmg / opp_start + finish_chance(
                    my_moves, mv, dmg, adv[card, j], after, opp, opp_kd, choke_rule, knockout, getup_rolls,
                    getup_die))
            elif who == 1:
                after = my_hp - dmg
                after = after if after > 0 else 0
                total -= pool[j] * (dmg / my_start + finish_chance(
                    opp_moves, mv, dmg, adv[j, card], after, me, my_kd, choke_rule, knockout, getup_rolls,
                    getup_die))
        key = 2 * power + (1 if k < 4 else 0)
        if total > best_value or (total == best_value and key > best_key):
            best, best_value, best_key = k, total, key
    return best
