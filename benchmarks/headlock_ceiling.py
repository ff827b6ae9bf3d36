"""How much room Headlock leaves above the smart player: the win share against ``smart`` (draws
half, seats and sides swapped a quarter of the time each, every pairing of the bundled
wrestlers, default options) of ``smart`` itself (a control: about 50%), the shipped ``expert``,
a blind player that prices moves by a solved table of winning chances over both HPs and the turn
instead of HP shares, and two players that are told the opponent's card (one per pricing): what
knowing that card is worth, which no blind player has. Played by a compiled match of its own
(``headlock_ceiling_kernel.py``), not by the engines."""

from __future__ import annotations

import time
from itertools import combinations
from typing import Any

import numpy as np

from turnbuckle.rulesets.headlock.expert import card_arrays, move_array, stat_array
from turnbuckle.rulesets.headlock.players import Rules
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.sim.headlock.tables import cached_smart_table
from turnbuckle.sim.stats import wilson

TITLE = "Headlock: the room above smart"

PER_ARRANGEMENT = 500  # x 4 arrangements x 10 pairings = 20,000 matches a player
PLAYERS = (("smart (control)", 0), ("expert (shipped)", 1), ("blind, priced by the winning-chance table", 2),
           ("told the opponent's card, the expert's price", 3),
           ("told the opponent's card, priced by the table", 4))


def pairing(a: str, b: str) -> tuple[Any, Any, Any, Any]:
    """Stats, moves, both smart tables (``[seat, card, opponent HP]``) and the winning-chance table."""
    from benchmarks.headlock_ceiling_kernel import win_table

    rs = get_ruleset("headlock")
    sheets = [rs.side_by_name(a), rs.side_by_name(b)]
    stats = np.stack([stat_array(s) for s in sheets])
    moves = np.stack([move_array(s) for s in sheets])
    top = int(stats[:, 3].max()) + 1
    smart = np.zeros((2, 52, top), np.int64)
    for seat in (0, 1):
        choice = cached_smart_table(sheets[seat], sheets[1 - seat], Rules())
        smart[seat, :, : choice.shape[1]] = choice[:, :, 0]
    value, face, adv = card_arrays()
    return stats, moves, smart, win_table(stats, moves, smart, value, face, adv)


def main() -> None:
    from benchmarks.headlock_ceiling_kernel import play

    value, face, adv = card_arrays()
    names = [s.id for s in get_ruleset("headlock").samples()]
    start = time.perf_counter()
    tables = {(x, y): pairing(x, y) for a, b in combinations(names, 2) for x, y in ((a, b), (b, a))}
    print(f"winning-chance tables for {len(tables)} seatings: {time.perf_counter() - start:.0f} s")
    for label, kind in PLAYERS:
        start = time.perf_counter()
        halves = matches = 0
        for i, (a, b) in enumerate(combinations(names, 2)):
            for j, (x, y, seat) in enumerate(((a, b, 0), (b, a, 0), (a, b, 1), (b, a, 1))):
                stats, moves, smart, table = tables[(x, y)]
                kinds = np.zeros(2, np.int64)
                kinds[seat] = kind
                won = play(PER_ARRANGEMENT, 100_000 + 10 * i + j, kinds, stats, moves, smart, table, value, face, adv)
                halves += 2 * int(won[seat]) + int(won[2])
                matches += PER_ARRANGEMENT
        low, high = wilson(halves // 2, matches)
        print(f"{label}: {100 * halves / (2 * matches):.1f}% of {matches:,} (95% Wilson {100 * low:.1f}%-"
              f"{100 * high:.1f}%; {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
