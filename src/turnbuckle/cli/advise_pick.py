"""``advise`` for a game whose choice before a match is a side picked from a pool under a cap (its
simulation facet's ``picker``; Deathmatch: the best army of the bestiary under the power cap).
Kept light to import: the sim layer loads only when the command runs."""

from __future__ import annotations

import secrets
import sys
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

from turnbuckle.cli.grammar import load_sides, players_and_policies, read_document
from turnbuckle.cli.match_cmd import game_options
from turnbuckle.cli.odds_cmds import ProgressBar
from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import resolve_options
from turnbuckle.core.registry import sides_word

#: A pick search's seconds by default (as a strategy search's).
DEFAULT_PICK_S = 60.0


def advise_pick(rs: Any, picker: Any, me: str, opponents: list[str], *, field: Path | None,
                option: list[str] | None, cap: str | None, players: list[str] | None, policies: list[str] | None,
                pool: str | None, position: int, seed: int | None, budget: float | None,
                budget_matches: int | None, measure: int, threads: int | None, scheduler: str | None,
                their_strategy: list[str] | None) -> Any:
    """The picker's report for ME against the opponents (one match of them all, or a field)."""
    from turnbuckle.cli.sweep_cmds import roster_sides  # lazy: keeps the lab out of start-up

    if their_strategy:
        raise RulesError(f"--their-strategy is for a strategy search; {rs.info.name} sides send no strategy")
    mine, *theirs = load_sides(rs, [me, *opponents])
    if field is not None:
        theirs += roster_sides(rs, field)
        if not theirs:
            raise RulesError(f"--field {field}: no sheets there; give a folder of opponent sheets")
    names = [rs.side_name(mine), *(["the field"] if field is not None else [rs.side_name(t) for t in theirs])]
    chosen = players_and_policies(players, policies, names)
    options = resolve_options(rs.info.options, game_options(rs, option, cap=cap))
    text = read_document(pool, "bestiary") if pool is not None else None
    run_seed = seed if seed is not None else secrets.randbelow(2**31)
    seconds = None if budget_matches is not None and budget is None else (budget or DEFAULT_PICK_S)
    if budget is not None and budget_matches is not None:
        raise RulesError("give --budget (seconds) or --budget-matches, not both")
    bar = ProgressBar(1000, f"{rs.info.id} advise: {sides_word(rs.info)}")

    def tick(done: float) -> None:
        bar(int(1000 * done))

    with _cluster(scheduler) as client, bar:
        report = picker.pick(mine, theirs, options, field=field is not None, position=position, players=chosen,
                             pool=text, seed=run_seed, budget_matches=budget_matches, budget_seconds=seconds,
                             measure_n=measure, threads=threads, progress=tick, client=client)
    if seed is None:
        print(f"turnbuckle: note: seed {run_seed} (give --seed {run_seed} --budget-matches N to repeat the search; "
              "the report gives N)", file=sys.stderr)
    return report


def _cluster(scheduler: str | None) -> AbstractContextManager[Any]:
    """A Dask client for ``--scheduler`` (as ``sweep`` connects), or None to search here."""
    if scheduler is None:
        return nullcontext(None)
    from turnbuckle.sim.cluster import cluster_client  # lazy: keeps the simulators out of start-up

    return cluster_client(scheduler)
