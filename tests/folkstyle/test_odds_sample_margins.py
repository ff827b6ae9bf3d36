"""The exact period odds of the bundled sample cards stay exactly what they were before the sum
learnt to merge a turn's rows after the stalling step (``PeriodOdds.transitions``). The digest
below was recorded from the code before that change: the SHA-256 of every margin (as an exact
fraction) of every ordered pair of sample cards, from each start, over one, two and three turns,
for several counts of stalling calls so far. A change that moves any margin by any amount changes it."""

from __future__ import annotations

import hashlib
from itertools import permutations

from turnbuckle.rulesets.folkstyle.odds import PeriodOdds
from turnbuckle.rulesets.folkstyle.ruleset import FolkstyleRuleset

BEFORE = "a64e0c340109d318d57bda2ddd2e2682a1d539a3c87a2b98edb8cfe0faf0377a"
CALLS = ((0, 0), (0, 1), (1, 0), (1, 1), (2, 3))


def sample_margins_digest() -> str:
    rs = FolkstyleRuleset()
    cards = {s.id: rs.load_text(s.text, s.id) for s in rs.samples()}
    digest = hashlib.sha256()
    for a, b in permutations(sorted(cards), 2):
        odds = PeriodOdds((cards[a], cards[b]))
        for turns in (3, 2, 1):
            for top in (None, 0, 1):
                for calls in CALLS:
                    digest.update(f"{a}/{b} {turns} {top} {calls}: {odds.margin(top, turns, calls)}\n".encode())
    return digest.hexdigest()


def test_sample_cards_margins_are_exactly_as_before() -> None:
    assert sample_margins_digest() == BEFORE
