"""The fast boxing bout, compiled with numba. Import this module only when the fast engine runs.

One bout is a pure function of (key, bout index, sheets, options, tables): the bout's generator
is SplitMix64 started from ``mix64(key + index * GOLDEN)``, so a bout's dice never depend on
which thread plays it or on what ran before, and results are identical for any thread count.

Dice are drawn without bias. Each turn takes one 64-bit word: its low 32 bits give a uniform
number below 144 * 144 * 36 (both initiative 2d12 rolls and the first punch's ordered 2d6, by
Lemire's multiply-and-reject method); its high 32 bits, only when needed, give a number below
36 * 36: the combo's second punch and/or the get-up roll. A rejection (chance 1.7e-4 for the low
half) draws a fresh word. Faces are kept exactly as the reference engine would see them, so a
bout can be traced and replayed through the reference engine (``trace_bouts``).

The rules themselves come from the arrays of ``tables.py``; this file holds only the flow of a
bout, which must match ``rulesets/boxing/engine.py`` under the current rules version (1.2: a
Special Move in a combo carries its own penalty); tests replay traced bouts through it.

Speed notes: every helper is inlined at numba's IR level (``inline="always"``); calling
``play_bout`` as a function costs a large share of the run, as each of its eleven table arguments is
passed as a full array struct (and, likely, reference-counted: see ``play_block``). Initiative
faces are split with unsigned division (no floor correction). Keep everything in this one file:
numba's cache only notices edits to the file of the function it compiled.
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
#: Low half of a turn's word: side 0's 2d12 (144) x side 1's 2d12 (144) x the punch (36).
MAIN_N = np.uint64(144 * 144 * 36)
#: High half: two more ordered 2d6 rolls.
EXTRA_N = np.uint64(36 * 36)
#: Bounded: a rejection has chance below 2e-4, so 64 in a row never happens.
MAX_REJECTIONS = 64
#: Bouts per parallel iteration, played by ``play_block``.
BLOCK = 1024
#: The total of 2d12 by their joint index ``12 * (first - 1) + (second - 1)``.
SUM12 = np.array([a // 12 + a % 12 + 2 for a in range(144)], np.int8)
U36 = np.uint64(36)
U144 = np.uint64(144)

HP_OFF = 50  # must equal tables.HP_OFF (checked by a test)
START_HP = 40
CLINCH_HEAL = 2
INTERVAL_HEAL = 2
COMBO_NATURAL = 21
TURNS = 3

# Outcome codes: method * 2 + winner for KO (0, 1), TKO (2, 3) and decision (4, 5); 6 is a draw.
KO, TKO, DECISION = 0, 1, 2
DRAW_CODE = 6


@njit(cache=True, inline="always")
def mix64(z):
    z = (z ^ (z >> SH30)) * MUL1
    z = (z ^ (z >> SH27)) * MUL2
    return z ^ (z >> SH31)


@njit(cache=True, inline="always")
def next_word(state):
    state = state + GOLDEN
    return state, mix64(state)


@njit(cache=True, inline="always")
def below_u(state, x32, n):
    """A uniform unsigned integer below ``n`` from the 32-bit ``x32`` (Lemire); fresh words on
    rejection. Unsigned is cheaper to divide."""
    m = x32 * n
    low = m & MASK32
    if low < n:
        threshold = (TWO32 - n) % n
        for _ in range(MAX_REJECTIONS):
            if low >= threshold:
                break
            state, w = next_word(state)
            m = (w & MASK32) * n
            low = m & MASK32
    return state, m >> SH32


@njit(cache=True, inline="always")
def below(state, x32, n):
    """``below_u`` as a signed integer."""
    state, u = below_u(state, x32, n)
    return state, np.int64(u)


@njit(cache=True, inline="always")
def bout_state(key, index):
    return mix64(key + np.uint64(index) * GOLDEN)


@njit(cache=True, inline="always")
def play_bout(state, p0, s0, t0, p1, s1, t1, rounds, combo, cumulative, final_heal,
              damage, kind, penalty, hp_after, knocked1, knocked, tko, gain, pen_t, pen_s, fatigue,
              trace, tracing):
    """One bout. Returns (outcome code, turns played, knockdowns of side 0, of side 1, dice, trace length)."""
    hp0 = START_HP
    hp1 = START_HP
    fat0 = 0
    fat1 = 0
    kd0 = 0
    kd1 = 0
    dice = 0
    pos = 0
    turns = 0
    for rnd in range(rounds):
        att0 = 0
        att1 = 0
        for _turn in range(TURNS):
            turns += 1
            state, word = next_word(state)
            state, u = below_u(state, word & MASK32, MAIN_N)
            high = word >> SH32
            i = u // U36
            p_first = np.int64(u - i * U36)
            ua = i // U144
            ub = i - ua * U144
            a = np.int64(ua)
            b = np.int64(ub)
            nat0 = np.int64(SUM12[ua])
            nat1 = np.int64(SUM12[ub])
            dice += 4
            if tracing:
                trace[pos] = a // 12 + 1
                trace[pos + 1] = a % 12 + 1
                trace[pos + 2] = b // 12 + 1
                trace[pos + 3] = b % 12 + 1
                pos += 4
            tot0 = nat0 + max(0, s0 - fat0)
            tot1 = nat1 + max(0, s1 - fat1)
            if tot0 == tot1:
                hp0 = min(START_HP, hp0 + CLINCH_HEAL)
                hp1 = min(START_HP, hp1 + CLINCH_HEAL)
                continue
            if tot0 > tot1:
                att = 0
                ap = p0
                nat = nat0
                dt = t1
                ds = s1
                dhp = hp1
                att0 += 1
            else:
                att = 1
                ap = p1
                nat = nat1
                dt = t0
                ds = s0
                dhp = hp0
                att1 += 1
            # The first punch.
            dice += 2
            if tracing:
                trace[pos] = p_first // 6 + 1
                trace[pos + 1] = p_first % 6 + 1
                pos += 2
            d1 = np.int64(damage[ap, dt, p_first])
            hb = dhp
            k1 = kind[p_first]
            dhp = np.int64(hp_after[k1 & 1, hb + HP_OFF, d1])
            down = knocked1[k1, hb + HP_OFF, d1]
            heavy = np.int64(penalty[p_first])
            extra = np.int64(-1)
            if down == 0 and combo and nat >= COMBO_NATURAL:
                state, extra = below(state, high, EXTRA_N)
                p_second = extra // 36
                dice += 2
                if tracing:
                    trace[pos] = p_second // 6 + 1
                    trace[pos + 1] = p_second % 6 + 1
                    pos += 2
                d2 = np.int64(damage[ap, dt, p_second])
                k2 = kind[p_second]
                h1 = dhp
                dhp = np.int64(hp_after[k2 & 1, h1 + HP_OFF, d2])
                down = knocked[k2 >> 1, hb + HP_OFF, dhp + HP_OFF]
                pen2 = np.int64(penalty[p_second])
                # The more damaging punch by the HP each actually took (a Left Jab's floor counts),
                # the heavier penalty on equal HP; a Special Move always carries its own (rules 1.2;
                # the first punch is never one here: a Special Move floors at once).
                taken1 = hb - h1
                taken2 = h1 - dhp
                if k2 >> 1 or taken2 > taken1 or (taken2 == taken1 and pen2 > heavy):
                    heavy = pen2
            if down != 0:
                new_t = np.int64(pen_t[dt, ds, heavy])
                ds = np.int64(pen_s[dt, ds, heavy])
                dt = new_t
                if att == 0:
                    kd1 += 1
                else:
                    kd0 += 1
                if tko[hb + HP_OFF, dhp + HP_OFF] != 0:
                    return TKO * 2 + att, turns, kd0, kd1, dice, pos
                if extra < 0:
                    state, extra = below(state, high, EXTRA_N)
                    g = extra // 36
                else:
                    g = extra % 36
                dice += 2
                if tracing:
                    trace[pos] = g // 6 + 1
                    trace[pos + 1] = g % 6 + 1
                    pos += 2
                gained = np.int64(gain[hb + HP_OFF, dhp + HP_OFF, g // 6 + g % 6 + 2])
                if gained == 0:
                    return KO * 2 + att, turns, kd0, kd1, dice, pos
                dhp = min(START_HP, dhp + gained)
            if att == 0:
                hp1 = dhp
                t1 = dt
                s1 = ds
            else:
                hp0 = dhp
                t0 = dt
                s0 = ds
        if rnd < rounds - 1:
            lost0 = np.int64(fatigue[att0])
            lost1 = np.int64(fatigue[att1])
            fat0 = fat0 + lost0 if cumulative else lost0
            fat1 = fat1 + lost1 if cumulative else lost1
            hp0 = min(START_HP, hp0 + INTERVAL_HEAL)
            hp1 = min(START_HP, hp1 + INTERVAL_HEAL)
        elif final_heal:
            hp0 = min(START_HP, hp0 + INTERVAL_HEAL)
            hp1 = min(START_HP, hp1 + INTERVAL_HEAL)
    if hp0 == hp1:
        return DRAW_CODE, turns, kd0, kd1, dice, pos
    return DECISION * 2 + (0 if hp0 > hp1 else 1), turns, kd0, kd1, dice, pos


@njit(cache=True, _nrt=False)
def play_block(key, start, lo, hi, p0, s0, t0, p1, s1, t1, rounds, combo, cumulative, final_heal,
               damage, kind, penalty, hp_after, knocked1, knocked, tko, gain, pen_t, pen_s, fatigue, dummy,
               codes, turns, kd0, kd1, dice):
    """Bouts ``lo .. hi - 1`` of the chunk. Compiled without numba's reference counting
    (``_nrt=False``; it allocates nothing): with it, a plain loop (the ahead-of-time build's)
    increments and decrements every array passed to ``play_bout`` for every bout, atomically,
    which made that build much slower than the JIT kernel; numba leaves them out in a parallel loop."""
    for j in range(lo, hi):
        state = bout_state(key, start + j)
        c, tn, k0, k1, d, _ = play_bout(state, p0, s0, t0, p1, s1, t1, rounds, combo, cumulative, final_heal,
                                        damage, kind, penalty, hp_after, knocked1, knocked, tko, gain,
                                        pen_t, pen_s, fatigue, dummy, False)
        codes[j] = c
        turns[j] = tn
        kd0[j] = k0
        kd1[j] = k1
        dice[j] = d


@njit(parallel=True, cache=True)
def run_chunk(key, start, count, p0, s0, t0, p1, s1, t1, rounds, combo, cumulative, final_heal,
              damage, kind, penalty, hp_after, knocked1, knocked, tko, gain, pen_t, pen_s, fatigue,
              codes, turns, kd0, kd1, dice):
    """Bouts ``start .. start + count - 1``; per-bout results go into the output arrays."""
    dummy = np.zeros(1, np.int8)
    blocks = (count + BLOCK - 1) // BLOCK
    for b in prange(blocks):
        play_block(key, start, b * BLOCK, min(count, (b + 1) * BLOCK), p0, s0, t0, p1, s1, t1, rounds, combo,
                   cumulative, final_heal, damage, kind, penalty, hp_after, knocked1, knocked, tko, gain, pen_t, pen_s,
                   fatigue, dummy, codes, turns, kd0, kd1, dice)


@njit(cache=True)
def trace_bouts(key, start, count, p0, s0, t0, p1, s1, t1, rounds, combo, cumulative, final_heal,
                damage, kind, penalty, hp_after, knocked1, knocked, tko, gain, pen_t, pen_s, fatigue,
                traces, lengths, codes, turns, kd0, kd1, dice):
    """Like ``run_chunk`` on one thread, also writing every die face in the reference engine's
    order into ``traces[j, :lengths[j]]``."""
    for j in range(count):
        state = bout_state(key, start + j)
        c, tn, k0, k1, d, n = play_bout(state, p0, s0, t0, p1, s1, t1, rounds, combo, cumulative, final_heal,
                                        damage, kind, penalty, hp_after, knocked1, knocked, tko, gain,
                                        pen_t, pen_s, fatigue, traces[j], True)
        codes[j] = c
        turns[j] = tn
        kd0[j] = k0
        kd1[j] = k1
        dice[j] = d
        lengths[j] = n


@njit(parallel=True, cache=True)
def dice_rate_kernel(key, blocks, words, sides):
    """Raw speed of the in-loop generator: ``blocks`` streams of ``words`` words, each word giving
    two unbiased dice (one per 32-bit half). Returns the sum of the faces, so that nothing is
    optimised away. Used by ``make bench``."""
    total = 0
    n = np.uint64(sides)
    for j in prange(blocks):
        state = bout_state(key, j)
        sub = 0
        for _ in range(words):
            state, w = next_word(state)
            state, v = below(state, w & MASK32, n)
            state, x = below(state, w >> SH32, n)
            sub += v + x + 2
        total += sub
    return total
