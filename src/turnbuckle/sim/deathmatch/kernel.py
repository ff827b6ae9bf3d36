"""The fast Deathmatch battle, compiled with numba. Import this module only when the fast engine runs.

One battle is a pure function of (key, battle index, tables, options): its generator is
SplitMix64 started from ``mix64(key + index * GOLDEN)``, so a battle's dice never depend on which
thread plays it or on what ran before, and results are identical for any thread count.

Dice are drawn without bias, one 32-bit half of a 64-bit word at a time (the other half is kept
for the next draw), by Lemire's multiply-and-reject method, so each draw is exactly uniform:

- a round's initiative: up to ten d6 from one draw below 6**10 (faces are its base-6 digits);
- an attack: the attack and defence d6 as one draw below 36;
- a coin (d2): one random bit (32 coins per half-word);
- a pair of rock-paper-scissors throws (two d3, one draw below 9), and the random policy's
  target die (one face per standing enemy).

Faces are kept exactly as the reference engine would see them and can be recorded in its order,
so a battle can be traced and replayed through the reference engine (``trace_battles``).

The rules come from the arrays of ``tables.py``; this file holds only the flow of a battle, which
must match ``rulesets/deathmatch/engine.py``, ``initiative.py`` and ``policies.py`` (tests replay
traced battles through them). Keep everything in this one file: numba's cache only notices edits
to the file of the function it compiled.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, prange, types
from numba.extending import intrinsic

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MUL1 = np.uint64(0xBF58476D1CE4E5B9)
MUL2 = np.uint64(0x94D049BB133111EB)
MASK32 = np.uint64(0xFFFFFFFF)
TWO32 = np.uint64(1 << 32)
NONE = np.uint64(1 << 63)  # no spare half-word held
SH30 = np.uint64(30)
SH27 = np.uint64(27)
SH31 = np.uint64(31)
SH32 = np.uint64(32)
ONE = np.uint64(1)
U3 = np.uint64(3)
U6 = np.uint64(6)
U9 = np.uint64(9)
U36 = np.uint64(36)
#: Bounded: a rejection has chance below 1.5e-2 even for 6**10, so 64 in a row never happens.
MAX_REJECTIONS = 64
#: Initiative d6 drawn together (6**10 < 2**32, with a rejection chance of 4e-4).
INIT_GROUP = 10
POW6 = np.array([6**k for k in range(INIT_GROUP + 1)], np.uint64)

MAX_SIDES = 4  # must equal tables.MAX_SIDES (checked by a test)
#: Outcome codes: a win is the winning seat (0-3); a draw is DRAW_BASE + 16 * how + the bit set of
#: the seats still standing (who share it), ``how`` being STALEMATE, ROUND_LIMIT or SAFETY_CAP.
DRAW_BASE = MAX_SIDES
STALEMATE, ROUND_LIMIT, SAFETY_CAP = 0, 1, 2
#: Policy codes (tables.POLICY_CODE, checked by a test).
RANDOM, WEAKEST, STRONGEST, LOWEST_HP, MOST_DANGEROUS = 0, 1, 2, 3, 4
#: Bigger than any HP (99) and any power key: keys are packed into one integer.
HP_SCALE = 128
POWER_SCALE = 1024
NO_KEY = 1 << 60  # above every target key
#: Initiative buckets: total + BUCKET_OFF indexes one, from 1 (the lowest total after every
#: tie-break, 1 - 23) to 58 (6 + SPD 20).
BUCKET_OFF = 32
BUCKETS = 64
#: Matches per parallel block (each block owns its scratch arrays).
BLOCK = 512


@intrinsic
def high_bit(typingctx, x):
    """The index of the highest set bit of a positive int64: one count-leading-zeros instruction."""
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        zeros = builder.ctlz(args[0], ir.Constant(ir.IntType(1), 1))
        return builder.sub(ir.Constant(ir.IntType(64), 63), zeros)

    return sig, codegen


@intrinsic
def low_bit(typingctx, x):
    """The index of the lowest set bit of a nonzero int64: one count-trailing-zeros instruction."""
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return sig, codegen


@njit(cache=True, inline="always")
def mix64(z):
    z = (z ^ (z >> SH30)) * MUL1
    z = (z ^ (z >> SH27)) * MUL2
    return z ^ (z >> SH31)


@njit(cache=True, inline="always")
def take32(state, spare):
    """The next 32 random bits: the spare half of the last word, or a fresh word's low half."""
    if spare != NONE:
        return state, NONE, spare
    state = state + GOLDEN
    w = mix64(state)
    return state, w >> SH32, w & MASK32


@njit(cache=True, inline="always")
def draw(state, spare, n):
    """A uniform integer below ``n`` (Lemire's method; fresh bits on rejection)."""
    state, spare, x = take32(state, spare)
    m = x * n
    low = m & MASK32
    if low < n:
        threshold = (TWO32 - n) % n
        for _ in range(MAX_REJECTIONS):
            if low >= threshold:
                break
            state, spare, x = take32(state, spare)
            m = x * n
            low = m & MASK32
    return state, spare, m >> SH32


@njit(cache=True, inline="always")
def match_state(key, index):
    return mix64(key + np.uint64(index) * GOLDEN)


@njit(cache=True, inline="always")
def plain_key(policy, h, pw):
    """The key of a target with ``h`` HP and power ``pw`` under a policy whose key does not depend
    on the attacker (weakest, strongest, lowest-hp); smaller is preferred."""
    if policy == WEAKEST:
        return pw * HP_SCALE + h
    if policy == STRONGEST:
        return -(pw * HP_SCALE + h)
    return h * HP_SCALE - pw


@njit(cache=True, inline="always")
def target_key(policy, attacker, t, hp, power, danger):
    """A deterministic policy's key for target ``t`` (smaller is preferred; equal keys are a tie,
    broken by a die): the rules' key tuples packed into one integer."""
    if policy == MOST_DANGEROUS:
        return -danger[attacker, t] * POWER_SCALE + (3 - power[t]) * HP_SCALE + hp[t]
    return plain_key(policy, hp[t], power[t])


@njit(cache=True, inline="always")
def army_bits(seat_start, q):
    """The bits of army ``q``'s figures (standing or not)."""
    return (np.int64(1) << seat_start[q + 1]) - (np.int64(1) << seat_start[q])


@njit(cache=True, inline="always")
def refresh(policy, q, seat_start, live, hp, power, danger, best_t, best_k, best_n):
    """Army ``q``'s preferred targets under a policy whose key does not depend on the attacker:
    the first in table order (``best_t``), their key (``best_k``) and how many share it
    (``best_n``). Its standing figures are the set bits of ``live`` in ``army_bits``; none
    standing: -1, NO_KEY and 0."""
    bt = -1
    bk = NO_KEY
    bn = 0
    rest = live & army_bits(seat_start, q)
    while rest != 0:
        t = low_bit(rest)
        rest &= rest - 1
        key = plain_key(policy, hp[t], power[t])
        if key < bk:
            bt = t
            bk = key
            bn = 1
        elif key == bk:
            bn += 1
    best_t[policy, q] = bt
    best_k[policy, q] = bk
    best_n[policy, q] = bn


@njit(cache=True, inline="always")
def stalled(live, hurts):
    """No standing figure can ever damage a standing enemy (``hurts[k]``: the enemies k can hurt)."""
    rest = live
    while rest != 0:
        k = low_bit(rest)
        rest &= rest - 1
        if hurts[k] & live != 0:
            return False
    return True


@njit(cache=True, inline="always")
def draw_code(how, cnt):
    code = DRAW_BASE + 16 * how
    for s in range(MAX_SIDES):
        if cnt[s] > 0:
            code += 1 << s
    return code


@njit(cache=True, _nrt=False)  # a plain call, not inlined: see play_block
def play_match(state, nf, seat, spd, power, start_hp, damage, danger, hurts, policy, seat_start, used, beats,
               rps_tries, rps, flip_tries, limit, limited, best_t, best_k, best_n, hp, bucket, ordr, cnt,
               trace, tracing):
    """One battle. Returns (outcome code, rounds, figures standing, dice, trace length)."""
    spare = NONE
    bits = np.uint64(0)  # coin flips: single random bits, 32 at a time
    nbits = 0
    for s in range(MAX_SIDES):
        cnt[s] = 0
    live = np.int64(0)  # bit k set: figure k stands
    for k in range(nf):
        hp[k] = start_hp[k]
        cnt[seat[k]] += 1
        live |= np.int64(1) << k
    armies = seat[nf - 1] + 1  # seats are numbered from 0 in table order
    standing = 0
    for s in range(MAX_SIDES):
        if cnt[s] > 0:
            standing += 1
        for pk in range(WEAKEST, MOST_DANGEROUS):
            if used[pk]:
                refresh(pk, s, seat_start, live, hp, power, danger, best_t, best_k, best_n)
    dice = 0
    pos = 0
    rnd = 0
    width = trace.shape[0]
    stuck = stalled(live, hurts)
    r = 0
    while r < limit and not stuck:
        r += 1
        rnd = r
        na = 0  # the standing figures: the set bits of ``live``, in table order
        rest = live
        while rest != 0:
            na += 1
            rest &= rest - 1
        rest = live
        # Initiative: d6 + SPD for every standing figure, in table order. Each total has a bucket,
        # a bit set of the figures on it (bit k for figure k, so bit order is table order).
        occ = np.int64(0)  # bit v set: bucket v holds a figure
        g = 0
        while g < na:
            c = min(INIT_GROUP, na - g)
            state, spare, u = draw(state, spare, POW6[c])
            for _ in range(c):
                q = u // U6
                face = np.int64(u - q * U6) + 1
                u = q
                k = low_bit(rest)
                rest &= rest - 1
                v = face + spd[k] + BUCKET_OFF
                bucket[v] |= np.int64(1) << k
                occ |= np.int64(1) << v
                if tracing:
                    if pos < width:
                        trace[pos] = face
                    pos += 1
            g += c
        dice += na
        # Acting order and tie-breaks, from the highest total down. A bucket with two figures is
        # the highest shared total: they break the tie (coin or rock-paper-scissors) and the loser
        # drops to the bucket below. Three or more all flip a coin (a bit each, in table order):
        # tails drop, heads stay; all alike, they flip again. The last one left acts next.
        for placed in range(na):
            # The highest bucket still holding a figure: the highest set bit of ``occ``.
            v = high_bit(occ)
            high = np.int64(1) << v
            occ ^= high
            m = bucket[v]
            bucket[v] = 0
            while m & (m - 1) != 0:
                two = m & (m - 1)
                if two & (two - 1) != 0:  # three or more on this total
                    tails = np.int64(0)
                    for _ in range(flip_tries):
                        tails = np.int64(0)
                        x = m
                        while x != 0:
                            c1 = x & -x
                            x ^= c1
                            if nbits == 0:
                                state, spare, bits = take32(state, spare)
                                nbits = 32
                            tail = np.int64(bits & ONE)  # a 2 on the d2: tails
                            bits = bits >> ONE
                            nbits -= 1
                            tails |= c1 & -tail
                            dice += 1
                            if tracing:
                                if pos < width:
                                    trace[pos] = tail + 1
                                pos += 1
                        if tails != 0 and tails != m:
                            break
                    if tails == 0 or tails == m:  # a guard (FLIP_TRIES): only the first keeps its total
                        tails = m ^ (m & -m)
                    m ^= tails
                    bucket[v - 1] |= tails
                    occ |= high >> 1
                    continue
                c1 = m & -m
                rest = m ^ c1
                c2 = rest & -rest
                decided = False
                first_loses = np.int64(0)
                if rps:
                    first = low_bit(c1)
                    second = low_bit(c2)
                    if seat[first] != seat[second]:
                        for _ in range(rps_tries):
                            state, spare, x = draw(state, spare, U9)
                            a = np.int64(x // U3)
                            b = np.int64(x - (x // U3) * U3)
                            dice += 2
                            if tracing:
                                if pos + 1 < width:
                                    trace[pos] = a + 1
                                    trace[pos + 1] = b + 1
                                pos += 2
                            if a != b:
                                first_loses = np.int64(beats[a] != b)
                                decided = True
                                break
                if not decided:
                    if nbits == 0:
                        state, spare, bits = take32(state, spare)
                        nbits = 32
                    first_loses = np.int64(bits & ONE)  # a 2 on the coin: the second figure wins
                    bits = bits >> ONE
                    nbits -= 1
                    dice += 1
                    if tracing:
                        if pos < width:
                            trace[pos] = first_loses + 1
                        pos += 1
                loser = c2 ^ ((c1 ^ c2) & -first_loses)
                m ^= loser
                bucket[v - 1] |= loser
                occ |= high >> 1
            ordr[placed] = low_bit(m)
        # The attacks, in acting order.
        for oi in range(na):
            if standing < 2:
                break
            k = ordr[oi]
            if (live >> k) & 1 == 0:
                continue
            s = seat[k]
            pol = policy[s]
            best = -1
            tied = 0  # how many targets share the best key
            best_key = NO_KEY
            if pol == MOST_DANGEROUS:  # the key depends on the attacker: look at every enemy
                for t in range(nf):
                    if hp[t] > 0 and seat[t] != s:
                        key = target_key(pol, k, t, hp, power, danger)
                        if best < 0 or key < best_key:
                            best = t
                            best_key = key
                            tied = 1
                        elif key == best_key:
                            tied += 1
            elif pol != RANDOM:  # each enemy army's best is kept up to date, with its count
                for q in range(armies):
                    if q != s:
                        kq = best_k[pol, q]
                        if kq < best_key:
                            best = best_t[pol, q]
                            best_key = kq
                            tied = best_n[pol, q]
                        elif kq == best_key and kq != NO_KEY:
                            tied += best_n[pol, q]
            else:
                m = 0
                for q in range(armies):
                    if q != s:
                        m += cnt[q]
                pick = 0
                if m > 1:
                    state, spare, f = draw(state, spare, np.uint64(m))
                    pick = np.int64(f)
                    dice += 1
                    if tracing:
                        if pos < width:
                            trace[pos] = pick + 1
                        pos += 1
                for t in range(nf):
                    if hp[t] > 0 and seat[t] != s:
                        if pick == 0:
                            best = t
                            break
                        pick -= 1
            if tied > 1:  # equal targets: a die with one face per target, in table order
                state, spare, f = draw(state, spare, np.uint64(tied))
                pick = np.int64(f)
                dice += 1
                if tracing:
                    if pos < width:
                        trace[pos] = pick + 1
                    pos += 1
                for q in range(armies):
                    if q == s:
                        continue
                    rest = live & army_bits(seat_start, q)
                    while rest != 0:
                        t = low_bit(rest)
                        rest &= rest - 1
                        if target_key(pol, k, t, hp, power, danger) == best_key:
                            if pick == 0:
                                best = t
                            pick -= 1
                    if pick < 0:
                        break
            state, spare, p = draw(state, spare, U36)
            dice += 2
            if tracing:
                if pos + 1 < width:
                    pa = np.int64(p // U6)
                    trace[pos] = pa + 1
                    trace[pos + 1] = np.int64(p) - pa * 6 + 1
                pos += 2
            hit = np.int64(damage[k, best, p])
            before = hp[best]
            left = max(before - hit, 0)
            dead = np.int64(left == 0)
            live ^= dead << best
            q = seat[best]
            cnt[q] -= dead
            standing -= dead & np.int64(cnt[q] == 0)
            hp[best] = left
            if hit > 0:  # a miss changes no key
                for pk in range(WEAKEST, MOST_DANGEROUS):
                    if used[pk]:
                        old = plain_key(pk, before, power[best])
                        bk = best_k[pk, q]
                        if dead != 0:
                            if old == bk:  # one of the army's best is gone: count again
                                refresh(pk, q, seat_start, live, hp, power, danger, best_t, best_k, best_n)
                        else:
                            new = plain_key(pk, left, power[best])
                            if new > old:  # less preferred (strongest): only the army's best needs a look
                                if old == bk:
                                    refresh(pk, q, seat_start, live, hp, power, danger, best_t, best_k, best_n)
                            elif new < bk:
                                best_t[pk, q] = best
                                best_k[pk, q] = new
                                best_n[pk, q] = 1
                            elif new == bk:  # it was above the best before, so it joins the tie
                                best_n[pk, q] += 1
                                if best < best_t[pk, q]:
                                    best_t[pk, q] = best
            if dead != 0 and standing >= 2 and stalled(live, hurts):
                stuck = True  # nothing can be hurt any more: the battle ends at once
                break
        if standing < 2:
            break
    survivors = 0
    for k in range(nf):
        if hp[k] > 0:
            survivors += 1
    if standing == 1:
        code = 0
        for s in range(MAX_SIDES):
            if cnt[s] > 0:
                code = s
    elif stuck:
        code = draw_code(STALEMATE, cnt)
    elif limited:
        code = draw_code(ROUND_LIMIT, cnt)
    else:
        code = draw_code(SAFETY_CAP, cnt)
    return code, rnd, survivors, dice, pos


@njit(cache=True, _nrt=False)
def play_block(key, start, lo, hi, nf, seat, spd, power, start_hp, damage, danger, hurts, policy, seat_start, used,
               beats, rps_tries, rps, flip_tries, limit, limited, best_t, best_k, best_n, hp, bucket, ordr, cnt,
               dummy, codes, rounds, survivors, dice):
    """Battles ``lo .. hi - 1`` of the chunk, on the scratch arrays given. Compiled without numba's
    reference counting (``_nrt=False``; it allocates nothing): with it, a plain loop (the
    ahead-of-time build's) increments and decrements every array passed to ``play_match`` for
    every battle, atomically; numba leaves them out in a parallel loop, so the ahead-of-time
    build played slower than the JIT kernel.

    ``play_match`` is called, not inlined at numba's IR level (``inline="always"``): inlining
    copies the battle's whole IR, its helpers already inlined, into each caller, which took most
    of a first build's memory; called, it is compiled once, and a battle is long enough that the
    call costs next to nothing (docs/decisions/odds.md)."""
    for j in range(lo, hi):
        state = match_state(key, start + j)
        c, r, sv, d, _ = play_match(state, nf, seat, spd, power, start_hp, damage, danger, hurts, policy,
                                    seat_start, used, beats, rps_tries, rps, flip_tries, limit, limited,
                                    best_t, best_k, best_n, hp, bucket, ordr, cnt, dummy, False)
        codes[j] = c
        rounds[j] = r
        survivors[j] = sv
        dice[j] = d


@njit(parallel=True, cache=True)
def run_chunk(key, start, count, seat, spd, power, start_hp, damage, danger, hurts, policy, seat_start, used,
              beats, rps_tries, rps, flip_tries, limit, limited, codes, rounds, survivors, dice):
    """Battles ``start .. start + count - 1``; per-battle results go into the output arrays."""
    nf = seat.shape[0]
    blocks = (count + BLOCK - 1) // BLOCK
    for b in prange(blocks):
        hp = np.empty(nf, np.int64)
        bucket = np.zeros(BUCKETS, np.int64)
        ordr = np.empty(nf, np.int64)
        cnt = np.empty(MAX_SIDES, np.int64)
        best_t = np.empty((MOST_DANGEROUS, MAX_SIDES), np.int64)
        best_k = np.empty((MOST_DANGEROUS, MAX_SIDES), np.int64)
        best_n = np.empty((MOST_DANGEROUS, MAX_SIDES), np.int64)
        dummy = np.zeros(1, np.int8)
        play_block(key, start, b * BLOCK, min(count, (b + 1) * BLOCK), nf, seat, spd, power, start_hp, damage,
                   danger, hurts, policy, seat_start, used, beats, rps_tries, rps, flip_tries, limit, limited,
                   best_t, best_k, best_n, hp, bucket, ordr, cnt, dummy, codes, rounds, survivors, dice)


@njit(cache=True)
def trace_battles(key, start, count, seat, spd, power, start_hp, damage, danger, hurts, policy, seat_start,
                  used, beats, rps_tries, rps, flip_tries, limit, limited, traces, lengths, final_hp, codes, rounds,
                  survivors, dice):
    """Like ``run_chunk`` on one thread, also writing every die face in the reference engine's
    order into ``traces[j, :lengths[j]]`` and each figure's HP at the end into ``final_hp[j]``.
    A length over the trace's width means the faces did not fit (the caller widens and retries)."""
    nf = seat.shape[0]
    hp = np.empty(nf, np.int64)
    bucket = np.zeros(BUCKETS, np.int64)
    ordr = np.empty(nf, np.int64)
    cnt = np.empty(MAX_SIDES, np.int64)
    best_t = np.empty((MOST_DANGEROUS, MAX_SIDES), np.int64)
    best_k = np.empty((MOST_DANGEROUS, MAX_SIDES), np.int64)
    best_n = np.empty((MOST_DANGEROUS, MAX_SIDES), np.int64)
    for j in range(count):
        state = match_state(key, start + j)
        c, r, sv, d, n = play_match(state, nf, seat, spd, power, start_hp, damage, danger, hurts, policy,
                                    seat_start, used, beats, rps_tries, rps, flip_tries, limit, limited,
                                    best_t, best_k, best_n, hp, bucket, ordr, cnt, traces[j], True)
        codes[j] = c
        rounds[j] = r
        survivors[j] = sv
        dice[j] = d
        lengths[j] = n
        for k in range(nf):
            final_hp[j, k] = hp[k]
