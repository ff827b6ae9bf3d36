"""``explain --plot``: each side's win probability by round, drawn with matplotlib."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any


def plot(data: Mapping[str, Any], path: str) -> None:
    import matplotlib  # lazy: keeps numpy and matplotlib out of start-up

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # lazy: keeps numpy and matplotlib out of start-up

    names = list(data["sides"])
    rounds = [0, *(r["round"] for r in data["rounds"])]
    fig, ax = plt.subplots(figsize=(8, 4))
    for name in names:
        shares = [data["pre_match"]["win"][name], *(r["win"][name] for r in data["rounds"])]
        ax.plot(rounds, [100 * s for s in shares], marker="o", label=name)
    for swing in data["swings"]:
        ax.axvline(swing["round"], color="grey", alpha=0.3, linestyle="--")
    ax.set_xlabel("after round (0: before the bell)")
    ax.set_ylabel("win probability, %")
    ax.set_ylim(-2, 102)
    ax.set_xticks(rounds)
    ax.set_title(f"{' vs. '.join(names)}: {data['result']}", fontsize=10)
    ax.legend()
    fig.tight_layout()
    fig.savefig(Path(path))
    plt.close(fig)
