"""The army search: every army of the space raced against the opponents on the fast engine.

- **Common random numbers**: in a round, every army still in the race plays the same battles
  (the same seed for each opponent, so battle ``i`` of every army starts from the same dice
  stream); armies are compared on shared luck, never one army's good dice against another's bad.
- **Racing by successive halving**: the first round plays ``FIRST_N`` battles an opponent for
  every army; after each round an army whose score interval (99%) lies wholly below the
  leader's is dropped, then the better half is kept (never fewer than ``LEADERS``). Each later
  round shares what is left of the budget evenly with the rounds still to come (at least
  ``FIRST_N`` battles an army), so the few armies left at the end get most of the battles.
- **Fresh measurement** (:func:`measure`): the ``LEADERS`` left are measured again on a seed the
  search never used, and ranked by those odds, so the answer's odds are not flattered by the
  search's luck (the best of thousands of noisy estimates is a lucky one).

An army's score is its wins and half the draws it shares, over its battles against every
opponent (a field is scored by the mean over its armies). Everything is a pure function of the
seed and the budget in battles; a budget in seconds is turned into battles after the first round
(its rate), and the report gives that number to repeat the search exactly. Where the battles are
played is a :data:`Player`'s: here, army after army (:func:`play_here`), or in chunks on a Dask
cluster (``army_dask.py``); a chunk is a pure function of what it is given, so the scores, and the
answer, are the same.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.deathmatch.figures import Army
from turnbuckle.sim.deathmatch.fast import run

#: Battles an opponent for every army in the first round.
FIRST_N = 32
#: Armies measured afresh at the end.
LEADERS = 5
#: The racing interval's z (99%, two-sided): a dropped army is well below the leader.
Z_RACE = 2.576


@dataclass
class Score:
    """An army's battles so far: wins, the draws it shared, and how many."""

    n: int = 0
    wins: int = 0
    draws: int = 0

    def add(self, other: Score) -> None:
        self.n += other.n
        self.wins += other.wins
        self.draws += other.draws

    @property
    def mean(self) -> float:
        """Wins and half the shared draws, as a share of the battles."""
        return (self.wins + self.draws / 2) / self.n if self.n else 0.0

    def bounds(self, z: float) -> tuple[float, float]:
        """A Wilson interval around :attr:`mean` (a draw counts half a success)."""
        if not self.n:
            return 0.0, 1.0
        p, n = self.mean, self.n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
        return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Battles:
    """How an army meets the opponents: ``groups`` lists each battle's other armies (one battle
    of them all, or one a field army), ``seat`` the army's place in each (clamped to the battle's
    size), ``policies`` each battle's target policy by seat."""

    groups: tuple[tuple[Army, ...], ...]
    seat: int
    mine: str
    theirs: tuple[tuple[str, ...], ...]
    options: Mapping[str, OptionValue]
    threads: int | None = None

    def sides(self, army: Army, g: int) -> tuple[list[Army], int, dict[int, str]]:
        """Battle ``g``'s armies in seat order, the army's seat, and each seat's policy."""
        others = list(self.groups[g])
        at = min(self.seat, len(others))
        sides = [*others[:at], army, *others[at:]]
        policies = [*self.theirs[g][:at], self.mine, *self.theirs[g][at:]]
        return sides, at, dict(enumerate(policies))

    def play(self, army: Army, n: int, seeds: Sequence[int]) -> Score:
        """``n`` battles of ``army`` in each group, group ``g`` from ``seeds[g]``."""
        out = Score()
        for g, seed in enumerate(seeds):
            sides, at, players = self.sides(army, g)
            tally = run(sides, self.options, n, seed, threads=self.threads, players=players)
            out.add(Score(tally.n, tally.wins(at), tally.draws_of(at)))
        return out


#: Plays each army's ``n`` battles an opponent group from the seeds (group ``g`` from ``seeds[g]``),
#: the scores in the armies' order, calling ``done(k)`` as ``k`` more armies are finished.
Player = Callable[[Battles, Sequence[Army], int, Sequence[int], Callable[[int], None]], list[Score]]


def play_here(battles: Battles, armies: Sequence[Army], n: int, seeds: Sequence[int],
              done: Callable[[int], None]) -> list[Score]:
    """A :data:`Player` on this machine: army after army, each run on the battles' threads."""
    out = []
    for army in armies:
        out.append(battles.play(army, n, seeds))
        done(1)
    return out


def sub_seed(seed: int, *parts: object) -> int:
    """A seed from the search's seed and a label (a round, an opponent, the fresh measurement)."""
    text = ":".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def first_round(armies: int, groups: int) -> int:
    """Battles of the first round."""
    return armies * groups * FIRST_N


def least_budget(armies: int, groups: int) -> int:
    """The smallest budget a search takes: the first round twice over (the rounds after it get
    at least as much as it)."""
    return 2 * first_round(armies, groups)


@dataclass
class Race:
    """What the race found: each army's search score, the rounds (armies in it, battles each
    an opponent), the battles played and the budget they came from."""

    scores: list[Score]
    leaders: list[int]
    rounds: list[tuple[int, int]] = field(default_factory=list)
    played: int = 0
    budget: int = 0


def race(armies: Sequence[Army], battles: Battles, *, seed: int, budget: int | None, seconds: float | None,
         progress: Callable[[float], None] | None = None, play: Player = play_here) -> Race:
    """Race ``armies`` (see the module's note); ``budget`` in battles, or ``seconds``; each round's
    battles played by ``play``."""
    groups = len(battles.groups)
    if budget is not None and budget < least_budget(len(armies), groups):
        raise RulesError(f"--budget-matches {budget:,} is too small for {len(armies):,} armies and {groups} "
                         f"battle(s) each; give at least {least_budget(len(armies), groups):,}")
    out = Race([Score() for _ in armies], [])
    alive = list(range(len(armies)))
    started = time.perf_counter()
    total = budget or least_budget(len(armies), groups)

    def play_round(n: int) -> None:
        seeds = [sub_seed(seed, "round", len(out.rounds), g) for g in range(groups)]

        def done(k: int) -> None:
            out.played += k * n * groups
            if progress is not None:
                progress(min(1.0, out.played / total))

        for i, score in zip(alive, play(battles, [armies[i] for i in alive], n, seeds, done), strict=True):
            out.scores[i].add(score)
        out.rounds.append((len(alive), n))

    play_round(FIRST_N)
    if budget is None:  # seconds: the first round's rate sizes the rest
        spent = time.perf_counter() - started
        rate = out.played / max(spent, 1e-6)
        left = max(0.0, (seconds or 0.0) - spent)
        budget = max(least_budget(len(armies), groups), out.played + int(rate * left) // 1000 * 1000)
        total = budget
    out.budget = budget
    while len(alive) > LEADERS:
        alive = _cut(alive, out.scores)
        if len(alive) <= LEADERS:
            break
        rounds_left = max(1, math.ceil(math.log2(len(alive) / LEADERS)))
        share = (budget - out.played) // rounds_left
        play_round(max(FIRST_N, share // (len(alive) * groups)))
    out.leaders = sorted(alive, key=lambda i: (-out.scores[i].mean, i))
    return out


def _cut(alive: list[int], scores: Sequence[Score]) -> list[int]:
    """The armies kept after a round: those not clearly below the leader, then the better half
    (never fewer than ``LEADERS``), best first (ties by the space's order)."""
    ranked = sorted(alive, key=lambda i: (-scores[i].mean, i))
    floor = scores[ranked[0]].bounds(Z_RACE)[0]
    kept = ranked[:LEADERS] + [i for i in ranked[LEADERS:] if scores[i].bounds(Z_RACE)[1] >= floor]
    return kept[:max(LEADERS, math.ceil(len(ranked) / 2))]


def measure(armies: Sequence[Army], battles: Battles, *, n: int, seed: int, play: Player = play_here) -> list[Score]:
    """Each army's score over ``n`` fresh battles an opponent, on seeds the race never used (the
    same seeds for every army), played by ``play``."""
    seeds = [sub_seed(seed, "measure", g) for g in range(len(battles.groups))]
    return play(battles, armies, n, seeds, lambda k: None)
