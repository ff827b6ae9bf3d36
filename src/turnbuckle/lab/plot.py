"""``sweep --plot``: a build space as a map of strength over the builds' stats (and the metagame
over the same map); a roster as its 1-v-1 win matrix (a heatmap) and its power ranking with
intervals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.sim.plot import check_plot_path, save_figure


def plot_sweep(doc: Mapping[str, Any], path: Path, stats: Sequence[Mapping[str, Any]] | None = None) -> None:
    """Draw ``doc`` to ``path``: the build map when the sweep is of a build space whose builds
    ``stats`` (each entry's sheet document) place on two axes, else the matrix and the ranking."""
    check_plot_path(path)
    if "matrix" not in doc:
        raise RulesError("--plot draws the 1-v-1 matrix and ranking; add 2 to --sizes")
    fig = sweep_figure(doc, stats)
    import matplotlib.pyplot as plt  # lazy: keeps numpy and matplotlib out of start-up

    try:
        with plt.rc_context({"text.parse_math": False}):
            save_figure(fig, path)
    finally:
        plt.close(fig)


def sweep_figure(doc: Mapping[str, Any], stats: Sequence[Mapping[str, Any]] | None = None) -> Any:
    """The figure ``plot_sweep`` saves (a matplotlib Figure; the caller closes it)."""
    import matplotlib  # lazy: keeps numpy and matplotlib out of start-up

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # lazy: keeps numpy and matplotlib out of start-up

    # names are the users' own text: a '$' in one must not start matplotlib's mathtext (a '$\\frac{'
    # in a sheet's name stopped the whole run with a parse error)
    with plt.rc_context({"text.parse_math": False}):
        axes = map_axes(stats) if stats is not None and "builds" in doc else None
        if axes is not None:
            return _build_map(doc, stats or [], axes)
        return _matrix_and_ranking(doc)


@dataclass(frozen=True)
class MapAxes:
    """Where a build sits on the map: ``x`` and ``y`` (stat names), and the stats left over, each
    fixed by the others when the builds spend one budget (``budget``: that total, else None)."""

    x: str
    y: str
    rest: tuple[str, ...]
    budget: int | None


def map_axes(stats: Sequence[Mapping[str, Any]]) -> MapAxes | None:
    """The map's axes: the first two whole-number stats that vary over the builds, when no two
    builds share a point of them (a budget spent exactly fixes a third stat: boxing's Toughness
    is 15 - Power - Speed); None when the builds do not fit a map.

    >>> map_axes([{"name": "a", "power": 5, "speed": 5, "toughness": 5},
    ...           {"name": "b", "power": 6, "speed": 4, "toughness": 5},
    ...           {"name": "c", "power": 6, "speed": 5, "toughness": 4}])
    MapAxes(x='power', y='speed', rest=('toughness',), budget=15)
    """
    if len(stats) < 2:
        return None
    keys = [k for k, v in stats[0].items() if isinstance(v, int) and not isinstance(v, bool)
            and all(isinstance(s.get(k), int) and not isinstance(s.get(k), bool) for s in stats)]
    varying = [k for k in keys if len({s[k] for s in stats}) > 1]
    if len(varying) < 2:
        return None
    x, y, rest = varying[0], varying[1], tuple(varying[2:])
    if len({(s[x], s[y]) for s in stats}) < len(stats):
        return None
    totals = {sum(s[k] for k in varying) for s in stats}
    return MapAxes(x, y, rest, totals.pop() if len(totals) == 1 and len(rest) == 1 else None)


def _label(stat: str) -> str:
    return stat.replace("_", " ").capitalize()


def _grid(stats: Sequence[Mapping[str, Any]], axes: MapAxes, values: Sequence[float]) -> Any:
    """The builds' values on a grid of ``y`` rows and ``x`` columns (NaN where no build is)."""
    import numpy as np  # lazy: keeps numpy out of start-up

    xs, ys = [s[axes.x] for s in stats], [s[axes.y] for s in stats]
    grid = np.full((max(ys) - min(ys) + 1, max(xs) - min(xs) + 1), np.nan)
    for x, y, v in zip(xs, ys, values, strict=True):
        grid[y - min(ys), x - min(xs)] = v
    return grid


def _build_map(doc: Mapping[str, Any], stats: Sequence[Mapping[str, Any]], axes: MapAxes) -> Any:
    """Two maps over the builds' stats (one cell a build): the Bradley-Terry strength, each cell
    labelled with the build's rank; and the metagame, each build's payoff against the equilibrium
    mixture, the fielded builds labelled with their weight and the dominated ones crossed out."""
    import matplotlib.pyplot as plt  # lazy: keeps numpy and matplotlib out of start-up

    k = len(doc["entries"])
    strength = [0.0] * k
    rank = [0] * k
    for r in doc["ranking"]:
        strength[r["entry"]], rank[r["entry"]] = r["strength"], r["rank"]
    meta = {e["entry"]: e for e in doc["metagame"]["entries"]}
    xs, ys = [s[axes.x] for s in stats], [s[axes.y] for s in stats]
    extent = (min(xs) - 0.5, max(xs) + 0.5, min(ys) - 0.5, max(ys) + 0.5)
    side = min(5 + 0.45 * (max(xs) - min(xs) + 1), 14)
    fig, (left, right) = plt.subplots(1, 2, figsize=(side * 2 + 1.5, side))
    reach = max(abs(v) for v in strength) or 1.0
    image = left.imshow(_grid(stats, axes, strength), origin="lower", extent=extent, cmap="RdBu",
                        vmin=-reach, vmax=reach)
    fig.colorbar(image, ax=left, fraction=0.046, pad=0.04, label="Bradley-Terry strength (log-odds)")
    for i in range(k):
        left.text(xs[i], ys[i], str(rank[i]), ha="center", va="center", fontsize=7)
    left.set_title("strength (each cell: the build's rank)")
    payoffs = [meta[i]["payoff"] for i in range(k)]
    low = min(payoffs) if min(payoffs) < 0 else -1.0
    image = right.imshow(_grid(stats, axes, payoffs), origin="lower", extent=extent, cmap="viridis",
                         vmin=low, vmax=0.0)
    fig.colorbar(image, ax=right, fraction=0.046, pad=0.04,
                 label="payoff against the equilibrium mixture (0: as good as any)")
    for i in range(k):
        if meta[i]["weight"] > 0:
            right.text(xs[i], ys[i], f"{meta[i]['weight'] * 100:.0f}%", ha="center", va="center", fontsize=7,
                       color="white", fontweight="bold", bbox={"boxstyle": "round", "fc": "black", "alpha": 0.6})
        elif meta[i]["dominated_by"]:
            right.text(xs[i], ys[i], "x", ha="center", va="center", fontsize=10, color="white")
    right.set_title("metagame (labels: builds fielded, their weight; x: dominated)")
    rest = ""
    if axes.rest:
        rest = (f"{_label(axes.rest[0])} = {axes.budget} - {_label(axes.x)} - {_label(axes.y)}"
                if axes.budget is not None else f"{', '.join(_label(r) for r in axes.rest)} not shown")
    for ax in (left, right):
        ax.set_xlabel(_label(axes.x))
        ax.set_ylabel(_label(axes.y))
        ax.set_xticks(range(min(xs), max(xs) + 1))
        ax.set_yticks(range(min(ys), max(ys) + 1))
    fig.suptitle(f"{doc['ruleset']} sweep: {k} builds, {doc['n']:,} matches a pairing, seed {doc['seed']}"
                 + (f"; {rest}" if rest else ""), fontsize=10)
    fig.tight_layout()
    return fig


def _matrix_and_ranking(doc: Mapping[str, Any]) -> Any:
    """Two panels: the heatmap (row's win share against column) and the ranking, strongest on top."""
    import matplotlib.pyplot as plt  # lazy: keeps numpy and matplotlib out of start-up
    import numpy as np  # lazy: keeps numpy out of start-up

    names = [e["name"] for e in doc["entries"]]
    k = len(names)
    win = np.array([[np.nan if v is None else v * 100 for v in row] for row in doc["matrix"]["win"]])
    side = min(4 + 0.22 * k, 24)
    fig, (heat, rank) = plt.subplots(1, 2, figsize=(side * 2, side), gridspec_kw={"width_ratios": [1.25, 1]})
    image = heat.imshow(win, cmap="RdBu", vmin=0, vmax=100)
    fig.colorbar(image, ax=heat, fraction=0.046, pad=0.04, label="row wins, % of matches")
    font = max(4, 10 - k // 10)
    heat.set_xticks(range(k), names, rotation=90, fontsize=font)
    heat.set_yticks(range(k), names, fontsize=font)
    if k <= 12:
        for i in range(k):
            for j in range(k):
                if not np.isnan(win[i, j]):
                    heat.text(j, i, f"{win[i, j]:.0f}", ha="center", va="center", fontsize=8)
    heat.set_title("win matrix (row against column)")
    ranked = doc["ranking"]
    ys = np.arange(len(ranked))[::-1]
    values = [r["strength"] for r in ranked]
    errs = [[r["strength"] - r["lo"] for r in ranked], [r["hi"] - r["strength"] for r in ranked]]
    rank.errorbar(values, ys, xerr=errs, fmt="o", capsize=3)
    rank.set_yticks(ys, [r["name"] for r in ranked], fontsize=font)
    rank.axvline(0, color="grey", linewidth=0.8)
    rank.set_xlabel("Bradley-Terry strength (log-odds), 95% interval")
    rank.set_title("power ranking")
    fig.suptitle(f"{doc['ruleset']} sweep: {k} entries, {doc['n']:,} matches a pairing, seed {doc['seed']}",
                 fontsize=10)
    fig.tight_layout()
    return fig
