"""``turnbuckle sweep``: the balance lab on the command line.

Kept light to import: the lab, numpy, Dask and matplotlib load only when the command runs.
"""

from __future__ import annotations

import json
import os
import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from turnbuckle.cli.common import EXIT_INTERRUPTED, user_errors
from turnbuckle.cli.ending import skip_teardown
from turnbuckle.cli.grammar import (
    CapOpt,
    GridOpt,
    OptionOpt,
    RefereeOpt,
    RoundsOpt,
    StakeOpt,
    TypeOpt,
    check_format,
    format_option,
    load_sides,
)
from turnbuckle.cli.match_cmd import game_options
from turnbuckle.cli.odds_cmds import ProgressBar
from turnbuckle.cli.sides import resolve_side
from turnbuckle.core.errors import RulesError
from turnbuckle.rulesets.registry import get_ruleset

SWEEP_FORMATS = ("text", "markdown", "json", "csv")
#: Files of a ``--roster`` folder that are read as sheets.
SHEET_SUFFIXES = (".yaml", ".yml", ".json")


def roster_sides(rs: Any, folder: Path) -> list[Any]:
    """Every sheet in ``folder`` (by file name), loaded as ``match`` loads a file."""
    if not folder.is_dir():
        raise RulesError(f"--roster '{folder}' is not a folder; give a folder of sheet files")
    files = sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in SHEET_SUFFIXES)
    if not files:
        raise RulesError(f"--roster '{folder}' holds no sheet files ({', '.join(SHEET_SUFFIXES)})")

    return [resolve_side(rs, str(path)) for path in files]


def sweep(
    ruleset: Annotated[str, typer.Argument(help="A ruleset id or alias, e.g. boxing.")],
    sides: Annotated[list[str] | None, typer.Argument(help="Entries: sheet files or sample ids.")] = None,
    roster: Annotated[Path | None, typer.Option(help="A folder of sheets: each is an entry.")] = None,
    builds: Annotated[bool, typer.Option("--builds", help="Every legal build of the game (boxing: 73).")] = False,
    n: Annotated[int | None, typer.Option("-n", "--matches", help="Matches per pairing (default 40,000).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the sweep; each pairing's seed comes from it and the "
                                      "pairing's content.")] = 1,
    option: OptionOpt = None,
    rounds: RoundsOpt = None,
    grid: GridOpt = None,
    match_type: TypeOpt = None,
    referee: RefereeOpt = None,
    cap: CapOpt = None,
    stake: StakeOpt = None,
    sizes: Annotated[str, typer.Option(help="Sides per match: 2 (the round robin), or for Deathmatch also 3 "
                                       "and 4 (every grouping, every seat rotation), e.g. 2,3,4.")] = "2",
    max_pairs: Annotated[int, typer.Option(help="Refuse a sweep of more pairings than this.")] = 5000,
    cache: Annotated[Path | None, typer.Option(help="Keep each pairing's result in this folder; a rerun "
                                               "plays only what is missing.")] = None,
    scheduler: Annotated[str | None, typer.Option(help="Play on a Dask cluster: tcp://HOST:PORT of a running "
                                                  "scheduler, or 'local' for a LocalCluster here.")] = None,
    threads: Annotated[int | None, typer.Option(help="Pairings played at once on this machine (default: all "
                                                "cores); results do not depend on it.")] = None,
    fmt: Annotated[str, format_option(SWEEP_FORMATS)] = "text",
    plot: Annotated[Path | None, typer.Option(help="Draw the results to FILE.png or FILE.svg: a build space "
                                              "as a map of strength over the builds' stats, a roster as its "
                                              "win matrix and ranking.")] = None,
    pairings: Annotated[bool, typer.Option("--pairings", help="Text: also list every pairing's odds (JSON "
                                           "and CSV always hold them).")] = False,
) -> None:
    """Play every pairing of a roster (or every legal build) on the fast engines: per-pairing odds,
    a power ranking, the metagame's equilibrium mixture; on this machine or a Dask cluster."""
    with user_errors():
        from turnbuckle.lab.cache import ResultCache  # lazy: keeps the lab out of start-up
        from turnbuckle.lab.pairings import parse_sizes  # lazy: keeps the lab out of start-up
        from turnbuckle.lab.sweep import assemble, make_sweep, split_cached  # lazy: keeps the lab out of start-up
        from turnbuckle.sim.odds import DEFAULT_N  # lazy: keeps the simulators out of start-up

        fmt = check_format(fmt, SWEEP_FORMATS)
        rs = get_ruleset(ruleset)
        options = game_options(rs, option, rounds=rounds, grid=grid, type=match_type, referee=referee, cap=cap,
                               stake=stake)
        if threads is not None and threads < 1:
            raise RulesError(f"--threads {threads}: give at least 1")
        if threads is not None and threads > (os.cpu_count() or 1):  # a process a core at most, as odds
            raise RulesError(f"--threads {threads}: this machine runs 1 to {os.cpu_count() or 1} processes")
        if max_pairs < 1:
            raise RulesError(f"--max-pairs {max_pairs}: give at least 1")
        if plot is not None:
            from turnbuckle.sim.plot import check_plot_path  # lazy: keeps the simulators out of start-up

            check_plot_path(plot)
        entries = load_sides(rs, sides or [])
        if roster is not None:
            entries += roster_sides(rs, roster)
        space = None
        if builds:
            from turnbuckle.lab.builds import build_space  # lazy: keeps the lab out of start-up

            found, space = build_space(rs)
            entries += found
        wanted = parse_sizes(sizes, rs.info.id, rs.info.max_sides)
        if plot is not None and 2 not in wanted:  # before playing: the plot is of the 1-v-1 matches only
            raise RulesError("--plot draws the 1-v-1 matrix and ranking; add 2 to --sizes")
        for size in wanted:  # an option that changes nothing is refused, as odds refuses it
            idle = rs.idle_options(options, {}, size)
            if idle:
                key, why = next(iter(idle.items()))
                why = re.sub(r" \(add --(player|policy) [^)]*\)$", "", why)  # sweep has no --player (its
                # entries play the game's default player)
                raise RulesError(f"option {key} changes nothing here: {why}")
        plan = make_sweep(rs, entries, options, DEFAULT_N if n is None else n, seed, wanted, max_pairs)
        store = ResultCache(cache)
        results, todo = split_cached(plan, store)
        with _cluster(scheduler if todo else None) as client:
            where = "this machine" if scheduler is None else f"Dask scheduler {scheduler}"
            print(f"turnbuckle: sweep: {_count(len(plan.jobs), 'pairing')} of {len(plan.names)} entries, "
                  f"{plan.n:,} matches each, seed {plan.seed}; {len(results):,} cached, {len(todo):,} to play on "
                  f"{where}", file=sys.stderr)
            made: dict[int, dict[str, Any]] = {}
            if todo:
                _play(rs, plan, todo, results, store, client, threads, made)
        doc = assemble(plan, results, made)
        if space is not None:
            from turnbuckle.lab.builds import builds_report  # lazy: keeps the lab out of start-up

            doc["builds"] = builds_report(doc, space)
        if plot is not None:
            from turnbuckle.lab.plot import plot_sweep  # lazy: keeps the lab out of start-up

            plot_sweep(doc, plot, _sheets(rs, entries) if space is not None else None)
        _write(doc, fmt, pairings)
        skip_teardown()  # all written: the process may end without freeing every object (cli/ending.py)


def _sheets(rs: Any, entries: list[Any]) -> list[dict[str, Any]] | None:
    """Each entry's sheet document (where a build map finds the builds' stats), or None when one
    is not a JSON object."""
    docs = [rs.side_json(side) for side in entries]
    return docs if all(isinstance(d, dict) for d in docs) else None


def _count(k: int, word: str) -> str:
    return f"{k:,} {word}{'' if k == 1 else 's'}"


@contextmanager
def _cluster(scheduler: str | None) -> Iterator[Any]:
    """A Dask client for ``--scheduler`` (connected before the sweep is announced, so an unreachable
    scheduler is the only line), or None to play here."""
    if scheduler is None:
        yield None
        return
    from turnbuckle.sim.cluster import cluster_client  # lazy: keeps the simulators out of start-up

    with cluster_client(scheduler) as client:
        yield client


def _play(rs: Any, plan: Any, todo: list[Any], results: dict[str, Any], store: Any, client: Any,
          threads: int | None, made: dict[int, dict[str, Any]]) -> None:
    """Play ``todo``, keeping each result (``results``, the cache) and making its pairings' entries
    of the report (``made``) as it comes, while the other pairings play."""
    from turnbuckle.lab.sweep import pairing_entry  # lazy: keeps the lab out of start-up

    where: dict[str, list[int]] = {}
    for index, job in enumerate(plan.jobs):
        where.setdefault(job.key, []).append(index)

    def keep(key: str, result: dict[str, Any]) -> None:
        store.put(key, result)
        results[key] = result
        for index in where[key]:
            made[index] = pairing_entry(plan, index, result)
        bar(len(results) - before)

    before = len(results)
    if client is None:
        from turnbuckle.lab.run_local import default_workers, run_local  # lazy: keeps the lab out of start-up
        from turnbuckle.sim.specs import spec_for  # lazy: keeps the simulators out of start-up

        spec = spec_for(rs.info.id)
        if spec.fast_needs_compile(plan.n):
            print(f"turnbuckle: note: {spec.compile_note()}", file=sys.stderr)
    _preload()
    try:
        with ProgressBar(len(todo), f"{rs.info.id} sweep: pairings") as bar:
            if client is None:
                from turnbuckle.lab.play import play_first  # lazy: keeps the lab out of start-up

                first, on_threads = play_first(todo[0])  # also loads the engine here, before any fork
                keep(todo[0].key, first)
                run_local(todo[1:], threads or default_workers(), keep, on_threads)
            else:
                from turnbuckle.lab.run_dask import run_dask  # lazy: keeps the lab out of start-up

                run_dask(todo, client, keep)
    except KeyboardInterrupt:
        done = len(results) - before
        tail = "; rerun with the same --cache to play only the rest" if store.folder is not None else ""
        print(f"turnbuckle: interrupted: {done:,} of {len(todo):,} pairings played{tail}", file=sys.stderr)
        raise typer.Exit(EXIT_INTERRUPTED) from None


#: Python's thread switch interval (seconds) while the report's modules load beside the play: a
#: pairing's thread, back from the kernel, waits at most this long for the lock (the default, 5 ms,
#: is ten short pairings' play).
PRELOAD_SWITCH_S = 0.0002


def _preload() -> None:
    """Load what the report needs after the play on a thread of its own, while the pairings play:
    their kernels let go of Python's lock."""

    def load() -> None:
        before = sys.getswitchinterval()
        sys.setswitchinterval(PRELOAD_SWITCH_S)
        try:
            import turnbuckle.lab.metagame  # lazy: preloads the report on a thread
            import turnbuckle.lab.ranking  # lazy: preloads the report on a thread
            import turnbuckle.lab.render  # noqa: F401  # lazy: preloads the report on a thread
        except ImportError:  # said where the report needs it
            pass
        finally:
            sys.setswitchinterval(before)

    threading.Thread(target=load, name="turnbuckle-preload", daemon=True).start()


def _write(doc: dict[str, Any], fmt: str, pairings: bool = False) -> None:
    from turnbuckle.lab.render import render_csv, render_markdown, render_text  # lazy: keeps the lab out of start-up

    if fmt == "json":
        sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    elif fmt == "markdown":
        sys.stdout.write(render_markdown(doc))
    elif fmt == "csv":
        sys.stdout.write(render_csv(doc))
    else:
        sys.stdout.write(render_text(doc, pairings))


def register(app: typer.Typer) -> None:
    app.command()(sweep)
