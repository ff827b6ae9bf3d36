"""The compiled singles match behind ``headlock_ceiling.py``: Headlock under the default options
(one shared deck split 26 and 26, 60 turns, no choke or knockout rule), with players the engines
do not offer, made to measure how much room the game leaves above ``smart``.

Players (``kinds``): 0 ``smart`` (its choice table), 1 the shipped ``expert`` (the rules package's
``expert_choice`` itself), 2 *valued*: blind like the expert (the same card count and smart model)
but pricing each move by a table of winning chances over both HPs and the turn instead of the HP
shares, 3 the *oracle*: the expert's price, but told the opponent's card, 4 the oracle pricing by
the table. 3 and 4 cheat, on purpose: they bound what any player blind to that card can reach.

The table (:func:`win_table`) is seat 0's chance to win (draws half) from each pair of HPs before
each turn, both sides playing ``smart``, each turn's two cards taken as two distinct cards of a
full deck (the deck's memory left out), solved backwards from the decision at the turn limit.

A measuring tool, not the game: the engines' flow is in ``sim/headlock/kernel.py``. It draws from
numba's own generator, seeded per run, so a run repeats.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from turnbuckle.rulesets.headlock.expert_kernel import SPECIAL, clash, expert_choice, finish_chance, opponent_pool

SMART, EXPERT, VALUED, ORACLE, ORACLE_VALUED = 0, 1, 2, 3, 4
TURNS = 60
SHARE = 26


@njit(cache=True)
def held(res, start, hp, special, rolls):
    """Whether a hold or pin with ``rolls`` break-out rolls keeps the defender down."""
    if hp > 0 and not special:
        die = 8
    elif hp <= 0 and special:
        die = 20
    else:
        die = 12
    target = res if hp <= 0 else res + min(5, (20 * hp) // start)
    if target >= die:
        return False
    for _ in range(rolls):  # noqa: SIM110 (numba compiles no generator inside all())
        if np.random.randint(1, die + 1) <= target:
            return False
    return True


@njit(cache=True)
def exchange(stats, moves, c0, c1, m0, m1, hp, value, face, adv):
    """One turn's clash and hit on ``hp``; the finisher (0 or 1) or -1."""
    who, mv, dmg = clash(stats[0], moves[0], c0, m0, stats[1], moves[1], c1, m1, value, face, adv)
    if who < 0:
        return -1
    d = 1 - who
    hp[d] = max(0, hp[d] - dmg)
    a = adv[c0, c1] if who == 0 else adv[c1, c0]
    submission = moves[who, mv, 1] != 0
    special = moves[who, mv, 3] != 0
    if submission and a >= 0:
        return who if held(stats[d, 4], stats[d, 3], hp[d], special, 5) else -1
    if not submission and a > 0 and 4 * hp[d] < stats[d, 3]:
        return who if held(stats[d, 4], stats[d, 3], hp[d], special, 3) else -1
    return -1


@njit(cache=True)
def win_table(stats, moves, smart, value, face, adv):
    """``V[t, h0, h1]``: seat 0's winning chance (draws half) with ``t`` turns played."""
    h0s = stats[0, 3] + 1
    h1s = stats[1, 3] + 1
    cap = 200
    count = np.zeros((h0s, h1s), np.int64)
    prob = np.zeros((h0s, h1s, cap))
    side = np.zeros((h0s, h1s, cap), np.int64)
    hurt = np.zeros((h0s, h1s, cap), np.int64)
    ends = np.zeros((h0s, h1s, cap))
    each = 1.0 / (52 * 51)
    for h0 in range(h0s):
        for h1 in range(h1s):
            n = 0
            for c0 in range(52):
                m0 = SPECIAL if value[c0] == 0 else smart[0, c0, h1]
                for c1 in range(52):
                    if c1 == c0:
                        continue
                    m1 = SPECIAL if value[c1] == 0 else smart[1, c1, h0]
                    who, mv, dmg = clash(stats[0], moves[0], c0, m0, stats[1], moves[1], c1, m1, value, face, adv)
                    if who < 0:
                        continue
                    if who == 0:
                        f = finish_chance(moves[0], mv, dmg, adv[c0, c1], max(h1 - dmg, 0), stats[1], 0, False,
                                          False, 10, 12)
                    else:
                        f = finish_chance(moves[1], mv, dmg, adv[c1, c0], max(h0 - dmg, 0), stats[0], 0, False,
                                          False, 10, 12)
                    at = -1
                    for k in range(n):
                        if side[h0, h1, k] == who and hurt[h0, h1, k] == dmg and ends[h0, h1, k] == f:
                            at = k
                            break
                    if at < 0:
                        at = n
                        n += 1
                        side[h0, h1, at] = who
                        hurt[h0, h1, at] = dmg
                        ends[h0, h1, at] = f
                    prob[h0, h1, at] += each
            count[h0, h1] = n
    table = np.zeros((TURNS + 1, h0s, h1s))
    for h0 in range(h0s):
        for h1 in range(h1s):
            x = h0 * stats[1, 3]
            y = h1 * stats[0, 3]
            table[TURNS, h0, h1] = 0.5 if x == y else (1.0 if x > y else 0.0)
    for t in range(TURNS - 1, -1, -1):
        for h0 in range(h0s):
            for h1 in range(h1s):
                total = 0.0
                moved = 0.0
                for k in range(count[h0, h1]):
                    p = prob[h0, h1, k]
                    moved += p
                    d = hurt[h0, h1, k]
                    f = ends[h0, h1, k]
                    if side[h0, h1, k] == 0:
                        total += p * (f + (1 - f) * table[t + 1, h0, max(h1 - d, 0)])
                    else:
                        total += p * (1 - f) * table[t + 1, max(h0 - d, 0), h1]
                table[t, h0, h1] = total + (1 - moved) * table[t + 1, h0, h1]
    return table


@njit(cache=True)
def worth(table, s, t, mine, theirs):
    """Seat ``s``'s winning chance from the table at ``t`` turns played."""
    if s == 0:
        return table[t, mine, theirs]
    return 1.0 - table[t, theirs, mine]


@njit(cache=True)
def priced_choice(s, t, card, me, my_moves, my_hp, opp, opp_moves, opp_hp, pool, their_move, table, by_table,
                  value, face, adv):
    """The best move over the cards in ``pool`` (their moves in ``their_move``): by the HP shares
    and finish chances (the expert's price) or by the table's winning chance after the turn."""
    best = -1
    best_value = -1e300
    best_key = -1
    for k in range(8):
        power = my_moves[k, 0]
        if power > value[card]:
            continue
        total = 0.0
        for j in range(52):
            if pool[j] == 0:
                continue
            who, mv, dmg = clash(me, my_moves, card, k, opp, opp_moves, j, their_move[j], value, face, adv)
            if who == 0:
                after = max(opp_hp - dmg, 0)
                f = finish_chance(my_moves, mv, dmg, adv[card, j], after, opp, 0, False, False, 10, 12)
                if by_table:
                    total += pool[j] * (f + (1 - f) * worth(table, s, t, my_hp, after))
                else:
                    total += pool[j] * (dmg / opp[3] + f)
            elif who == 1:
                after = max(my_hp - dmg, 0)
                f = finish_chance(opp_moves, mv, dmg, adv[j, card], after, me, 0, False, False, 10, 12)
                if by_table:
                    total += pool[j] * (1 - f) * worth(table, s, t, after, opp_hp)
                else:
                    total -= pool[j] * (dmg / me[3] + f)
            elif by_table:
                total += pool[j] * worth(table, s, t, my_hp, opp_hp)
        key = 2 * power + (1 if k < 4 else 0)
        if total > best_value or (total == best_value and key > best_key):
            best, best_value, best_key = k, total, key
    return best


@njit(cache=True)
def play(n, seed, kinds, stats, moves, smart, table, value, face, adv):
    """``n`` matches; (seat 0 wins, seat 1 wins, draws)."""
    np.random.seed(seed)
    out = np.zeros(3, np.int64)
    seen = np.zeros((2, TURNS), np.int64)
    cycle = np.zeros((2, SHARE), np.int64)
    pool = np.zeros(52, np.int64)
    their_move = np.zeros(52, np.int64)
    model = np.zeros((2, 52, max(stats[0, 3], stats[1, 3]) + 1), np.int64)
    hp = np.zeros(2, np.int64)
    chosen = np.zeros(2, np.int64)
    for _ in range(n):
        deal = np.random.permutation(52)
        for s in range(2):
            for i in range(SHARE):
                cycle[s, i] = deal[2 * i + s]
        model[:] = 0
        hp[0] = stats[0, 3]
        hp[1] = stats[1, 3]
        winner = -2
        for t in range(TURNS):
            for s in range(2):
                if t >= SHARE and t % SHARE == 0:
                    np.random.shuffle(cycle[s])
                seen[s, t] = cycle[s, t % SHARE]
            for s in range(2):
                o = 1 - s
                card = seen[s, t]
                kind = kinds[s]
                if value[card] == 0:
                    chosen[s] = SPECIAL
                elif kind == SMART:
                    chosen[s] = smart[s, card, hp[o]]
                elif kind == EXPERT:
                    chosen[s] = expert_choice(card, stats[s], moves[s], hp[s], 0, stats[o], moves[o], hp[o], 0,
                                              seen[s], t + 1, seen[o], t, SHARE, True, False, False, 10, 12, value,
                                              face, adv, pool, their_move, model[s])
                else:
                    if kind == VALUED:
                        opponent_pool(pool, seen[s], t + 1, seen[o], t, SHARE, True)
                    else:
                        pool[:] = 0
                        pool[seen[o, t]] = 1
                    for j in range(52):
                        their_move[j] = SPECIAL if value[j] == 0 else smart[o, j, hp[s]]
                    chosen[s] = priced_choice(s, t + 1, card, stats[s], moves[s], hp[s], stats[o], moves[o], hp[o],
                                              pool, their_move, table, kind != ORACLE, value, face, adv)
            winner = exchange(stats, moves, seen[0, t], seen[1, t], chosen[0], chosen[1], hp, value, face, adv)
            if winner >= 0:
                break
        if winner < 0:
            x = hp[0] * stats[1, 3]
            y = hp[1] * stats[0, 3]
            winner = -1 if x == y else (0 if x > y else 1)
        out[winner if winner >= 0 else 2] += 1
    return out
