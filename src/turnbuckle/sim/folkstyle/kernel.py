# mypy: ignore-errors
# (compiled code: numba, not mypy, types it; its tests replay it exactly through the reference engine)
"""The fast folkstyle match, compiled with numba. Import this module only when the fast engine runs.

One match is a pure function of (key, match index, tables, options): its generator is SplitMix64
started from ``mix64(key + index * GOLDEN)``, so results are identical for any thread count.

Dice are drawn without bias by Lemire's multiply-and-reject method on the low 32 bits of a
word: one word per turn gives a number below 6**5 (both move dice, both quality dice and the
follow-up die; the follow-up face is used, and counted, only when the turn rolls it), and one
word per roll-off attempt gives a number below 36 (both wrestlers' d6). Faces are kept in the
order the reference engine rolls them, so a match can be traced and replayed through it.

The rules come from the arrays of ``tables.py``; this file holds only the flow of a match
(``rulesets/folkstyle/engine.py``): the colour roll-off, three periods of three turns, stalling
calls, the chosen periods, riding time, and overtime cycles (sudden victory, two chosen periods,
the top-time tiebreak) until someone wins or ``cycles`` cycles end level (rules 1.1: the safety
cap, ``CAP_CODE``), which tests replay through the reference engine match by match.

Stalling streaks live in one integer: two bits per (colour, move key), holding 0..2 uses.
Keep everything in this one file: numba's cache only notices edits to the file it compiled.
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
TURN_N = np.uint64(6**5)
ROLLOFF_N = np.uint64(36)
#: Bounded: a rejection has chance below 2e-6, so 64 in a row never happens.
MAX_REJECTIONS = 64

TURNS = 3  # checked equal to the engine's constants by a test
PERIODS = 3
MAX_ROLLOFF_TIES = 50
STALL_USES = 3
CALLS_PER_POINT = 2

# Outcome codes: method * 2 + winning setup side; CAP_CODE for a match the safety cap stopped.
PIN, DECISION, SUDDEN, OVERTIME, TOP_TIME = 0, 1, 2, 3, 4
CAP_CODE = 10
# Choice codes (tables.CHOICE_CODES).
TOP, BOTTOM, NEUTRAL, DEFER = 0, 1, 2, 3
#: Matches per parallel iteration, played by ``play_block``.
BLOCK = 1024


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
def draw(state, n):
    """A uniform integer below ``n`` from a fresh word's low 32 bits (Lemire, with rejection)."""
    state, w = next_word(state)
    m = (w & MASK32) * n
    low = m & MASK32
    if low < n:
        threshold = (TWO32 - n) % n
        for _ in range(MAX_REJECTIONS):
            if low >= threshold:
                break
            state, w = next_word(state)
            m = (w & MASK32) * n
            low = m & MASK32
    return state, np.int64(m >> SH32)


@njit(cache=True, inline="always")
def match_state(key, index):
    return mix64(key + np.uint64(index) * GOLDEN)


@njit(cache=True, inline="always")
def rolloff(state, dice, pos, trace, tracing):
    """A d6 each, ties again (at most MAX_ROLLOFF_TIES re-rolls, then the first takes it).
    Returns (state, winner 0/1, dice, trace length)."""
    for _ in range(MAX_ROLLOFF_TIES + 1):
        state, v = draw(state, ROLLOFF_N)
        a = v // 6
        b = v - a * 6
        dice += 2
        if tracing:
            trace[pos] = a + 1
            trace[pos + 1] = b + 1
            pos += 2
        if a != b:
            return state, 0 if a > b else 1, dice, pos
    return state, 0, dice, pos


@njit(cache=True, inline="always")
def start_of(choice, chooser):
    """The position index (0 neutral, 1 Red top, 2 Green top) that ``choice`` by ``chooser`` starts."""
    if choice == TOP:
        return chooser + 1
    if choice == BOTTOM:
        return 2 - chooser
    return 0


@njit(cache=True, inline="always")
def play_match(state, turn, key, pick, riding, threshold, cycles, trace, tracing):
    """One match. Returns (outcome code, period, turn, dice, stalling calls, riding point given,
    trace length)."""
    dice = 0
    pos = 0
    state, order, dice, pos = rolloff(state, dice, pos, trace, tracing)
    s0 = 0
    s1 = 0
    c0 = 0
    c1 = 0
    rode = 0
    period = 0
    for block in range(cycles + 1):
        ot = 1 if block > 0 else 0
        tt0 = 0
        tt1 = 0
        later = 0
        for k in range(PERIODS):
            period = block * PERIODS + k + 1
            if k == 0:
                p = 0
            elif k == 1:
                state, winner, dice, pos = rolloff(state, dice, pos, trace, tracing)
                choice = pick[order, ot, 1, winner, c0 & 1, c1 & 1]
                chooser = winner
                later = 1 - winner
                if choice == DEFER:
                    chooser = 1 - winner
                    later = winner
                    choice = pick[order, ot, 0, chooser, c0 & 1, c1 & 1]
                p = start_of(choice, chooser)
            else:
                p = start_of(pick[order, ot, 0, later, c0 & 1, c1 & 1], later)
            sudden = block > 0 and k == 0
            streaks = 0
            for t in range(TURNS):
                if p == 1:
                    tt0 += 1
                elif p == 2:
                    tt1 += 1
                state, u = draw(state, TURN_N)
                e = np.int64(turn[order, p, u])
                fr = u // 1296
                fg = (u // 216) % 6
                dice += 4
                if tracing:
                    trace[pos] = fr + 1
                    trace[pos + 1] = fg + 1
                    trace[pos + 2] = (u // 36) % 6 + 1
                    trace[pos + 3] = (u // 6) % 6 + 1
                    pos += 4
                if e >> 12 & 1:
                    dice += 1
                    if tracing:
                        trace[pos] = u % 6 + 1
                        pos += 1
                b0 = s0
                b1 = s1
                s0 += e >> 2 & 7
                s1 += e >> 5 & 7
                np_ = e & 3
                if np_ != p:
                    streaks = 0
                else:
                    if e >> 10 & 1:
                        sh = 2 * np.int64(key[order, 0, p, fr])
                        n = streaks >> sh & 3
                        if n + 1 >= STALL_USES:
                            streaks &= ~(3 << sh)
                            c0 += 1
                            if c0 % CALLS_PER_POINT == 0:
                                s1 += 1
                        else:
                            streaks += 1 << sh
                    if e >> 11 & 1:
                        sh = 12 + 2 * np.int64(key[order, 1, p, fg])
                        n = streaks >> sh & 3
                        if n + 1 >= STALL_USES:
                            streaks &= ~(3 << sh)
                            c1 += 1
                            if c1 % CALLS_PER_POINT == 0:
                                s0 += 1
                        else:
                            streaks += 1 << sh
                pin = e >> 8 & 3
                if pin:
                    return PIN * 2 + ((pin - 1) ^ order), period, t + 1, dice, c0 + c1, rode, pos
                p = np_
                if sudden and (s0 != b0 or s1 != b1) and s0 != s1:
                    lead = 0 if s0 > s1 else 1
                    return SUDDEN * 2 + (lead ^ order), period, t + 1, dice, c0 + c1, rode, pos
        if block == 0:
            diff = tt0 - tt1
            if riding and (diff >= threshold or -diff >= threshold):
                rode = 1
                if diff > 0:
                    s0 += 1
                else:
                    s1 += 1
            if s0 != s1:
                lead = 0 if s0 > s1 else 1
                return DECISION * 2 + (lead ^ order), period, TURNS, dice, c0 + c1, rode, pos
        else:
            if s0 != s1:
                lead = 0 if s0 > s1 else 1
                return OVERTIME * 2 + (lead ^ order), period, TURNS, dice, c0 + c1, rode, pos
            if tt0 != tt1:
                lead = 0 if tt0 > tt1 else 1
                return TOP_TIME * 2 + (lead ^ order), period, TURNS, dice, c0 + c1, rode, pos
    return CAP_CODE, period, TURNS, dice, c0 + c1, rode, pos


@njit(cache=True, _nrt=False)
def play_block(key, start, lo, hi, turn, keys, pick, riding, threshold, cycles, dummy,
               codes, lengths, dice, calls, rode):
    """Matches ``lo .. hi - 1`` of the chunk. Compiled without numba's reference counting
    (``_nrt=False``; it allocates nothing): with it, a plain loop (the ahead-of-time build's)
    increments and decrements every array the inlined ``play_match`` is given for every match,
    atomically; numba leaves them out in a parallel loop. The match is short (a few turns of
    table lookups), so it stays inlined here: a call would cost a noticeable share of it."""
    for j in range(lo, hi):
        state = match_state(key, start + j)
        c, per, tn, d, st, r, _ = play_match(state, turn, keys, pick, riding, threshold, cycles, dummy, False)
        codes[j] = c
        lengths[j] = (per - 1) * TURNS + tn
        dice[j] = d
        calls[j] = st
        rode[j] = r


@njit(parallel=True, cache=True)
def run_chunk(key, start, count, turn, keys, pick, riding, threshold, cycles,
              codes, lengths, dice, calls, rode):
    """Matches ``start .. start + count - 1``; per-match results go into the output arrays
    (``lengths`` in turns: (period - 1) * 3 + turn)."""
    dummy = np.zeros(1, np.int8)
    blocks = (count + BLOCK - 1) // BLOCK
    for b in prange(blocks):
        play_block(key, start, b * BLOCK, min(count, (b + 1) * BLOCK), turn, keys, pick, riding, threshold, cycles,
                   dummy, codes, lengths, dice, calls, rode)


@njit(cache=True)
def trace_matches(key, start, count, turn, keys, pick, riding, threshold, cycles,
                  traces, used, codes, periods, turns, dice, calls, rode):
    """Like ``run_chunk`` on one thread, also writing every die face in the reference engine's
    order into ``traces[j, :used[j]]``."""
    for j in range(count):
        state = match_state(key, start + j)
        c, per, tn, d, st, r, n = play_match(state, turn, keys, pick, riding, threshold, cycles,
                                             traces[j], True)
        codes[j] = c
        periods[j] = per
        turns[j] = tn
        dice[j] = d
        calls[j] = st
        rode[j] = r
        used[j] = n
