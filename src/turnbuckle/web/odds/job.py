"""The odds page's job kind ("odds"): its parameters are plain JSON (the game, both sides' sheets as
the ruleset writes them, options, policies, n and seed), so any server process, or a Dask worker,
plays it from the row alone and gets the numbers ``turnbuckle odds`` gives for the same seed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from turnbuckle.league import jobs
from turnbuckle.rulesets.registry import get_ruleset

KIND = "odds"
#: The most matches one odds run may ask for.
MAX_MATCHES = 1_000_000
#: Worker threads of the fast engine inside one web job (the machine is shared with the requests).
JOB_THREADS = 1
#: Seconds between looks at a run played on the cluster (is it cancelled? is it done?).
DASK_POLL_S = 1.0


def params_of(rs: Any, sides: list[Any], options: dict[str, Any], players: dict[int, str], n: int, seed: int,
              detail: dict[str, Any]) -> dict[str, Any]:
    """The job's parameters; ``detail`` is what its page shows."""
    return {"game": rs.info.id, "sides": [rs.side_json(s) for s in sides], "names": [rs.side_name(s) for s in sides],
            "options": options, "players": sorted(players.items()), "n": n, "seed": seed, "detail": detail}


def play(params: dict[str, Any], progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play the run the parameters describe (here, or on a Dask worker) and give ``odds_json``."""
    from turnbuckle.sim.odds import odds_json, simulate  # lazy: numpy and the engines load in the worker

    rs = get_ruleset(params["game"])
    sides = [rs.load_side(doc, name) for doc, name in zip(params["sides"], params["names"], strict=True)]
    players = {int(i): str(kind) for i, kind in params["players"]}
    return odds_json(simulate(rs, sides, params["options"], int(params["n"]), int(params["seed"]), "fast",
                              threads=JOB_THREADS, progress=progress, players=players))


def run(params: dict[str, Any], progress: jobs.Progress, client: Any) -> dict[str, Any]:
    """The kind's work: here with progress reports, or as one task on the cluster (progress at the end)."""
    if client is None:
        return play(params, progress)
    future = client.submit(play, params, pure=False)
    try:
        while True:
            try:
                result: dict[str, Any] = future.result(timeout=DASK_POLL_S)
                return result
            except TimeoutError:
                progress(0)  # raises Stopped once the run is cancelled or the server stops
    finally:
        if not future.done():
            future.cancel()


# A sample-only run is anyone's to follow by its id; one naming league competitors is its owner's only
# (the page decides per run: see odds_page.odds_start).
jobs.register(KIND, run, public=True)
