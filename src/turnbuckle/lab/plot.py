"""``sweep --plot``: the 1-v-1 win matrix as a heatmap and the power ranking with its intervals."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.sim.plot import check_plot_path, save_figure


def plot_sweep(doc: Mapping[str, Any], path: Path) -> None:
    """Two panels: the heatmap (row's win share against column) and the ranking, strongest on top."""
    check_plot_path(path)
    if "matrix" not in doc:
        raise RulesError("--plot draws the 1-v-1 matrix and ranking; add 2 to --sizes")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    # names are the users' own text: a '$' in one must not start matplotlib's mathtext (a '$\\frac{'
    # in a sheet's name stopped the whole run with a parse error)
    with plt.rc_context({"text.parse_math": False}):
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
        try:
            save_figure(fig, path)
        finally:
            plt.close(fig)
