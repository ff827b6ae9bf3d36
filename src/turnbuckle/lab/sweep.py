"""A sweep from plan to report: the entries, every pairing as a job (content hash, seed, cache
key), which are cached already, and the ``turnbuckle.sweep/1`` document assembled from the results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.match import unique_names
from turnbuckle.core.options import OptionValue, resolve_options
from turnbuckle.core.registry import Ruleset, sides_word
from turnbuckle.lab.cache import ResultCache
from turnbuckle.lab.pairings import plan
from turnbuckle.lab.play import Job
from turnbuckle.lab.seeds import cache_key, canonical, content_hash, content_hasher, pairing_seed
from turnbuckle.sim.odds import check_n
from turnbuckle.sim.odds import share as odds_share

FORMAT = "turnbuckle.sweep/1"
#: ``--max-pairs`` by default: a sweep of more pairings than this is refused.
MAX_PAIRS = 5000


@dataclass
class Sweep:
    """What a sweep plays: its entries (names made unique), the match setups (entries in seat
    order) and one job per setup."""

    rs: Ruleset[Any]
    names: list[str]
    options: dict[str, OptionValue]
    n: int
    seed: int
    setups: list[tuple[int, ...]]
    jobs: list[Job]


def make_sweep(rs: Ruleset[Any], sides: Sequence[Any], options: Mapping[str, object], n: int, seed: int,
               sizes: Sequence[int] = (2,), max_pairs: int = MAX_PAIRS) -> Sweep:
    """Plan a sweep; refuses fewer than two entries, a bad ``n`` or seed, and more than
    ``max_pairs`` pairings (before anything is played)."""
    check_n(n)
    if not 0 <= seed < 1 << 64:
        raise RulesError(f"--seed {seed} is out of range; use a whole number from 0 to 2**64-1")
    if len(sides) < 2:
        raise RulesError(f"a sweep needs at least 2 {sides_word(rs.info)}, got {len(sides)}")
    if len(sides) < max(sizes):
        raise RulesError(f"--sizes {max(sizes)} needs at least {max(sizes)} {sides_word(rs.info)}, got {len(sides)}")
    info = rs.info
    resolved = resolve_options(info.options, options)
    setups = plan(len(sides), sizes)
    if len(setups) > max_pairs:
        raise RulesError(f"this sweep has {len(setups):,} pairings, over --max-pairs {max_pairs:,}; "
                         "raise --max-pairs or sweep fewer entries")
    texts = [canonical(rs.side_json(side)) for side in sides]
    content = content_hasher(info.id, info.version, dict(resolved), n)
    jobs = [_job(rs, [sides[i] for i in seats], content([texts[i] for i in seats]), resolved, n, seed)
            for seats in setups]
    names = unique_names([rs.side_name(side) for side in sides])
    return Sweep(rs, names, dict(resolved), n, seed, setups, jobs)


def pairing_job(rs: Ruleset[Any], sides: Sequence[Any], docs: Sequence[Any], resolved: Mapping[str, OptionValue],
                n: int, seed: int) -> Job:
    """The job of one pairing (its sides in seat order, with their documents): its cache key and its
    seed come from the sweep's seed and the pairing's content, so the same pairing of the same sides
    plays the same matches in any sweep (and in ``advise``'s search over builds)."""
    info = rs.info
    return _job(rs, sides, content_hash(info.id, info.version, list(docs), dict(resolved), n), resolved, n, seed)


def _job(rs: Ruleset[Any], sides: Sequence[Any], content: str, resolved: Mapping[str, OptionValue], n: int,
         seed: int) -> Job:
    return Job(cache_key(seed, content), rs.info.id, tuple(sides), tuple(sorted(resolved.items())), n,
               pairing_seed(seed, content))


def split_cached(sweep: Sweep, cache: ResultCache) -> tuple[dict[str, dict[str, Any]], list[Job]]:
    """The results already in the cache, and the jobs still to play (each key once)."""
    found: dict[str, dict[str, Any]] = {}
    todo: list[Job] = []
    seen: set[str] = set()
    for job in sweep.jobs:
        if job.key in seen:
            continue
        seen.add(job.key)
        hit = cache.get(job.key)
        if hit is not None and whole_result(hit, job):
            found[job.key] = hit
        else:
            todo.append(job)
    return found, todo


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def whole_result(result: Mapping[str, Any], job: Job) -> bool:
    """Whether a cached result is one ``play_job`` could have given for ``job``: its counts add up.
    One edited by hand (or by anything else) counts as missing and is played again, rather than
    ending the sweep with a KeyError or a negative share."""
    seats = len(job.sides)
    try:
        n, wins, drawn, draws, wins_by = (result["n"], result["wins"], result["drawn"], result["draws"],
                                          result["wins_by"])
        if not (n == job.n and _count(n) and result["seed"] == job.seed and _count(draws) and draws <= n
                and isinstance(result["engine"], str) and isinstance(result["notes"], list)
                and all(isinstance(note, str) for note in result["notes"])):
            return False
        if not (isinstance(wins, list) and isinstance(drawn, list) and isinstance(wins_by, list)
                and len(wins) == len(drawn) == len(wins_by) == seats):
            return False
        for won, shared, by in zip(wins, drawn, wins_by, strict=True):
            if not (_count(won) and _count(shared) and shared <= draws and won + shared <= n
                    and isinstance(by, dict) and all(isinstance(m, str) and _count(c) for m, c in by.items())
                    and sum(by.values()) == won):
                return False
        return bool(sum(wins) + draws <= n)
    except (KeyError, TypeError):
        return False


def share(k: int, n: int) -> dict[str, Any]:
    """``k`` of ``n`` as odds gives it (exact at 0 and at n), a fresh dict each time; the
    interval is worked out once per (k, n): a sweep asks for the same counts again and again
    (eight shares a pairing, thousands of pairings)."""
    return dict(_share(k, n))


@lru_cache(maxsize=1 << 16)
def _share(k: int, n: int) -> dict[str, Any]:
    return odds_share(k, n)


def _pairing(sweep: Sweep, seats: tuple[int, ...], job: Job, result: Mapping[str, Any]) -> dict[str, Any]:
    n = int(result["n"])
    sides = []
    for seat, entry in enumerate(seats):
        wins, drawn = int(result["wins"][seat]), int(result["drawn"][seat])
        sides.append({"entry": entry, "name": sweep.names[entry], "win": share(wins, n), "draw": share(drawn, n),
                      "loss": share(n - wins - drawn, n),
                      "wins_by": {m: share(int(c), n) for m, c in sorted(result["wins_by"][seat].items())}})
    return {"seats": list(seats), "key": job.key, "seed": job.seed, "n": n, "engine": result["engine"],
            "sides": sides, "draw": share(int(result["draws"]), n), "notes": list(result.get("notes", []))}


def pairing_entry(sweep: Sweep, index: int, result: Mapping[str, Any]) -> dict[str, Any]:
    """The document's entry for pairing ``index`` (of ``sweep.jobs``) from its result: what
    ``assemble`` makes of it, made earlier (while the other pairings play)."""
    return _pairing(sweep, sweep.setups[index], sweep.jobs[index], result)


def assemble(sweep: Sweep, results: Mapping[str, Mapping[str, Any]],
             made: Mapping[int, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The sweep's document (``turnbuckle.sweep/1``): every pairing, the 1-v-1 matrices, the
    ranking and the metagame (with two entries or more), and each grouping size's seat shares.
    ``made``: pairings' entries made already (``pairing_entry``), by index."""
    made = made or {}
    pairings = [made[i] if i in made else _pairing(sweep, seats, job, results[job.key])
                for i, (seats, job) in enumerate(zip(sweep.setups, sweep.jobs, strict=True))]
    info = sweep.rs.info
    notes = sorted({note for p in pairings for note in p["notes"]})
    doc: dict[str, Any] = {
        "format": FORMAT, "ruleset": info.id, "ruleset_version": info.version, "n": sweep.n, "seed": sweep.seed,
        "options": dict(sweep.options), "engines": sorted({p["engine"] for p in pairings}),
        "entries": [{"entry": i, "name": name} for i, name in enumerate(sweep.names)],
        "pairings": pairings, "notes": notes,
    }
    duels = [p for p in pairings if len(p["seats"]) == 2]
    if duels:
        doc.update(_duels(sweep.names, duels))
    sizes = sorted({len(p["seats"]) for p in pairings if len(p["seats"]) > 2})
    doc["groupings"] = [_groupings(sweep.names, [p for p in pairings if len(p["seats"]) == size], size)
                        for size in sizes]
    return doc


def _duels(names: list[str], duels: list[dict[str, Any]]) -> dict[str, Any]:
    """The win and draw matrices (row against column), the ranking and the metagame."""
    import numpy as np  # lazy: keeps numpy out of start-up

    from turnbuckle.lab.metagame import metagame_json, payoff_matrix, solve  # lazy: keeps numpy out of start-up
    from turnbuckle.lab.ranking import fit, ranking_json  # lazy: keeps numpy out of start-up

    k = len(names)
    win = np.full((k, k), np.nan)
    draw = np.full((k, k), np.nan)
    scores = np.zeros((k, k))
    for p in duels:
        a, b = p["seats"]
        sa, sb = p["sides"]
        win[a, b], win[b, a] = sa["win"]["p"], sb["win"]["p"]
        draw[a, b] = draw[b, a] = p["draw"]["p"]
        scores[a, b] += sa["win"]["count"] + p["draw"]["count"] / 2
        scores[b, a] += sb["win"]["count"] + p["draw"]["count"] / 2
    out: dict[str, Any] = {"matrix": {"win": _rows(win), "draw": _rows(draw)}}
    out["ranking"] = ranking_json(fit(scores), names)
    payoff = payoff_matrix(np.nan_to_num(win))
    out["metagame"] = metagame_json(solve(payoff), payoff, names)
    return out


def _rows(m: Any) -> list[list[float | None]]:
    return [[None if v != v else float(v) for v in row] for row in m.tolist()]


def _groupings(names: list[str], games: list[dict[str, Any]], size: int) -> dict[str, Any]:
    """Each entry's win share per seat and overall over every ``size``-side grouping it played."""
    played = [[0] * size for _ in names]
    won = [[0] * size for _ in names]
    for g in games:
        for seat, side in enumerate(g["sides"]):
            played[side["entry"]][seat] += g["n"]
            won[side["entry"]][seat] += side["win"]["count"]
    entries: list[dict[str, Any]] = []
    for i, name in enumerate(names):
        total = sum(played[i])
        if total == 0:
            continue
        entries.append({"entry": i, "name": name,
                        "seats": [{"n": played[i][s], **share(won[i][s], played[i][s])} for s in range(size)],
                        "overall": {"n": total, **share(sum(won[i]), total)}})
    entries.sort(key=lambda e: (-e["overall"]["p"], e["entry"]))
    return {"size": size, "games": len(games), "entries": entries}
