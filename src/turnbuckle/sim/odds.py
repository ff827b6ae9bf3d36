"""``odds``: run many matches of one matchup on the fast or the reference engine and summarise.

The summary is plain JSON data (``odds_json``); ``render_text`` writes it for people. Neither
holds game rules: game-specific parts come from the ruleset's ``SimSpec``.
"""

from __future__ import annotations

import inspect
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.match import unique_names
from turnbuckle.core.options import OptionValue, resolve_options
from turnbuckle.core.registry import Ruleset, check_side_count
from turnbuckle.sim.interrupt import stop_requested
from turnbuckle.sim.reference import PARALLEL_MIN, run_reference, run_reference_parallel
from turnbuckle.sim.specs import FastEngine, FastEngineUnsupported, Progress, SimSpec, spec_for
from turnbuckle.sim.stats import hist_mean, hist_quantile, interval_text, wilson
from turnbuckle.sim.tally import Tally

ENGINES = ("fast", "reference")
#: Enough matches for +-0.5% (95%) on any win rate: 38,415 at worst, rounded up.
DEFAULT_N = 40_000
#: Quantiles of match length reported.
QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
#: At most this many matches (even a fast engine takes minutes over a run this long).
MAX_N = 10**10
#: Seconds of play that time a run before its estimate is given (``simulate``'s ``confirm``).
GAUGE_S = 0.5


@dataclass
class OddsRun:
    """A finished odds run: what was asked and what the engine counted."""

    ruleset: Ruleset[Any]
    names: list[str]
    options: dict[str, OptionValue]
    n: int
    seed: int
    engine: str
    tally: Tally
    spec: SimSpec
    notes: list[str] = field(default_factory=list)
    players: dict[int, str] = field(default_factory=dict)

    @property
    def partial(self) -> bool:
        """True when the run was stopped early: ``tally.n`` of ``n`` matches were played."""
        return self.tally.n < self.n


def check_n(n: int) -> None:
    if n <= 0:
        raise RulesError(f"-n {n}: the number of matches must be at least 1")
    if n > MAX_N:
        raise RulesError(f"-n {n}: at most {MAX_N} matches in one run")


@dataclass(frozen=True)
class Estimate:
    """How long the rest of a run should take, measured on its first matches."""

    seconds: float
    #: Matches still to play, and the rate they are expected at (matches per second).
    left: int
    rate: float
    #: What the rate was measured on, for people: 'the first 0.5 s on 1 process'.
    basis: str


Confirm = Callable[[Estimate], None]


def simulate(rs: Ruleset[Any], sides: Sequence[Any], options: Mapping[str, object], n: int, seed: int,
             engine: str = "fast", *, threads: int | None = None, progress: Progress | None = None,
             confirm: Confirm | None = None, players: Mapping[int, str] | None = None) -> OddsRun:
    """Run ``n`` matches. ``engine='fast'`` uses the game's fast engine when it has one and falls
    back to the reference engine (with a note) when it does not. ``threads`` is the fast engine's
    thread count, or the reference engine's number of worker processes (default: every core);
    the result does not depend on it (Deathmatch: ``players={0: "weakest", 2: "random"}`` gives
    those armies their own target policies).

    ``confirm`` hears, once, an estimate of the time the rest of a run will take, measured on its
    first ``GAUGE_S`` seconds of play, before the bulk of the run; it may raise to refuse it. A run
    stopped early (Ctrl-C under ``interrupt.stoppable()``) returns the matches played so far:
    ``OddsRun.partial`` is then true. ``players`` are the sides' player kinds or policies by
    index (``match --player``); automatic ones only, as nobody is there to answer."""
    check_n(n)
    if engine not in ENGINES:
        raise RulesError(f"--engine '{engine}' is not one of {', '.join(ENGINES)}")
    if not 0 <= seed < 1 << 64:
        raise RulesError(f"seed {seed} is out of range; use a whole number from 0 to 2**64-1")
    if threads is not None and threads < 1:
        raise RulesError(f"--threads {threads}: give at least 1")
    info = rs.info
    check_side_count(info, len(sides))
    resolved = resolve_options(info.options, options)
    chosen = _check_players(rs, players or {}, len(sides))
    spec = spec_for(info.id)
    notes: list[str] = []
    fast = _fast_engine(spec, info.id, info.version, notes) if engine == "fast" else None
    tally = None
    if fast is not None:
        gauge = _Gauge(n, confirm, progress, f"the fast engine's first {GAUGE_S:g} s")
        try:
            if not chosen:
                tally = fast(sides, resolved, n, seed, threads=threads, progress=gauge)
            elif "players" in inspect.signature(fast).parameters:
                tally = fast(sides, resolved, n, seed, threads=threads, progress=gauge,  # type: ignore[call-arg]
                             players=chosen)
            else:
                raise FastEngineUnsupported(f"the fast {info.id} engine plays its default players only")
        except FastEngineUnsupported as exc:
            notes.append(f"{exc}; using the reference engine")
    used = "fast" if tally is not None else "reference"
    if tally is None:
        most = os.cpu_count() or 1
        if threads is not None and threads > most:  # as the fast engines refuse it: a process a core at most
            raise RulesError(f"--threads {threads}: this machine runs 1 to {most} processes")
        workers = threads if threads is not None else most
        tally = _reference(rs, sides, resolved, n, seed, workers, progress, confirm, chosen)
    names = unique_names([rs.side_name(s) for s in sides])
    return OddsRun(rs, names, resolved, n, seed, used, tally, spec, notes, chosen)


def _check_players(rs: Ruleset[Any], players: Mapping[int, str], n_sides: int) -> dict[int, str]:
    """The sides' player kinds, checked: an automatic kind of this game for a side that exists."""
    kinds = rs.info.automatic_players
    for index, kind in players.items():
        if not 0 <= index < n_sides:
            raise RulesError(f"player given for side {index + 1}, but sides are numbered 1 to {n_sides}")
        if kind == "human":
            raise RulesError("odds plays many matches with nobody at the table: give each side an automatic "
                             f"player ({', '.join(kinds)})")
        if kind not in kinds:
            raise RulesError(f"player '{kind}' is not one of {', '.join(kinds)} for {rs.info.id}")
    return {index: kind for index, kind in players.items() if kind != "auto"}  # "auto": the default player


def _reference(rs: Ruleset[Any], sides: Sequence[Any], options: Mapping[str, OptionValue], n: int, seed: int,
               workers: int, progress: Progress | None, confirm: Confirm | None,
               players: Mapping[int, str] | None = None) -> Tally:
    """The reference engine: a first match (it pays for imports and caches), then ``GAUGE_S``
    seconds of matches in this process (they time the run for ``confirm``), then the rest over
    ``workers`` processes. Match ``i`` keeps its seed whoever plays it, so the split never changes
    the numbers."""
    tally = run_reference(rs, sides, options, 1, seed, progress=progress, players=players)
    began = time.perf_counter()
    if n > 1 and not stop_requested():
        tally.merge(run_reference(rs, sides, options, n - 1, seed, start=1, until=began + GAUGE_S,
                                  progress=_shifted(progress, tally.n), players=players))
    left = n - tally.n
    if left <= 0 or stop_requested():
        return tally
    rate = (tally.n - 1) / max(time.perf_counter() - began, 1e-9)
    parallel = min(workers, os.cpu_count() or 1) if workers > 1 and left >= PARALLEL_MIN else 1
    if confirm is not None:
        where = f"{parallel} processes" if parallel > 1 else "1 process"
        confirm(Estimate(left / (rate * parallel), left, rate * parallel,
                         f"{tally.n - 1:,} matches in {GAUGE_S:g} s on 1 process, to run on {where}"))
    tally.merge(run_reference_parallel(rs, sides, options, left, seed, workers=workers, start=tally.n,
                                       progress=_shifted(progress, tally.n), players=players))
    return tally


def _shifted(progress: Progress | None, before: int) -> Progress | None:
    """A progress callback for a part of a run that starts after ``before`` matches."""
    if progress is None:
        return None
    report = progress
    return lambda done: report(before + done)


class _Gauge:
    """A progress callback that, once ``GAUGE_S`` seconds of play have been counted (from its
    first report, so a compile before the first chunk is left out), tells ``confirm`` how long
    the rest should take; then passes every report on."""

    def __init__(self, n: int, confirm: Confirm | None, progress: Progress | None, basis: str) -> None:
        self.n, self.confirm, self.progress, self.basis = n, confirm, progress, basis
        self.first: tuple[float, int] | None = None

    def __call__(self, done: int) -> None:
        if self.confirm is not None and done < self.n:
            now = time.perf_counter()
            if self.first is None:
                self.first = (now, done)
            elif now - self.first[0] >= GAUGE_S and done > self.first[1]:
                rate = (done - self.first[1]) / (now - self.first[0])
                confirm, self.confirm = self.confirm, None
                confirm(Estimate((self.n - done) / rate, self.n - done, rate, self.basis))
        if self.progress is not None:
            self.progress(done)


def _fast_engine(spec: SimSpec, ruleset_id: str, version: str, notes: list[str]) -> FastEngine | None:
    """The game's fast engine, or None (with a note saying why) when the reference engine must run."""
    try:
        fast = spec.fast_engine()
    except ImportError as exc:  # numba missing or unsupported here: still give an answer
        notes.append(f"the fast {ruleset_id} engine cannot load ({exc}); using the reference engine")
        return None
    if fast is None:
        notes.append(f"{ruleset_id} has no fast engine yet; using the reference engine")
        return None
    if spec.fast_version is not None and spec.fast_version != version:
        notes.append(f"the fast {ruleset_id} engine was checked against version {spec.fast_version}, "
                     f"not {version}; using the reference engine")
        return None
    return fast


def share(k: int, n: int) -> dict[str, Any]:
    """``k`` of ``n`` matches: the count, its share and the share's 95% Wilson interval (exact at the ends)."""
    lo, hi = wilson(k, n)
    return {"count": k, "p": k / n, "lo": lo, "hi": hi}


def odds_json(run: OddsRun) -> dict[str, Any]:
    """The public JSON form of an odds run (``turnbuckle.odds/1``); key order is fixed."""
    t, n = run.tally, run.tally.n
    draws = t.draws()
    sides = []
    for i, name in enumerate(run.names):
        wins, shared = t.wins(i), t.draws_of(i)
        methods = {m: c for (w, m), c in sorted(t.outcomes.items(), key=lambda kv: kv[0][1]) if w == i}
        sides.append({
            "name": name,
            "win": share(wins, n),
            "draw": share(shared, n),
            "loss": share(n - wins - shared, n),
            "wins_by": {m: share(c, n) for m, c in methods.items()},
        })
    length: dict[str, Any] | None = None
    if t.lengths:
        counted = sum(t.lengths.values())
        length = {
            "unit": t.unit or run.spec.unit(),
            "mean": hist_mean(t.lengths),
            "quantiles": {f"{int(q * 100)}": hist_quantile(t.lengths, q) for q in QUANTILES},
            "min": min(t.lengths), "max": max(t.lengths), "counted": counted,
        }
    figures: dict[str, Any] = {}
    for fig in run.spec.figures:
        total = t.figures.get(fig.key, 0.0)
        if fig.share:
            figures[fig.key] = {"label": fig.label, **share(round(total), n)}
        else:
            figures[fig.key] = {"label": fig.label, "mean": total / n}
    return {
        "format": "turnbuckle.odds/1",
        "ruleset": run.ruleset.info.id,
        "ruleset_version": run.ruleset.info.version,
        "engine": run.engine,
        "n": n,
        "requested": run.n,
        "partial": run.partial,
        "seed": run.seed,
        "options": dict(run.options),
        "players": {run.names[i]: kind for i, kind in sorted(run.players.items())},
        "sides": sides,
        "draw": share(draws, n),
        "methods": {m: share(c, n) for m, c in t.methods().items()},
        "length": length,
        "figures": figures,
        "dice_per_match": t.dice / n,
        "notes": list(run.notes),
    }


def _pct(p: float) -> str:
    return f"{p * 100:6.2f}%"


def _ci(share: Mapping[str, Any]) -> str:
    return f"{_pct(share['p'])}  [{interval_text(share['lo'], share['hi'], 2, width=5)}]"


def render_text(data: Mapping[str, Any]) -> str:
    """The odds for people: a few aligned tables."""
    opts = ", ".join(f"{k}={v}" for k, v in data["options"].items())
    sides = data["sides"]
    lines = [f"{' vs '.join(s['name'] for s in sides)}: {data['ruleset']} v{data['ruleset_version']}"
             + (f" ({opts})" if opts else ""),
             f"{data['n']:,} matches, {data['engine']} engine, seed {data['seed']}; "
             "95% Wilson intervals in brackets", ""]
    if data.get("partial"):
        lines[1:1] = [partial_line(data["n"], data["requested"])]
    if data.get("players"):
        lines.insert(-1, "Players: " + ", ".join(f"{name} {kind}" for name, kind in data["players"].items()))
    width = max(len(s["name"]) for s in sides)
    lines.append(f"{'':{width}}  {'win':<26}{'draw':<26}loss")
    for s in sides:
        lines.append(f"{s['name']:<{width}}  {_ci(s['win']):<26}{_ci(s['draw']):<26}{_ci(s['loss'])}")
    lines += ["", "Finishes"]
    mwidth = max([len(m) for m in data["methods"]] + [6])
    for method, share in data["methods"].items():
        by = "  ".join(f"{s['name']} {_pct(s['wins_by'][method]['p']).strip()}"
                       for s in sides if method in s["wins_by"])
        lines.append(f"  {method:<{mwidth}}  {_ci(share)}" + (f"   ({by})" if by else ""))
    length = data["length"]
    if length:
        q = length["quantiles"]
        lines += ["", f"Match length ({length['unit']}): mean {length['mean']:.2f}; "
                  + ", ".join(f"{k}% {v}" for k, v in q.items())
                  + f"; range {length['min']}-{length['max']}"]
    if data["figures"]:
        lines += ["", "Figures"]
        for fig in data["figures"].values():
            value = _ci(fig) if "p" in fig else f"{fig['mean']:.4f}"
            lines.append(f"  {fig['label']}: {value}")
    lines += ["", f"Dice per match: {data['dice_per_match']:.2f}"]
    lines += [f"Note: {note}" for note in data["notes"]]
    return "\n".join(lines) + "\n"


def partial_line(played: int, requested: int) -> str:
    """The mark of a run stopped early."""
    return f"partial: {played:,} of {requested:,} played (stopped early)"


def half_width(data: Mapping[str, Any], side: int = 0) -> float:
    """The half width of side ``side``'s win interval (for tests and the docs)."""
    win = data["sides"][side]["win"]
    return (float(win["hi"]) - float(win["lo"])) / 2


