"""The fast Headlock match (singles, or a tag match of four wrestlers: 0+1 against 2+3), compiled
with numba. Import this module only when the fast engine runs.

One match is a pure function of (key, match index, sheets, options, tables): its generator is
SplitMix64 started from ``mix64(key + index * GOLDEN)``, so a match's cards and dice never depend
on which thread plays it, and results are identical for any thread count. Each card draw and each
die takes one 64-bit word and is drawn without bias (Lemire's multiply-and-reject on the low
32 bits).

Piles follow ``rulesets/headlock/deck.py`` (``tables.pile_arrays`` gives each wrestler's pile
and each pile's deck and share): a pile takes its cards uniformly from its deck's unseen cards
until it has its share (26 of a split deck, 52 of its own deck; in a tag match 13 or 26 for a
wrestler's own pile); then it reshuffles its own discards and draws uniformly from those, again
each time it runs out.

In a tag match the legal wrestler of the first team is corner 0 of every clash and draws first,
as in the engine. A wrestler who wins a speed contest tags its partner in when the tag table
(the player's own tag policy, asked at every pair of HP values) says so, and nobody is hit.
``play_singles`` and ``play_tags`` (the block loops) each hold the match inlined with a literal
wrestler count, so that the singles copy carries none of the tag logic (one generic copy,
called or inlined, slowed singles down markedly).

The rules' numbers (card values, suit advantage, move kinds, break-out dice and targets, choke
targets) and the players' choices come from the arrays of ``tables.py``; this file holds only the
flow of a match, which must match ``rulesets/headlock/engine.py``, ``clash.py`` and
``finishes.py`` (tests replay the recorded cards and dice through the reference engine).

Matches are played in blocks of ``BLOCK`` (one block per parallel iteration) so each block's pile
arrays are allocated once. ``play_match`` is inlined at numba's IR level (``inline="always"``)
into the two block loops, compiled without numba's reference counting, which made a call
passing two dozen arrays cost most of the run (see ``play_singles``).

Keep everything in this one file: numba's cache only notices edits to the file of the function it
compiled.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from turnbuckle.rulesets.headlock.expert_kernel import expert_choice

# compiled in: turnbuckle.rulesets.headlock.expert_kernel

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

# Outcome codes: method * wrestlers + the winner's index; DRAW * wrestlers for a draw (10 in
# singles, 20 in a tag match, where a decision goes to the team's first wrestler, 0 or 2).
SUBMISSION, CHOKE, PINFALL, KNOCKOUT, DECISION, DRAW = 0, 1, 2, 3, 4, 5
NO_FINISH = -1
# The rows of ``work`` (see ``play_match``) after the four wrestlers' cards; then 52 rows for
# each singles wrestler's expert model cache, from ``CACHE``.
POOL, MODEL, EXPERT, CACHE = 4, 5, 6, 7


@njit(cache=True)
def rule_array(choke_rule, knockout, getup_rolls, getup_die):
    """The options ``play_match`` reads, as one array."""
    rules = np.zeros(4, np.int64)
    rules[0] = 1 if choke_rule else 0
    rules[1] = 1 if knockout else 0
    rules[2] = getup_rolls
    rules[3] = getup_die
    return rules


@njit(cache=True)
def scratch(turns, expert, top):
    """A block's ``work`` array, with the expert flags in row ``EXPERT`` (``top``: the highest
    starting HP)."""
    work = np.zeros((CACHE + 2 * 52, max(turns, 52, top + 1)), np.int64)
    for w in range(4):
        work[EXPERT, w] = expert[w]
    return work


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
def draw(state, p, deck, share, unseen, ucount, pile, pcount, disc, dcount, taken):
    """Pile ``p`` (of deck ``deck``, taking ``share`` cards of it) draws; returns (state, card index)."""
    if taken[p] < share:
        state, i = below(state, ucount[deck])
        card = unseen[deck, i]
        ucount[deck] -= 1
        unseen[deck, i] = unseen[deck, ucount[deck]]
        taken[p] += 1
    else:
        if pcount[p] == 0:
            for j in range(dcount[p]):
                pile[p, j] = disc[p, j]
            pcount[p] = dcount[p]
            dcount[p] = 0
        state, i = below(state, pcount[p])
        card = pile[p, i]
        pcount[p] -= 1
        pile[p, i] = pile[p, pcount[p]]
    disc[p, dcount[p]] = card
    dcount[p] += 1
    return state, np.int64(card)


@njit(cache=True, inline="always")
def play_match(state, nw, turns, rules,
               value, face, adv, stats, moves, holds, choice, kcap, tagtab, pile_of, pdeck, pshare,
               unseen, ucount, pile, pcount, disc, dcount, taken, hp, kd, trace, work):
    """One match of ``nw`` wrestlers (2: singles; 4: a tag match, wrestlers 0+1 against 2+3).
    Returns (outcome code, turn, dice, knockdowns, tags, trace length).

    ``trace`` longer than one entry records the match (``trace_matches``). ``work`` is scratch: rows
    0..3 each wrestler's cards by turn, rows ``POOL`` and ``MODEL`` the expert's scratch, row
    ``EXPERT`` (filled by the caller) 1 for a wrestler played by the expert, which (singles only)
    chooses through the rules package's ``expert_choice`` from the cards each side has turned
    over instead of the choice table. ``rules`` holds the choke rule, the knockout variant, its
    get-up rolls and die. (numba inlines a function of at most 30 arguments.)"""
    tracing = trace.shape[0] > 1
    choke_rule = rules[0] != 0
    knockout = rules[1] != 0
    getup_rolls = rules[2]
    getup_die = rules[3]
    tag = nw == 4
    npiles = pshare.shape[0]
    ndecks = 1
    for p in range(npiles):
        pcount[p] = 0
        dcount[p] = 0
        taken[p] = 0
        if pdeck[p] >= ndecks:
            ndecks = pdeck[p] + 1
    for d in range(ndecks):
        for c in range(52):
            unseen[d, c] = c
        ucount[d] = 52
    for w in range(nw):
        hp[w] = stats[w, 3]
        kd[w] = 0
        if work[EXPERT, w] != 0:
            for r in range(CACHE + 52 * w, CACHE + 52 * w + 52):
                for h in range(stats[w, 3] + 1):
                    work[r, h] = 0
    # The legal wrestlers: la of the first team (corner 0 of every clash), lb of the second.
    la = 0
    lb = nw // 2
    dice = 0
    downs = 0
    tags = 0
    pos = 0
    for turn in range(1, turns + 1):
        # Draw and choose: the first team's legal wrestler first, then the second's. The smart
        # table is indexed by the opponent's slot in its team (0 in singles).
        pa = pile_of[la]
        state, c0 = draw(state, pa, pdeck[pa], pshare[pa], unseen, ucount, pile, pcount, disc, dcount, taken)
        work[la, turn - 1] = c0
        m0 = SPECIAL
        if value[c0] > 0:
            so = (lb & 1) if tag else 0
            if work[EXPERT, la] != 0:
                pb = pile_of[lb]
                m0 = np.int64(expert_choice(c0, stats[la], moves[la], hp[la], kd[la], stats[lb], moves[lb], hp[lb],
                                            kd[lb], work[la], turn, work[lb], turn - 1, pshare[pa],
                                            pdeck[pa] == pdeck[pb], choke_rule, knockout, getup_rolls, getup_die,
                                            value, face, adv, work[POOL], work[MODEL],
                                            work[CACHE + 52 * la: CACHE + 52 * la + 52]))
            else:
                m0 = np.int64(choice[la, so, c0, hp[lb], min(kd[lb], kcap[la, so])])
        pb = pile_of[lb]
        state, c1 = draw(state, pb, pdeck[pb], pshare[pb], unseen, ucount, pile, pcount, disc, dcount, taken)
        work[lb, turn - 1] = c1
        m1 = SPECIAL
        if value[c1] > 0:
            so = (la & 1) if tag else 0
            if work[EXPERT, lb] != 0:
                m1 = np.int64(expert_choice(c1, stats[lb], moves[lb], hp[lb], kd[lb], stats[la], moves[la], hp[la],
                                            kd[la], work[lb], turn, work[la], turn - 1, pshare[pb],
                                            pdeck[pa] == pdeck[pb], choke_rule, knockout, getup_rolls, getup_die,
                                            value, face, adv, work[POOL], work[MODEL],
                                            work[CACHE + 52 * lb: CACHE + 52 * lb + 52]))
            else:
                m1 = np.int64(choice[lb, so, c1, hp[la], min(kd[la], kcap[lb, so])])
        if tracing:
            trace[pos] = -1 - c0
            trace[pos + 1] = -1 - c1
            pos += 2
        # The clash (corner 0 is la, corner 1 is lb).
        att = -1
        move = SPECIAL
        attack = 0
        defense = 0
        speed = False
        v0 = np.int64(value[c0])
        v1 = np.int64(value[c1])
        if v0 > 0 and v1 > 0:
            sp0 = stats[la, 2] + v0 - moves[la, m0, 0] + (SUIT_BONUS if adv[c0, c1] > 0 else 0)
            sp1 = stats[lb, 2] + v1 - moves[lb, m1, 0] + (SUIT_BONUS if adv[c1, c0] > 0 else 0)
            if sp0 != sp1:
                speed = True
                if sp0 > sp1:
                    att = 0
                    move = m0
                    attack = stats[la, 0] + v0 + moves[la, m0, 0]
                    defense = stats[lb, 1] + v1
                else:
                    att = 1
                    move = m1
                    attack = stats[lb, 0] + v1 + moves[lb, m1, 0]
                    defense = stats[la, 1] + v0
        elif v0 > 0 or v1 > 0:
            f = 0 if v0 == 0 else 1
            n = 1 - f
            wf = la if f == 0 else lb
            wn = lb if f == 0 else la
            cf = c0 if f == 0 else c1
            cn = c1 if f == 0 else c0
            if adv[cn, cf] > 0:
                att = n
                move = m0 if n == 0 else m1
                attack = stats[wn, 0] + value[cn] + moves[wn, move, 0]
                defense = stats[wf, 1]
            else:
                att = f
                move = SPECIAL
                attack = stats[wf, 0] + SPECIAL_BONUS
                defense = stats[wn, 1]
        else:
            a = adv[c0, c1]
            w = -1
            if a != 0:
                w = 0 if a > 0 else 1
            elif face[c0] != face[c1]:
                w = 0 if face[c0] > face[c1] else 1
            elif stats[la, 2] != stats[lb, 2]:
                w = 0 if stats[la, 2] > stats[lb, 2] else 1
            if w >= 0:
                att = w
                move = SPECIAL
                attack = stats[la if w == 0 else lb, 0] + SPECIAL_BONUS
                defense = stats[lb if w == 0 else la, 1]
        if att < 0:
            continue
        aw = la if att == 0 else lb
        d = lb if att == 0 else la
        # A tag match: the winner of a speed contest may tag its partner in instead of attacking.
        if speed and tag and tagtab[aw, hp[aw], hp[aw ^ 1]] != 0:
            if att == 0:
                la = aw ^ 1
            else:
                lb = aw ^ 1
            tags += 1
            continue
        # The hit.
        ca = c0 if att == 0 else c1
        cd = c1 if att == 0 else c0
        damage = max(0, attack - defense)
        dhp = max(0, hp[d] - damage)
        hp[d] = dhp
        a = adv[ca, cd]
        submission = moves[aw, move, 1] != 0
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
            special = moves[aw, move, 3]
            die = np.int64(holds[d, dhp, special, 0])
            target = np.int64(holds[d, dhp, special, 1])
            choking = choke_rule and not pin and moves[aw, move, 2] != 0
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
            return method * nw + aw, turn, dice, downs, tags, pos
    # The decision: each team's HP left against its starting HP, compared by cross-multiplying.
    half = nw // 2
    left_a = 0
    start_a = 0
    left_b = 0
    start_b = 0
    for w in range(half):
        left_a += hp[w]
        start_a += stats[w, 3]
        left_b += hp[half + w]
        start_b += stats[half + w, 3]
    a = left_a * start_b
    b = left_b * start_a
    if a == b:
        return DRAW * nw, turns, dice, downs, tags, pos
    return DECISION * nw + (0 if a > b else half), turns, dice, downs, tags, pos


@njit(cache=True, _nrt=False)
def play_singles(key, start, lo, hi, turns, rules,
                 value, face, adv, stats, moves, holds, choice, kcap, tagtab, pile_of, pdeck, pshare,
                 unseen, ucount, pile, pcount, disc, dcount, taken, hp, kd, dummy, work,
                 codes, lengths, dice, downs):
    """Singles matches ``lo .. hi - 1`` of the chunk, on the scratch arrays given.

    Compiled without numba's reference counting (``_nrt=False``; it allocates nothing), as is
    ``play_tags``: with it, each inlined call that passes arrays (two card draws a turn) adds an
    atomic increment and decrement per array, which was most of the time outside a parallel loop
    (numba leaves them out inside one), so the ahead-of-time build of ``run_chunk`` played far
    slower than the JIT kernel.

    Each of the two holds one copy of the match, inlined with a literal wrestler count: both
    copies inlined at numba's IR level into one block function made numba copy the match's whole
    IR twice into one function, which took most of a first build's memory (docs/decisions/odds.md)."""
    for j in range(lo, hi):
        state = match_state(key, start + j)
        c, t, n, k, _, _ = play_match(state, 2, turns, rules,
                                      value, face, adv, stats, moves, holds, choice, kcap, tagtab,
                                      pile_of, pdeck, pshare, unseen, ucount, pile, pcount, disc, dcount,
                                      taken, hp, kd, dummy, work)
        codes[j] = c
        lengths[j] = t
        dice[j] = n
        downs[j] = k


@njit(cache=True, _nrt=False)
def play_tags(key, start, lo, hi, turns, rules,
              value, face, adv, stats, moves, holds, choice, kcap, tagtab, pile_of, pdeck, pshare,
              unseen, ucount, pile, pcount, disc, dcount, taken, hp, kd, dummy, work,
              codes, lengths, dice, downs):
    """Tag matches ``lo .. hi - 1`` of the chunk (see ``play_singles``)."""
    for j in range(lo, hi):
        state = match_state(key, start + j)
        c, t, n, k, _, _ = play_match(state, 4, turns, rules,
                                      value, face, adv, stats, moves, holds, choice, kcap, tagtab,
                                      pile_of, pdeck, pshare, unseen, ucount, pile, pcount, disc, dcount,
                                      taken, hp, kd, dummy, work)
        codes[j] = c
        lengths[j] = t
        dice[j] = n
        downs[j] = k


@njit(parallel=True, cache=True)
def run_chunk(key, start, count, nw, turns, choke_rule, knockout, getup_rolls, getup_die,
              value, face, adv, stats, moves, holds, choice, kcap, tagtab, pile_of, pdeck, pshare, expert,
              codes, lengths, dice, downs):
    """Matches ``start .. start + count - 1``; per-match results go into the output arrays."""
    blocks = (count + BLOCK - 1) // BLOCK
    rules = rule_array(choke_rule, knockout, getup_rolls, getup_die)
    for b in prange(blocks):
        unseen = np.empty((2, 52), np.int8)
        pile = np.empty((4, 52), np.int8)
        disc = np.empty((4, 52), np.int8)
        ucount = np.zeros(2, np.int64)
        pcount = np.zeros(4, np.int64)
        dcount = np.zeros(4, np.int64)
        taken = np.zeros(4, np.int64)
        hp = np.zeros(4, np.int64)
        kd = np.zeros(4, np.int64)
        dummy = np.zeros(1, np.int16)
        work = scratch(turns, expert, holds.shape[1] - 1)
        lo = b * BLOCK
        hi = min(count, lo + BLOCK)
        if nw == 2:
            play_singles(key, start, lo, hi, turns, rules, value, face, adv,
                         stats, moves, holds, choice, kcap, tagtab, pile_of, pdeck, pshare, unseen, ucount,
                         pile, pcount, disc, dcount, taken, hp, kd, dummy, work, codes, lengths,
                         dice, downs)
        else:
            play_tags(key, start, lo, hi, turns, rules, value, face, adv,
                      stats, moves, holds, choice, kcap, tagtab, pile_of, pdeck, pshare, unseen, ucount,
                      pile, pcount, disc, dcount, taken, hp, kd, dummy, work, codes, lengths,
                      dice, downs)


@njit(cache=True)
def trace_matches(key, start, count, nw, turns, choke_rule, knockout, getup_rolls, getup_die,
                  value, face, adv, stats, moves, holds, choice, kcap, tagtab, pile_of, pdeck, pshare, expert,
                  traces, tlen, codes, lengths, dice, downs, tags):
    """Like ``run_chunk`` on one thread, also writing every card (as ``-1 - index``) and die face
    in the reference engine's order into ``traces[j, :tlen[j]]``, and each match's tags."""
    unseen = np.empty((2, 52), np.int8)
    pile = np.empty((4, 52), np.int8)
    disc = np.empty((4, 52), np.int8)
    ucount = np.zeros(2, np.int64)
    pcount = np.zeros(4, np.int64)
    dcount = np.zeros(4, np.int64)
    taken = np.zeros(4, np.int64)
    hp = np.zeros(4, np.int64)
    kd = np.zeros(4, np.int64)
    work = scratch(turns, expert, holds.shape[1] - 1)
    rules = rule_array(choke_rule, knockout, getup_rolls, getup_die)
    for j in range(count):
        state = match_state(key, start + j)
        c, t, n, k, g, p = play_match(state, nw, turns, rules,
                                      value, face, adv, stats, moves, holds, choice, kcap, tagtab,
                                      pile_of, pdeck, pshare, unseen, ucount, pile, pcount, disc, dcount,
                                      taken, hp, kd, traces[j], work)
        codes[j] = c
        lengths[j] = t
        dice[j] = n
        downs[j] = k
        tags[j] = g
        tlen[j] = p
