"""The army search's answer, for people (text, Markdown) and programs (JSON)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnbuckle.sim.deathmatch.army_search import Race, Score
from turnbuckle.sim.stats import Z95, wilson

FORMAT = "turnbuckle.army-advice/1"


def odds_json(score: Score) -> dict[str, Any]:
    """A score's win, draw and loss shares, with 95% Wilson intervals on the win share and on
    the score (a shared draw counted half)."""
    lo, hi = wilson(score.wins, score.n)
    s_lo, s_hi = score.bounds(Z95)
    return {"n": score.n, "win": score.wins / score.n, "win_lo": lo, "win_hi": hi, "draw": score.draws / score.n,
            "loss": (score.n - score.wins - score.draws) / score.n, "score": score.mean,
            "score_lo": s_lo, "score_hi": s_hi}


@dataclass(frozen=True)
class Entry:
    """An army of the answer: its figures' ids, power and odds."""

    ids: tuple[str, ...]
    power: int
    search: Score
    measured: Score

    def json(self, rank: int) -> dict[str, Any]:
        s_lo, s_hi = self.search.bounds(Z95)
        return {"rank": rank, "army": ",".join(self.ids), "figures": list(self.ids), "power": self.power,
                "search": {"n": self.search.n, "score": self.search.mean, "score_lo": s_lo, "score_hi": s_hi},
                "measured": odds_json(self.measured)}


@dataclass(frozen=True)
class ArmyAdvice:
    """The best armies of the space, measured afresh, and the asking player's own army beside them."""

    ruleset: str
    cap: int
    bestiary: str
    opponents: list[str]
    field: bool
    seat: int
    mine: str
    theirs: list[list[str]]
    space: int
    seed: int
    race: Race
    leaders: list[Entry]
    yours: tuple[str, int, Score, int | None]

    def ranked(self) -> list[Entry]:
        return sorted(self.leaders, key=lambda e: -e.measured.mean)

    def json(self) -> dict[str, Any]:
        ranked = self.ranked()
        name, power, score, found = self.yours
        return {"format": FORMAT, "ruleset": self.ruleset, "cap": self.cap, "bestiary": self.bestiary,
                "opponents": self.opponents, "field": self.field, "seat": self.seat + 1,
                "policies": {"yours": self.mine, "theirs": self.theirs}, "space": self.space, "seed": self.seed,
                "budget_matches": self.race.budget, "search_matches": self.race.played,
                "rounds": [{"armies": k, "battles": n} for k, n in self.race.rounds],
                "best": ranked[0].json(1)["army"], "armies": [e.json(i) for i, e in enumerate(ranked, 1)],
                "yours": {"name": name, "power": power, "in_space": found is not None,
                          "measured": odds_json(score)}}

    def _against(self) -> str:
        if self.field:
            return f"a field of {len(self.opponents)} (one battle each)"
        if len(self.opponents) == 1:
            return self.opponents[0]
        return f"{', '.join(self.opponents)} (one battle of {len(self.opponents) + 1}, you in seat {self.seat + 1})"

    def _lines(self, bullet: str) -> list[str]:
        ranked = self.ranked()
        best = ranked[0]
        theirs = sorted({p for group in self.theirs for p in group})
        lines = [f"Best army under the cap of {self.cap} against {self._against()}: {','.join(best.ids)} "
                 f"(power {best.power}).",
                 f"Targeting: yours {self.mine}; theirs {', '.join(theirs)}."]
        odds = odds_json(best.measured)
        lines.append(_odds_line(f"Measured afresh ({odds['n']:,} battles, on seeds the search never used)", odds))
        name, power, score, _ = self.yours
        lines.append(_odds_line(f"Your army, {name} (power {power}), on the same battles", odds_json(score)))
        lines.append("")
        rounds = " -> ".join(f"{k:,}" for k, _ in self.race.rounds)
        lines.append(f"Searched {self.space:,} armies (every army of {self.bestiary} under the cap) on the fast "
                     f"engine: {self.race.played:,} battles of a budget of {self.race.budget:,}, seed {self.seed}; "
                     f"armies a round: {rounds}.")
        lines.append(f"The search's {len(ranked)} best, ranked by their odds measured afresh (score: wins and "
                     "half the draws; 95% intervals):")
        if not bullet:  # Markdown: a list starts after a blank line
            lines.append("")
        for place, e in enumerate(ranked, 1):
            m = odds_json(e.measured)
            lines.append(f"{bullet}{place}. {','.join(e.ids)} (power {e.power}): score {100 * e.search.mean:.1f}% in "
                         f"the search, {100 * m['score']:.1f}% [{100 * m['score_lo']:.1f}, "
                         f"{100 * m['score_hi']:.1f}] measured, wins {100 * m['win']:.1f}%")
        return lines

    def text(self) -> str:
        return "\n".join(self._lines("  ")) + "\n"

    def markdown(self) -> str:
        return "# Army advice\n\n" + "\n".join(self._lines("")) + "\n"


def _odds_line(head: str, odds: dict[str, Any]) -> str:
    return (f"{head}: wins {100 * odds['win']:.1f}% [{100 * odds['win_lo']:.1f}, {100 * odds['win_hi']:.1f}], "
            f"draws {100 * odds['draw']:.1f}%, loses {100 * odds['loss']:.1f}% (95% Wilson interval).")
