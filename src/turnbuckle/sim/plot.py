"""``odds --plot``: outcome shares and the match-length distribution, drawn with matplotlib."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from turnbuckle.core.errors import RulesError

PLOT_SUFFIXES = (".png", ".svg")


def check_plot_path(path: Path) -> None:
    """Refuse a plot file we cannot write before any match is played."""
    if path.suffix.lower() not in PLOT_SUFFIXES:
        raise RulesError(f"--plot '{path}': give a file ending in .png or .svg")
    if not path.parent.exists():
        raise RulesError(f"--plot '{path}': folder '{path.parent}' does not exist")
    if path.is_dir():
        raise RulesError(f"--plot '{path}': that is a folder; give a file name ending in .png or .svg")
    if path.exists() and not path.is_file():
        raise RulesError(f"--plot '{path}': that is not a plain file; give a file name ending in .png or .svg")
    existed = path.exists() or path.is_symlink()
    try:  # open it as the plot will (it is created, then removed again, when it was not there)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NONBLOCK, 0o666))
    except OSError as exc:
        raise RulesError(f"--plot '{path}': cannot write it ({exc.strerror or exc})") from None
    if not existed:
        path.unlink(missing_ok=True)


def save_figure(fig: Any, path: Path) -> None:
    """Write the figure; a file that cannot be written after all (a full disk) is the user's one line."""
    try:
        fig.savefig(path)
    except OSError as exc:
        raise RulesError(f"--plot '{path}': cannot write it ({exc.strerror or exc})") from None


def plot_odds(data: Mapping[str, Any], lengths: Mapping[int, int], path: Path) -> None:
    """Two panels: each side's wins by finish (and draws) with 95% intervals; match lengths."""
    check_plot_path(path)
    import matplotlib  # lazy: keeps numpy and matplotlib out of start-up

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # lazy: keeps numpy and matplotlib out of start-up

    # names are the users' own text: a '$' in one must not start matplotlib's mathtext (a '$\\frac{'
    # in a sheet's name stopped the whole run with a parse error)
    with plt.rc_context({"text.parse_math": False}):
        fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
        labels: list[str] = []
        values: list[float] = []
        errs: list[tuple[float, float]] = []
        for side in data["sides"]:
            for method, share in side["wins_by"].items():
                labels.append(f"{side['name']}\n{method}")
                values.append(share["p"] * 100)
                errs.append(((share["p"] - share["lo"]) * 100, (share["hi"] - share["p"]) * 100))
        if data["draw"]["count"]:
            d = data["draw"]
            labels.append("draw")
            values.append(d["p"] * 100)
            errs.append(((d["p"] - d["lo"]) * 100, (d["hi"] - d["p"]) * 100))
        left.bar(range(len(values)), values, yerr=list(zip(*errs, strict=True)) if errs else None, capsize=3)
        left.set_xticks(range(len(values)), labels, fontsize=8)
        left.set_ylabel("% of matches")
        left.set_title(f"{' vs '.join(s['name'] for s in data['sides'])}: outcomes")
        if lengths:
            xs = sorted(lengths)
            total = sum(lengths.values())
            right.bar(xs, [lengths[x] / total * 100 for x in xs], width=0.9)
            right.set_xlabel(data["length"]["unit"] if data["length"] else "length")
            right.set_ylabel("% of matches")
            right.set_title("match length")
        fig.suptitle(f"{data['ruleset']}: {data['n']:,} matches ({data['engine']} engine, seed {data['seed']})",
                     fontsize=10)
        fig.tight_layout()
        try:
            save_figure(fig, path)
        finally:
            plt.close(fig)
