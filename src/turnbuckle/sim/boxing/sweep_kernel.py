"""Many boxing pairings in one call of compiled code: what a sweep plays. Import this module only
when its build is made (``sim/aot.py``); the sweep loads the build, not this module.

Pairing ``p`` plays bouts ``0 .. n - 1`` from its own key ``keys[p]`` with its own abilities
``stats[p]``, each bout exactly as ``kernel.play_bout`` plays it from ``kernel.bout_state(key,
index)``, so its outcome counts are those of the fast engine's run of ``n`` bouts from the
pairing's seed, bout for bout (tested). One call playing a block of pairings replaces a Python
call per pairing (a short pairing's play is shorter than that call's preparation and counting).

The bout itself is ``kernel.py``'s, inlined here; the build's name hashes that file too:
"""

from __future__ import annotations

import numpy as np
from numba import njit

from turnbuckle.sim.boxing.kernel import bout_state, play_bout

# compiled in: turnbuckle.sim.boxing.kernel


@njit(_nrt=False)
def play_pairing(key, n, p0, s0, t0, p1, s1, t1, rounds, combo, cumulative, final_heal,
                 damage, kind, penalty, hp_after, knocked1, knocked, tko, gain, pen_t, pen_s, fatigue, dummy,
                 counts, row):
    """The ``n`` bouts of one pairing, their outcome codes counted into ``counts[row]``. Compiled
    without numba's reference counting, as ``kernel.play_block`` is (and for the same reason)."""
    for j in range(n):
        state = bout_state(key, j)
        c, _, _, _, _, _ = play_bout(state, p0, s0, t0, p1, s1, t1, rounds, combo, cumulative, final_heal,
                                     damage, kind, penalty, hp_after, knocked1, knocked, tko, gain,
                                     pen_t, pen_s, fatigue, dummy, False)
        counts[row, c] += 1


@njit
def run_chunk(keys, first, count, n, stats, rounds, combo, cumulative, final_heal,
              damage, kind, penalty, hp_after, knocked1, knocked, tko, gain, pen_t, pen_s, fatigue, counts):
    """Pairings ``first .. first + count - 1``: ``n`` bouts each, their outcome codes counted into
    their rows of ``counts`` (zeroed first)."""
    dummy = np.zeros(1, np.int8)
    for p in range(first, first + count):
        for c in range(counts.shape[1]):
            counts[p, c] = 0
        play_pairing(keys[p], n, stats[p, 0], stats[p, 1], stats[p, 2], stats[p, 3], stats[p, 4], stats[p, 5],
                     rounds, combo, cumulative, final_heal, damage, kind, penalty, hp_after, knocked1, knocked,
                     tko, gain, pen_t, pen_s, fatigue, dummy, counts, p)
