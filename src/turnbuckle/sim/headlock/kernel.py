"""The fast Headlock match (singles), compiled with numba. Import this module only when the fast
engine runs.

One match is a pure function of (key, match index, sheets, options, tables): its generator is
SplitMix64 started from ``mix64(key + index * GOLDEN)``, so a match's cards and dice never depend
on which thread plays it, and results are identical for any thread count. Each card draw and each
die takes one 64-bit word and is drawn without bias (Lemire's multiply-and-reject on the low
32 bits).

Piles follow ``rulesets/headlock/deck.py``: a pile takes its cards uniformly from its deck's
unseen cards until it has its share (26 of a split deck, 52 of its own deck); then it reshuffles
its own discards and draws uniformly from those, again each time it runs out.

The rules' numbers (card values, suit advantage, move kinds, break-out dice and targets, choke
targets) and the players' choices come from the arrays of ``tables.py``; this file holds only the
flow of a match, which must match ``rulesets/headlock/engine.py``, ``clash.py`` and
``finishes.py`` (tests replay the recorded cards and dice through the reference engine).

Matches are played in blocks of ``BLOCK`` (one block per parallel iteration) so each block's pile
arrays are allocated once. ``play_match`` is inlined at numba's IR level (``inline="always"``):
called as a function, passing its two dozen arrays cost about 85% of the run (141,000 against
1,080,000 matches/s on one thread in an A/B run under the same load).

Keep everything in this one file: numba's cache only notices edits to the file of the function it
compiled.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MUL1 = np.uint64(0xBF58476D1CE4E5B9)
MUL2 = np.uint64(0x94D049BB133111EB)
MASK32 = np.uint64(0xFFFFFFFF)
TWO32 = np.uint64(1 << 32)
SH30 = np.uint64(30)
SH27 = np.uint64(27)
SH31 = np.uint64(31)
SH32 = np.uint64(32)
MAX_REJECTIONS = 64
BLOCK = 256

# Must equal the rules package's constants (checked by a test).
SUIT_BONUS = 5
SPECIAL_BONUS = 20
SUBMISSION_ROLLS = 5
PIN_ROLLS = 3
CHOKE_ON_ROLL = 4
SPECIAL = 8

# Outcome codes: method * 2 + winner; DRAW_CODE for a draw.
SUBMISSION, CHOKE, PINFALL, KNOCKOUT, DECISION = 0, 1, 2, 3, 4
DRAW_CODE = 10
NO_FINISH = -1


@njit(cache=True, inline="always")
def mix64(z):
    z = (z ^ (z >> SH30)) * MUL1
    z = (z ^ (z >> SH27)) * MUL2
    return z ^ (z >> SH31)


@njit(cache=True, inline="always")
def below(state, n):
    """A uniform integer below ``n`` (Lemire on a fresh word's low 32 bits) and the new state."""
    nn = np.uint64(n)
    state = state + GOLDEN
    m = (mix64(state) & MASK32) * nn
    low = m & MASK32
    if low < nn:
        threshold = (TWO32 - nn) % nn
        for _ in range(MAX_REJECTIONS):
            if low >= threshold:
                break
            state = state + GOLDEN
            m = (mix64(state) & MASK32) * nn
            low = m & MASK32
    return state, np.int64(m >> SH32)


@njit(cache=True, inline="always")
def match_state(key, index):
    return mix64(key + np.uint64(index) * GOLDEN)


@njit(cache=True, inline="always")
def draw(state, s, deck, share, unseen, ucount, pile, pcount, disc, dcount, taken):
    """Side ``s`` draws from its pile (deck ``deck``); returns (state, card index)."""
    if taken[s] < share:
        state, i = below(state, ucount[deck])
        card = unseen[deck, i]
        ucount[deck] -= 1
        unseen[deck, i] = unseen[deck, ucount[deck]]
        taken[s] += 1
    else:
        if pcount[s] == 0:
            for j in range(dcount[s]):
                pile[s, j] = disc[s, j]
            pcount[s] = dcount[s]
            dcount[s] = 0
        state, i = below(state, pcount[s])
        card = pile[s, i]
        pcount[s] -= 1
        pile[s, i] = pile[s, pcount[s]]
    disc[s, dcount[s]] = card
    dcount[s] += 1
    return state, np.int64(card)


@njit(cache=True, inline="always")
def play_match(state, split, turns, choke_rule, knockout, getup_rolls, getup_die,
               value, face, adv, stats, moves, holds, choice, kcap,
               unseen, ucount, pile, pcount, disc, dcount, taken, hp, kd, trace, tracing):
    """One match. Returns (outcome code, turn, dice, knockdowns, trace length)."""
    share = 26 if split else 52
    ndecks = 1 if split else 2
    for d in range(ndecks):
        for c in range(52):
            unseen[d, c] = c
        ucount[d] = 52
    for s in range(2):
        pcount[s] = 0
        dcount[s] = 0
        taken[s] = 0
        hp[s] = stats[s, 3]
        kd[s] = 0
    dice = 0
    downs = 0
    pos = 0
    for turn in range(1, turns + 1):
        # Draw and choose: side 0 first, then side 1.
        state, c0 = draw(state, 0, 0, share, unseen, ucount, pile, pcount, disc, dcount, taken)
        m0 = SPECIAL
        if value[c0] > 0:
            m0 = np.int64(choice[0, c0, hp[1], min(kd[1], kcap[0])])
        state, c1 = draw(state, 1, 0 if split else 1, share, unseen, ucount, pile, pcount, disc, dcount, taken)
        m1 = SPECIAL
        if value[c1] > 0:
            m1 = np.int64(choice[1, c1, hp[0], min(kd[0], kcap[1])])
        if tracing:
            trace[pos] = -1 - c0
            trace[pos + 1] = -1 - c1
            pos += 2
        # The clash.
        att = -1
        move = SPECIAL
        attack = 0
        defense = 0
        v0 = np.int64(value[c0])
        v1 = np.int64(value[c1])
        if v0 > 0 and v1 > 0:
            sp0 = stats[0, 2] + v0 - moves[0, m0, 0] + (SUIT_BONUS if adv[c0, c1] > 0 else 0)
            sp1 = stats[1, 2] + v1 - moves[1, m1, 0] + (SUIT_BONUS if adv[c1, c0] > 0 else 0)
            if sp0 != sp1:
                if sp0 > sp1:
                    att = 0
                    move = m0
                    attack = stats[0, 0] + v0 + moves[0, m0, 0]
                    defense = stats[1, 1] + v1
                else:
                    att = 1
                    move = m1
                    attack = stats[1, 0] + v1 + moves[1, m1, 0]
                    defense = stats[0, 1] + v0
        elif v0 > 0 or v1 > 0:
            f = 0 if v0 == 0 else 1
            n = 1 - f
            cf = c0 if f == 0 else c1
            cn = c1 if f == 0 else c0
            if adv[cn, cf] > 0:
                att = n
                move = m0 if n == 0 else m1
                attack = stats[n, 0] + value[cn] + moves[n, move, 0]
                defense = stats[f, 1]
            else:
                att = f
                move = SPECIAL
                attack = stats[f, 0] + SPECIAL_BONUS
                defense = stats[n, 1]
        else:
            a = adv[c0, c1]
            w = -1
            if a != 0:
                w = 0 if a > 0 else 1
            elif face[c0] != face[c1]:
                w = 0 if face[c0] > face[c1] else 1
            elif stats[0, 2] != stats[1, 2]:
                w = 0 if stats[0, 2] > stats[1, 2] else 1
            if w >= 0:
                att = w
                move = SPECIAL
                attack = stats[w, 0] + SPECIAL_BONUS
                defense = stats[1 - w, 1]
        if att < 0:
            continue
        # The hit.
        d = 1 - att
        ca = c0 if att == 0 else c1
        cd = c1 if att == 0 else c0
        damage = max(0, attack - defense)
        dhp = max(0, hp[d] - damage)
        hp[d] = dhp
        a = adv[ca, cd]
        submission = moves[att, move, 1] != 0
        method = NO_FINISH
        pin = False
        if submission and a >= 0:
            pin = False
            method = SUBMISSION
        elif not submission:
            if knockout and damage > 0 and dhp == 0:
                kd[d] += 1
                downs += 1
                need = 6 - stats[d, 4] + (kd[d] - 1)
                method = KNOCKOUT
                if need < 1:
                    method = NO_FINISH
                elif need < getup_die:
                    for _ in range(getup_rolls):
                        state, g = below(state, getup_die)
                        dice += 1
                        if tracing:
                            trace[pos] = g + 1
                            pos += 1
                        if g + 1 > need:
                            method = NO_FINISH
                            break
            if method == NO_FINISH and a > 0 and 4 * dhp < stats[d, 3]:
                pin = True
                method = PINFALL
        if method in (SUBMISSION, PINFALL):
            special = moves[att, move, 3]
            die = np.int64(holds[d, dhp, special, 0])
            target = np.int64(holds[d, dhp, special, 1])
            choking = choke_rule and not pin and moves[att, move, 2] != 0
            if target >= die:
                method = NO_FINISH
            else:
                rolls = PIN_ROLLS if pin else SUBMISSION_ROLLS
                for i in range(1, rolls + 1):
                    state, r = below(state, die)
                    dice += 1
                    if tracing:
                        trace[pos] = r + 1
                        pos += 1
                    if r + 1 <= target:
                        method = NO_FINISH
                        break
                    if choking and i == CHOKE_ON_ROLL:
                        state, cr = below(state, holds[d, dhp, special, 2])
                        dice += 1
                        if tracing:
                            trace[pos] = cr + 1
                            pos += 1
                        if cr + 1 >= holds[d, dhp, special, 3]:
                            method = CHOKE
                            break
        if method != NO_FINISH:
            return method * 2 + att, turn, dice, downs, pos
    a = hp[0] * stats[1, 3]
    b = hp[1] * stats[0, 3]
    if a == b:
        return DRAW_CODE, turns, dice, downs, pos
    return DECISION * 2 + (0 if a > b else 1), turns, dice, downs, pos


@njit(parallel=True, cache=True)
def run_chunk(key, start, count, split, turns, choke_rule, knockout, getup_rolls, getup_die,
              value, face, adv, stats, moves, holds, choice, kcap, codes, lengths, dice, downs):
    """Matches ``start .. start + count - 1``; per-match results go into the output arrays."""
    blocks = (count + BLOCK - 1) // BLOCK
    for b in prange(blocks):
        unseen = np.empty((2, 52), np.int8)
        pile = np.empty((2, 52), np.int8)
        disc = np.empty((2, 52), np.int8)
        ucount = np.zeros(2, np.int64)
        pcount = np.zeros(2, np.int64)
        dcount = np.zeros(2, np.int64)
        taken = np.zeros(2, np.int64)
        hp = np.zeros(2, np.int64)
        kd = np.zeros(2, np.int64)
        dummy = np.zeros(1, np.int16)
        for j in range(b * BLOCK, min(count, (b + 1) * BLOCK)):
            state = match_state(key, start + j)
            c, t, n, k, _ = play_match(state, split, turns, choke_rule, knockout, getup_rolls, getup_die,
                                       value, face, adv, stats, moves, holds, choice, kcap,
                                       unseen, ucount, pile, pcount, disc, dcount, taken, hp, kd, dummy, False)
            codes[j] = c
            lengths[j] = t
            dice[j] = n
            downs[j] = k


@njit(cache=True)
def trace_matches(key, start, count, split, turns, choke_rule, knockout, getup_rolls, getup_die,
                  value, face, adv, stats, moves, holds, choice, kcap, traces, tlen, codes, lengths, dice, downs):
    """Like ``run_chunk`` on one thread, also writing every card (as ``-1 - index``) and die face
    in the reference engine's order into ``traces[j, :tlen[j]]``."""
    unseen = np.empty((2, 52), np.int8)
    pile = np.empty((2, 52), np.int8)
    disc = np.empty((2, 52), np.int8)
    ucount = np.zeros(2, np.int64)
    pcount = np.zeros(2, np.int64)
    dcount = np.zeros(2, np.int64)
    taken = np.zeros(2, np.int64)
    hp = np.zeros(2, np.int64)
    kd = np.zeros(2, np.int64)
    for j in range(count):
        state = match_state(key, start + j)
        c, t, n, k, p = play_match(state, split, turns, choke_rule, knockout, getup_rolls, getup_die,
                                   value, face, adv, stats, moves, holds, choice, kcap,
                                   unseen, ucount, pile, pcount, disc, dcount, taken, hp, kd, traces[j], True)
        codes[j] = c
        lengths[j] = t
        dice[j] = n
        downs[j] = k
        tlen[j] = p
