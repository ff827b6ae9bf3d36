"""What ``sweep`` shows: the answer first in text (ranking, metagame, builds; the pairings behind
``--pairings``), and a build space's plot as a map over the builds' stats."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import numpy as np

from tests.cli.helpers import tb
from turnbuckle.lab.builds import build_space, builds_report
from turnbuckle.lab.plot import map_axes, sweep_figure
from turnbuckle.lab.render import render_text
from turnbuckle.lab.run_local import run_local
from turnbuckle.lab.sweep import assemble, make_sweep
from turnbuckle.rulesets.registry import get_ruleset

BOXING = get_ruleset("boxing")
THREE = ("all-rounder", "slugger", "speedster")


def _four_doc() -> dict[str, Any]:
    sides = [BOXING.side_by_name(s) for s in (*THREE, "iron-chin")]
    plan = make_sweep(BOXING, sides, {}, 300, 4)
    results: dict[str, dict[str, Any]] = {}
    run_local(plan.jobs, 1, results.__setitem__)
    doc = assemble(plan, results)
    doc["builds"] = builds_report(doc, "four sample boxers")
    return doc


def test_text_leads_with_the_ranking_then_the_metagame_then_the_builds() -> None:
    doc = _four_doc()
    text = render_text(doc)
    order = [text.index(h) for h in ("Power ranking", "Metagame", "Builds:", "Win matrix", "Pairings: 6")]
    assert order == sorted(order)
    assert ": draw " not in text  # no pairing's odds without --pairings
    with_pairings = render_text(doc, pairings=True)
    assert with_pairings.index("Builds:") < with_pairings.index("Pairings (") < with_pairings.index(": draw ")
    assert with_pairings.count(": draw ") == 6


def test_the_pairings_flag_on_the_command_line() -> None:
    args = ("sweep", "boxing", *THREE, "-n", "100", "--threads", "1")
    plain, listed = tb(*args), tb(*args, "--pairings")
    assert plain.exit_code == listed.exit_code == 0, plain.stderr + listed.stderr
    assert plain.stdout.split("\nPairings: 3")[0] == listed.stdout.split("\nPairings (")[0]
    assert ": draw " not in plain.stdout and listed.stdout.count(": draw ") == 3


def _space_doc() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A made-up result over boxing's real build space: strength grows with Power."""
    builds, space = build_space(BOXING)
    stats: list[dict[str, Any]] = [cast(dict[str, Any], BOXING.side_json(b)) for b in builds]
    k = len(builds)
    strength = [0.3 * s["power"] - 0.1 * s["speed"] - 0.5 for s in stats]
    order = sorted(range(k), key=lambda i: -strength[i])
    fielded = order[:3]
    doc = {"ruleset": "boxing", "n": 100, "seed": 1, "entries": [{"entry": i, "name": s["name"]}
                                                                   for i, s in enumerate(stats)],
           "matrix": {"win": [[None] * k for _ in range(k)]},
           "ranking": [{"rank": r + 1, "entry": i, "name": stats[i]["name"], "strength": strength[i],
                        "lo": strength[i] - 0.1, "hi": strength[i] + 0.1, "expected": 0.5}
                       for r, i in enumerate(order)],
           "metagame": {"value": 0.0, "mixture": fielded,
                        "entries": [{"entry": i, "name": stats[i]["name"], "weight": 1 / 3 if i in fielded else 0.0,
                                     "payoff": 0.0 if i in fielded else -0.01 * (order.index(i) + 1),
                                     "dominated_by": [order[0]] if order.index(i) > 40 else []}
                                    for i in range(k)]},
           "builds": {"count": k, "space": space, "dominant": [], "dominated": [], "undominated": []}}
    return doc, stats


def test_a_build_space_plots_as_a_map_over_two_stats() -> None:
    import matplotlib.pyplot as plt

    doc, stats = _space_doc()
    fig = sweep_figure(doc, stats)
    try:
        strength, meta = (ax for ax in fig.axes if ax.get_images())  # the two maps (not their colour bars)
        for ax in (strength, meta):
            assert (ax.get_xlabel(), ax.get_ylabel()) == ("Power", "Speed")
            (image,) = ax.get_images()
            assert int(np.isfinite(image.get_array().filled(np.nan)).sum()) == 73  # one cell a build
        assert len(strength.texts) == 73  # each cell labelled with its rank, not 73 row labels
        assert {t.get_text() for t in strength.texts} == {str(r) for r in range(1, 74)}
        assert [t.get_text() for t in meta.texts].count("33%") == 3  # the fielded builds' weights
        assert "Toughness = 15 - Power - Speed" in fig._suptitle.get_text()
        # The strongest build (most Power, least Speed) sits in its own cell, labelled 1.
        top = next(t for t in strength.texts if t.get_text() == "1")
        best = max(stats, key=lambda s: 0.3 * s["power"] - 0.1 * s["speed"])
        assert top.get_position() == (best["power"], best["speed"])
    finally:
        plt.close(fig)


def test_entries_that_do_not_fit_a_map_keep_the_matrix_and_the_ranking() -> None:
    import matplotlib.pyplot as plt

    doc, stats = _space_doc()
    assert map_axes([{"name": "a", "power": 5, "speed": 5}, {"name": "b", "power": 5, "speed": 5}]) is None
    assert map_axes(stats[:1]) is None
    fig = sweep_figure(doc, [{**s, "speed": 1, "toughness": 1} for s in stats])  # one stat varies: no map
    try:
        assert [ax.get_title() for ax in fig.axes if ax.get_title()] == ["win matrix (row against column)",
                                                                         "power ranking"]
    finally:
        plt.close(fig)


def test_the_command_draws_a_build_space_as_its_map(tmp_path: Path) -> None:
    svg = tmp_path / "builds.svg"
    result = tb("sweep", "boxing", "--builds", "-n", "1", "--threads", "1", "--plot", str(svg))
    assert result.exit_code == 0, result.stderr
    text = svg.read_text(encoding="utf-8")
    assert "Toughness = 15 - Power - Speed" in text and "power ranking" not in text
