"""``advise`` for a game whose choice before the match is its build (a sheet of a few numbers on a
budget, the game's build space): every legal build against an opponent, or against a field (the
mean over its sides), searched on the fast engine, then the best builds measured afresh.

The search plays each build against each opponent as ``sweep`` plays that pairing (the opponent in
seat 1, the build in seat 2, the pairing's seed from the search's seed and its content), so a
build's search odds are those of ``sweep OPPONENT --builds`` with the same seed and matches. The
search's ``LEADERS`` best are then measured afresh, on a seed the search never used and many more
matches (``--measure`` a pairing), and ranked by those odds: the winner's curse (the best of 73
noisy estimates is flattered by its noise) does not reach the answer's odds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import OptionValue, resolve_options
from turnbuckle.core.registry import Ruleset
from turnbuckle.lab.builds import build_space
from turnbuckle.lab.play import Job, play_first
from turnbuckle.lab.run_dask import run_dask
from turnbuckle.lab.run_local import default_workers, run_local
from turnbuckle.lab.seeds import content_hash, pairing_seed
from turnbuckle.lab.sweep import pairing_job
from turnbuckle.sim.stats import wilson

FORMAT = "turnbuckle.build-advice/1"
#: How many of the search's best builds are measured afresh.
LEADERS = 5
#: The fresh measurement's seed: the search's seed and this, through the same content hash.
MEASURE_SALT = "measure"


@dataclass(frozen=True)
class Odds:
    """A build's matches against the whole field: wins, draws and losses (as the second side)."""

    n: int
    wins: int
    draws: int

    @property
    def score(self) -> float:
        """Wins and half the draws, as a share of the matches."""
        return (self.wins + self.draws / 2) / self.n

    def json(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.n)
        return {"n": self.n, "win": self.wins / self.n, "win_lo": lo, "win_hi": hi, "draw": self.draws / self.n,
                "loss": (self.n - self.wins - self.draws) / self.n, "score": self.score}


@dataclass(frozen=True)
class BuildAdvice:
    """The ranking of every build by its search odds, and the leaders' fresh odds."""

    game: str
    space: str
    names: list[str]
    opponents: list[str]
    n: int
    seed: int
    search: list[Odds]
    fresh: dict[int, Odds]
    yours: int | None

    def ranked(self) -> list[int]:
        """Every build, best first: the leaders by their fresh odds, then the rest by the search's."""
        leaders = sorted(self.fresh, key=lambda i: (-self.fresh[i].score, i))
        rest = sorted((i for i in range(len(self.names)) if i not in self.fresh),
                      key=lambda i: (-self.search[i].score, i))
        return leaders + rest

    def json(self) -> dict[str, Any]:
        order = self.ranked()
        return {"format": FORMAT, "ruleset": self.game, "space": self.space, "opponents": self.opponents,
                "n": self.n, "seed": self.seed, "best": self.names[order[0]],
                "yours": None if self.yours is None else self.names[self.yours],
                "builds": [{"rank": place, "build": self.names[i], "search": self.search[i].json(),
                            "measured": self.fresh[i].json() if i in self.fresh else None}
                           for place, i in enumerate(order, 1)]}

    def _lines(self, bullet: str) -> list[str]:
        order = self.ranked()
        best = order[0]
        against = self.opponents[0] if len(self.opponents) == 1 else f"a field of {len(self.opponents)}"
        lines = [f"Best build against {against}: {self.names[best]} ({self.space})."]
        odds = self.fresh[best].json()
        lines.append(f"Measured afresh ({odds['n']:,} matches, on a seed the search never used): "
                     f"wins {100 * odds['win']:.1f}% [{100 * odds['win_lo']:.1f}, {100 * odds['win_hi']:.1f}], "
                     f"draws {100 * odds['draw']:.1f}%, loses {100 * odds['loss']:.1f}% (95% Wilson interval).")
        if self.yours is not None:
            place = order.index(self.yours) + 1
            lines.append(f"Your sheet's build, {self.names[self.yours]}, ranks {place} of {len(order)}.")
        lines.append("")
        lines.append(f"The search's {len(self.fresh)} best (search: {self.n:,} matches a pairing, seed {self.seed}), "
                     "ranked by their odds measured afresh:")
        for place, i in enumerate(order[:len(self.fresh)], 1):
            s, f = self.search[i], self.fresh[i].json()
            lines.append(f"{bullet}{place}. {self.names[i]}: score {100 * s.score:.1f}% in the search, "
                         f"wins {100 * f['win']:.1f}% [{100 * f['win_lo']:.1f}, {100 * f['win_hi']:.1f}] measured")
        return lines

    def text(self) -> str:
        return "\n".join(self._lines("  ")) + "\n"

    def markdown(self) -> str:
        return "# Build advice\n\n" + "\n".join(self._lines("")) + "\n"


def search_n(budget_matches: int, builds: int, opponents: int) -> int:
    """Matches a pairing for a search of ``budget_matches`` over every build and opponent."""
    n = budget_matches // max(1, builds * opponents)
    if n < 100:
        raise RulesError(f"--budget-matches {budget_matches:,} gives {n} matches a pairing over {builds} builds "
                         f"and {opponents} opponent(s); give at least {100 * builds * opponents:,}")
    return n


def advise_build(rs: Ruleset[Any], me: Any, opponents: Sequence[Any], options: Mapping[str, OptionValue], *,
                 n: int, measure_n: int, seed: int, threads: int | None = None,
                 progress: Callable[[float], None] | None = None, client: Any = None) -> BuildAdvice:
    """Every build of ``rs``'s build space against ``opponents`` (``n`` matches a pairing), the
    ``LEADERS`` best measured afresh over ``measure_n`` matches a pairing; ``me``'s sheet names the
    build it has now, where it is one of the space. With a Dask ``client`` the pairings play on its
    cluster, with the same answer."""
    builds, space = build_space(rs)
    resolved = resolve_options(rs.info.options, options)
    docs = [rs.side_json(b) for b in builds]
    their_docs = [rs.side_json(o) for o in opponents]
    plan = [(i, j) for i in range(len(builds)) for j in range(len(opponents))]
    jobs = [pairing_job(rs, [opponents[j], builds[i]], [their_docs[j], docs[i]], resolved, n, seed) for i, j in plan]
    total = len(jobs) + LEADERS * len(opponents)
    done = [0]

    def tick() -> None:
        done[0] += 1
        if progress is not None:
            progress(done[0] / total)

    tallied = _tally(_play(jobs, threads, tick, client), plan)
    search = [tallied[i] for i in range(len(builds))]
    leaders = sorted(range(len(builds)), key=lambda i: (-search[i].score, i))[:LEADERS]
    fresh_seed = pairing_seed(seed, content_hash(rs.info.id, rs.info.version, [MEASURE_SALT], dict(resolved),
                                                 measure_n))
    fresh_plan = [(i, j) for i in leaders for j in range(len(opponents))]
    fresh_jobs = [pairing_job(rs, [opponents[j], builds[i]], [their_docs[j], docs[i]], resolved, measure_n,
                              fresh_seed) for i, j in fresh_plan]
    measured = _tally(_play(fresh_jobs, threads, tick, client), fresh_plan)
    mine = rs.side_json(me)
    yours = next((i for i, d in enumerate(docs) if _stats(d, d) == _stats(mine, d)), None)
    return BuildAdvice(rs.info.id, space, [rs.side_name(b) for b in builds], [rs.side_name(o) for o in opponents],
                       n, seed, search, measured, yours)


def _stats(doc: Any, build: Any) -> Any:
    """What a build is of a sheet document: the values of the build's own fields but its name."""
    if not (isinstance(doc, dict) and isinstance(build, dict)):
        return doc
    return {k: doc.get(k) for k in build if k != "name"}


def _play(jobs: Sequence[Job], threads: int | None, tick: Callable[[], None],
          client: Any = None) -> list[dict[str, Any]]:
    """Each job's result, in the jobs' order: played on the Dask cluster of ``client``, else here
    (on threads where the fast engine allows). A job is a pure function of its sides, options, count
    and seed, so both give the same results."""
    results: dict[str, dict[str, Any]] = {}

    def keep(key: str, result: dict[str, Any]) -> None:
        results[key] = result
        tick()

    if client is not None:
        run_dask(jobs, client, keep)
        return [results[job.key] for job in jobs]
    first, on_threads = play_first(jobs[0])
    keep(jobs[0].key, first)
    run_local(jobs[1:], threads or default_workers(), keep, on_threads)
    return [results[job.key] for job in jobs]


def _tally(results: Sequence[Mapping[str, Any]], plan: Sequence[tuple[int, int]]) -> dict[int, Odds]:
    """The odds of each build the plan plays, summed over its pairings (the build is the second side)."""
    wins: dict[int, int] = {}
    draws: dict[int, int] = {}
    n: dict[int, int] = {}
    for (i, _), result in zip(plan, results, strict=True):
        wins[i] = wins.get(i, 0) + int(result["wins"][1])
        draws[i] = draws.get(i, 0) + int(result["draws"])
        n[i] = n.get(i, 0) + int(result["n"])
    return {i: Odds(n[i], wins[i], draws[i]) for i in n}
