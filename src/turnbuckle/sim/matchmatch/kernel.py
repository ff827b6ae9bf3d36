"""The fast MatchMatch match, compiled with numba. Import this module only when the fast engine runs.

One match is a pure function of (key, match index, setup): its generator is SplitMix64 started
from ``mix64(key + index * GOLDEN)``, so a match's dice never depend on which thread plays it,
and results are identical for any thread count.

Dice are unbiased: each 64-bit word gives two 32-bit halves, and each roll takes one half and
maps it below the number of outcomes by Lemire's multiply-and-reject method. 3d6 is one draw
below 216 and 2d6 one below 36 (ordered faces). Every face is kept exactly as the reference
engine asks for it, so a traced match replays through the reference engine (``trace_matches``).

The rules come from the arrays of ``tables.py``; this file holds the flow of a match, which must
follow ``rulesets/matchmatch/engine.py`` (tests replay traced matches through it). Per-match
state lives in a row of a work array (no allocation per match): one row a block of ``BLOCK``
matches, which plays its matches one after another and so can reuse the row (a match sets every
field it reads: a test plays a run on rows full of leftovers against its trace). Keep everything
in this one file: numba's cache only notices edits to the file of the function it compiled.
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
U6 = np.uint64(6)
#: Faces of a grid cell's die: the seven grid styles (checked by a test).
GRID_FACES = 7
U7 = np.uint64(GRID_FACES)
U36 = np.uint64(36)
U216 = np.uint64(216)
U7_8 = np.uint64(GRID_FACES**8)
U7_9 = np.uint64(GRID_FACES**9)
#: The engine's bound on style rerolls and on roll-off passes for the lowest total
#: (engine.MAX_REROLLS; checked by a test).
MAX_REROLLS = 200
#: Matches per parallel iteration, played by ``play_block``.
BLOCK = 256
#: Round-type codes the flow names (their index in rounds.ROUND_TYPES; checked by a test).
KIND_NORMAL = 0
KIND_HIGH_SPOT = 2
#: A High Risk face that earns an extra die (tables.HIGH_RISK_EXTRA_FACE; checked by a test).
EXTRA_FACE = 3
STAMINA = 8
#: Outcome codes: 2 * method + winner (methods: pinfall, submission, count-out, dq), then these.
DOUBLE_DQ = 8
DOUBLE_COUNT_OUT = 9
DRAW = 10
ERROR = -1

#: The most sides a match has (the ruleset's max_sides; checked by a test).
MAX_SIDES = 8
# The work row: values of side s at s * 9 (8 styles, then Stamina), then per-side and per-match
# fields at these offsets.
INJ = 72
THR = 80
HS = 88
SP = 96
OUT = 104
KIND = 112
TARGET = 120
TOTAL = 128
DQF = 136
TIED = 144
SEEN = 152
INLIST = 160
LIST = 168  # the match's style list (up to 16 entries)
GRID = 184  # the 9 grid cells
POS = 193  # dice rolled so far
HURT = 194  # injuries suffered in the match
ROLL = 195  # each side's roll in a roll-off for the lowest total
WORK = 203


@njit(cache=True, inline="always")
def mix64(z):
    z = (z ^ (z >> SH30)) * MUL1
    z = (z ^ (z >> SH27)) * MUL2
    return z ^ (z >> SH31)


@njit(cache=True, inline="always")
def half(st, buf, have):
    """The next 32 random bits: the high half of the last word, or the low half of a new one.
    The generator's state travels as scalars (``st``, ``buf``, ``have``) so it stays in registers."""
    if have:
        return st, buf, False, buf
    st = st + GOLDEN
    x = mix64(st)
    return st, x >> SH32, True, x & MASK32


@njit(cache=True, inline="always")
def below(st, buf, have, n):
    """A uniform integer in 0 .. n - 1 (n < 2**32), unbiased, as an unsigned number (cheap to
    split into faces: unsigned division by a constant is a multiply and a shift)."""
    st, buf, have, x = half(st, buf, have)
    m = x * n
    low = m & MASK32
    if low < n:
        threshold = (TWO32 - n) % n
        for _ in range(MAX_REJECTIONS):
            if low >= threshold:
                break
            st, buf, have, x = half(st, buf, have)
            m = x * n
            low = m & MASK32
    return st, buf, have, m >> SH32


@njit(cache=True, inline="always")
def note(w, row, trace, tracing, face):
    if tracing and w[row, POS] < trace.shape[0]:  # a longer match is refused by fast.trace
        trace[w[row, POS]] = face
    w[row, POS] += 1


@njit(cache=True, inline="always")
def die(st, buf, have, w, row, trace, tracing, sides):
    st, buf, have, u = below(st, buf, have, np.uint64(sides))
    f = np.int64(u) + 1
    note(w, row, trace, tracing, f)
    return st, buf, have, f


@njit(cache=True, inline="always")
def two_d6(st, buf, have, w, row, trace, tracing):
    st, buf, have, u = below(st, buf, have, U36)
    q = u // U6
    a = np.int64(q) + 1
    b = np.int64(u - q * U6) + 1
    note(w, row, trace, tracing, a)
    note(w, row, trace, tracing, b)
    return st, buf, have, a, b


@njit(cache=True, inline="always")
def three_d6(st, buf, have, w, row, trace, tracing):
    st, buf, have, u = below(st, buf, have, U216)
    q = u // U36
    r = u - q * U36
    p = r // U6
    a = np.int64(q) + 1
    b = np.int64(p) + 1
    c = np.int64(r - p * U6) + 1
    note(w, row, trace, tracing, a)
    note(w, row, trace, tracing, b)
    note(w, row, trace, tracing, c)
    return st, buf, have, a, b, c


@njit(cache=True, inline="always")
def grid_cells(st, buf, have, w, row, trace, tracing):
    """The nine grid cells (each a d7, in order) from one draw below 7**9."""
    st, buf, have, u = below(st, buf, have, U7_9)
    p = U7_8
    for cell in range(9):
        q = u // p
        u = u - q * p
        p = p // U7
        f = np.int64(q) + 1
        note(w, row, trace, tracing, f)
        w[row, GRID + cell] = f - 1
    return st, buf, have


@njit(cache=True, inline="always")
def take_damage(w, row, s, target, amount):
    """engine.apply_damage: a style stops at 0, the rest goes to Stamina, which stops at 0."""
    rest = amount
    if target != STAMINA:
        taken = min(w[row, s * 9 + target], rest)
        w[row, s * 9 + target] -= taken
        rest -= taken
    w[row, s * 9 + STAMINA] -= min(w[row, s * 9 + STAMINA], rest)


@njit(cache=True, inline="always")
def injury_check(st, buf, have, w, row, trace, tracing, s, style, cripple, defenses, scalars, members):
    """An injury check on side ``s``; a team of ``members`` (2 or more) that is injured rolls a
    die for the member who takes the point (it changes nothing counted here)."""
    st, buf, have, a, b, c = three_d6(st, buf, have, w, row, trace, tracing)
    total = a + b + c - w[row, s * 9 + STAMINA] - w[row, s * 9 + style] - defenses[s, style] + scalars[7 + cripple]
    if total >= scalars[9]:
        w[row, INJ + s] += 1
        w[row, HURT] += 1
        if members > 1:
            st, buf, have, _ = die(st, buf, have, w, row, trace, tracing, members)
    return st, buf, have


@njit(cache=True, inline="always")
def victory_check(st, buf, have, w, row, trace, tracing, win, lose, kind, pin_base, pin_need, natural):
    st, buf, have, a, b, c = three_d6(st, buf, have, w, row, trace, tracing)
    roll = a + b + c
    zero = 0
    for sx in range(8):
        if w[row, INLIST + sx] != 0 and w[row, lose * 9 + sx] == 0:
            zero += 1
    total = roll + pin_base[win, lose, kind] + zero + w[row, INJ + lose] - w[row, lose * 9 + STAMINA]
    return st, buf, have, roll == natural or total >= pin_need


@njit(cache=True, _nrt=False)  # a plain call, not inlined: see play_block
def play_match(st, w, row, trace, tracing,
               scalars, style_list, grid_fixed, adv, values, defenses, threshold, sides, plan_kind, plan_target,
               cond, kinds, hr_value, damage, pin_base):
    """One match. Returns (outcome code, rounds played); dice and injuries are left in ``w``.
    Outcome codes: ``n * method + winner`` (methods: pinfall, submission, count-out, dq), then
    ``4 * n`` + 0 (double DQ), 1 (double count-out), 2 (draw)."""
    rounds = scalars[0]
    grid_slot = scalars[1]
    die_sides = scalars[2]
    column = scalars[3]
    grid_row = scalars[4]
    referee_roll = scalars[5] != 0
    injury_threshold = scalars[6]
    pin_need = scalars[10]
    natural = scalars[11]
    n = scalars[12]
    none = 4 * n
    buf = np.uint64(0)
    have = False
    w[row, POS] = 0
    w[row, HURT] = 0
    for s in range(n):
        for t in range(9):
            w[row, s * 9 + t] = values[s, t]
        w[row, INJ + s] = sides[s, 0]
        w[row, HS + s] = 0
        w[row, SP + s] = 0
        w[row, OUT + s] = 0
    for sx in range(8):
        w[row, SEEN + sx] = 0
        w[row, INLIST + sx] = 0
    ref = 0
    if referee_roll:
        st, buf, have, a, b = two_d6(st, buf, have, w, row, trace, tracing)
        ref = a + b
    for s in range(n):
        w[row, THR + s] = threshold[s, ref]
    # The grid, then the picks: the first side's column, the second side's row.
    if grid_fixed[0] >= 0:
        for cell in range(9):
            w[row, GRID + cell] = grid_fixed[cell]
    else:
        st, buf, have = grid_cells(st, buf, have, w, row, trace, tracing)
    col = column
    if col < 0:
        best = -(1 << 30)
        for c in range(3):
            total = adv[0, w[row, GRID + c]] + adv[0, w[row, GRID + 3 + c]] + adv[0, w[row, GRID + 6 + c]]
            if total > best:
                best = total
                col = c
    rw = grid_row
    if rw < 0:
        best = -(1 << 30)
        for r in range(3):
            total = adv[1, w[row, GRID + 3 * r]] + adv[1, w[row, GRID + 3 * r + 1]] + adv[1, w[row, GRID + 3 * r + 2]]
            if total > best:
                best = total
                rw = r
    length = style_list.shape[0]
    for i in range(length):
        sx = style_list[i] if i != grid_slot else w[row, GRID + 3 * rw + col]
        w[row, LIST + i] = sx
        w[row, INLIST + sx] = 1

    for rnd in range(1, rounds + 1):
        style = -1
        for _ in range(MAX_REROLLS):
            st, buf, have, face = die(st, buf, have, w, row, trace, tracing, die_sides)
            if face <= length:
                style = w[row, LIST + face - 1]
                break
        if style < 0:
            return ERROR, rnd
        w[row, SEEN + style] += 1
        occ = w[row, SEEN + style]
        # Each side's action: planned, a conditional, then what is still allowed.
        for s in range(n):
            if w[row, OUT + s] != 0:
                continue
            kind = np.int64(plan_kind[s, rnd, style, occ])
            target = np.int64(plan_target[s, rnd, style, occ])
            for c in range(cond.shape[1]):
                if cond[s, c, 0] < 0:
                    break
                if cond[s, c, 1] != rnd:
                    continue
                unused = w[row, SP + s] < sides[s, 2] if cond[s, c, 0] == 0 else w[row, HS + s] < sides[s, 1]
                if unused:
                    kind = np.int64(cond[s, c, 2])
                    target = np.int64(cond[s, c, 3])
                    break
            if (kind == KIND_HIGH_SPOT and w[row, HS + s] >= sides[s, 1]) or \
                    (kinds[kind, 4] != 0 and w[row, SP + s] >= sides[s, 2]) or kinds[kind, 0] != 0:
                kind = KIND_NORMAL
            if kind == KIND_HIGH_SPOT:
                w[row, HS + s] += 1
            if kinds[kind, 4] != 0:
                w[row, SP + s] += 1
            w[row, KIND + s] = kind
            w[row, TARGET + s] = target
        # The attacks, in side order.
        any_dq = False
        for s in range(n):
            if w[row, OUT + s] != 0:
                continue
            kind = w[row, KIND + s]
            st, buf, have, a, b, c = three_d6(st, buf, have, w, row, trace, tracing)
            if kinds[kind, 5] != 0:
                total = hr_value[a] + hr_value[b] + hr_value[c]
                if a == EXTRA_FACE:
                    st, buf, have, f = die(st, buf, have, w, row, trace, tracing, 6)
                    total += f
                if b == EXTRA_FACE:
                    st, buf, have, f = die(st, buf, have, w, row, trace, tracing, 6)
                    total += f
                if c == EXTRA_FACE:
                    st, buf, have, f = die(st, buf, have, w, row, trace, tracing, 6)
                    total += f
            else:
                total = a + b + c
            w[row, DQF + s] = 0
            if kinds[kind, 2] != 0:
                st, buf, have, x, y = two_d6(st, buf, have, w, row, trace, tracing)
                if x + y >= w[row, THR + s]:
                    w[row, DQF + s] = 1
                    any_dq = True
                else:
                    total += x + y
                    w[row, THR + s] -= 1
                    if kinds[kind, 3] != 0:
                        st, buf, have, x, y = two_d6(st, buf, have, w, row, trace, tracing)
                        total += x + y
            w[row, TOTAL + s] = total + w[row, s * 9 + style] + kinds[kind, 1]
        if any_dq:
            # Disqualified sides leave; one side left wins, none left is a double DQ.
            left = 0
            last = -1
            for s in range(n):
                if w[row, OUT + s] == 0 and w[row, DQF + s] != 0:
                    w[row, OUT + s] = 1
                if w[row, OUT + s] == 0:
                    left += 1
                    last = s
            if left == 0:
                return none, rnd
            if left == 1:
                return 3 * n + last, rnd
            continue
        top = -(1 << 30)
        low = 1 << 30
        for s in range(n):
            if w[row, OUT + s] == 0:
                top = max(top, w[row, TOTAL + s])
                low = min(low, w[row, TOTAL + s])
        k = 0
        for s in range(n):
            if w[row, OUT + s] == 0 and w[row, TOTAL + s] == top:
                w[row, TIED + k] = s
                k += 1
        if k == 1:
            win = w[row, TIED]
            # Sides tied for the lowest total roll a d6 each, in side order; those tied for the
            # lowest roll go again; the lowest roll loses the round.
            tl = 0
            for s in range(n):
                if w[row, OUT + s] == 0 and w[row, TOTAL + s] == low:
                    w[row, TIED + tl] = s
                    tl += 1
            passes = 0
            while tl > 1:
                if passes >= MAX_REROLLS:
                    return ERROR, rnd
                passes += 1
                least = 7
                for j in range(tl):
                    st, buf, have, f = die(st, buf, have, w, row, trace, tracing, 6)
                    w[row, ROLL + w[row, TIED + j]] = f
                    least = min(least, f)
                m = 0
                for j in range(tl):
                    s = w[row, TIED + j]
                    if w[row, ROLL + s] == least:
                        w[row, TIED + m] = s
                        m += 1
                tl = m
            lose = w[row, TIED]
            kind = w[row, KIND + win]
            margin = top - low
            dealt = np.int64(damage[kind, margin, defenses[lose, style]])
            take_damage(w, row, lose, w[row, TARGET + win], dealt)
            cripple = 1 if (kinds[kind, 6] != 0 and dealt >= 1) else 0
            if dealt >= injury_threshold or cripple == 1:
                st, buf, have = injury_check(st, buf, have, w, row, trace, tracing, lose, style, cripple,
                                             defenses, scalars, sides[lose, 3])
            st, buf, have, won = victory_check(st, buf, have, w, row, trace, tracing, win, lose, kind, pin_base,
                                               pin_need, natural)
            if won:
                return n * np.int64(kinds[kind, 7]) + win, rnd
            continue
        # A tie at the top: each tied side takes 1 on the next one's target, then each goes for
        # the win over the one before it.
        for j in range(k):
            s = w[row, TIED + j]
            hitter = w[row, TIED + (j + 1) % k]
            take_damage(w, row, s, w[row, TARGET + hitter], 1)
            if injury_threshold <= 1:
                st, buf, have = injury_check(st, buf, have, w, row, trace, tracing, s, style, 0, defenses, scalars,
                                             sides[s, 3])
        winners = 0
        first = -1
        for j in range(k):
            s = w[row, TIED + j]
            victim = w[row, TIED + (j - 1 + k) % k]
            st, buf, have, won = victory_check(st, buf, have, w, row, trace, tracing, s, victim, w[row, KIND + s],
                                               pin_base, pin_need, natural)
            if won:
                winners += 1
                if first < 0:
                    first = s
        if winners > 1:
            return none + 1, rnd
        if winners == 1:
            return n * np.int64(kinds[w[row, KIND + first], 7]) + first, rnd
    return none + 2, rounds


@njit(cache=True, _nrt=False)
def play_block(key, start, lo, hi, work, dummy,
               scalars, style_list, grid_fixed, adv, values, defenses, threshold, sides, plan_kind, plan_target,
               cond, kinds, hr_value, damage, pin_base,
               codes, lengths, dice, hurt):
    """Matches ``lo .. hi - 1`` of the chunk. Compiled without numba's reference counting
    (``_nrt=False``; it allocates nothing): with it, a plain loop (the ahead-of-time build's)
    increments and decrements every array passed to ``play_match`` for every match, atomically,
    which made that build slower than the JIT kernel; numba leaves them out in a parallel loop.

    ``play_match`` is called, not inlined into this loop at numba's IR level (``inline="always"``):
    inlining made numba copy the match's whole IR, its helpers already inlined, which took about
    three quarters of a first build's minute and 1 GB; called, it is compiled once (about half
    the time, a quarter of the memory) and, compiled without reference counting too, costs a few
    percent of the speed (docs/decisions/odds.md)."""
    row = lo // BLOCK  # the block's own work row (blocks may play at once on the JIT kernel's threads)
    for j in range(lo, hi):
        st = mix64(key + (np.uint64(start) + np.uint64(j)) * GOLDEN)
        c, n = play_match(st, work, row, dummy, False,
                          scalars, style_list, grid_fixed, adv, values, defenses, threshold, sides, plan_kind,
                          plan_target, cond, kinds, hr_value, damage, pin_base)
        codes[j] = c
        lengths[j] = n
        dice[j] = work[row, POS]
        hurt[j] = work[row, HURT]


@njit(parallel=True, cache=True)
def run_chunk(key, start, count, work,
              scalars, style_list, grid_fixed, adv, values, defenses, threshold, sides, plan_kind, plan_target,
              cond, kinds, hr_value, damage, pin_base,
              codes, lengths, dice, hurt):
    """Matches ``start .. start + count - 1``; per-match results go into the output arrays."""
    dummy = np.zeros(1, np.int8)
    blocks = (count + BLOCK - 1) // BLOCK
    for b in prange(blocks):
        play_block(key, start, b * BLOCK, min(count, (b + 1) * BLOCK), work, dummy,
                   scalars, style_list, grid_fixed, adv, values, defenses, threshold, sides, plan_kind, plan_target,
                   cond, kinds, hr_value, damage, pin_base, codes, lengths, dice, hurt)


@njit(cache=True)
def trace_matches(key, start, count, work,
                  scalars, style_list, grid_fixed, adv, values, defenses, threshold, sides, plan_kind,
                  plan_target, cond, kinds, hr_value, damage, pin_base,
                  traces, codes, lengths, dice, hurt):
    """Like ``run_chunk`` on one thread, also writing every die face in the reference engine's
    order into ``traces[j, :dice[j]]``."""
    for j in range(count):
        st = mix64(key + (np.uint64(start) + np.uint64(j)) * GOLDEN)
        c, n = play_match(st, work, j, traces[j], True,
                          scalars, style_list, grid_fixed, adv, values, defenses, threshold, sides, plan_kind,
                          plan_target, cond, kinds, hr_value, damage, pin_base)
        codes[j] = c
        lengths[j] = n
        dice[j] = work[j, POS]
        hurt[j] = work[j, HURT]
