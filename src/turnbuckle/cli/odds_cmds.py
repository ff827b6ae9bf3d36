"""``turnbuckle odds``: win/draw/loss odds of a matchup from many simulated matches.

Kept light to import: the sim layer, numpy, numba and matplotlib load only when the command runs.
"""

from __future__ import annotations

import json
import secrets
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Annotated, Any

import typer

from turnbuckle.cli.common import EXIT_INTERRUPTED, user_errors
from turnbuckle.cli.ending import skip_teardown
from turnbuckle.cli.grammar import (
    CapOpt,
    GridOpt,
    OptionOpt,
    PlayerOpt,
    PolicyOpt,
    RefereeOpt,
    RoundsOpt,
    StakeOpt,
    TypeOpt,
    check_format,
    format_option,
    load_sides,
    players_and_policies,
)
from turnbuckle.cli.match_cmd import game_options
from turnbuckle.cli.odds_render import render_csv, render_markdown
from turnbuckle.core.errors import RulesError
from turnbuckle.core.match import unique_names
from turnbuckle.core.options import resolve_options
from turnbuckle.core.registry import check_side_count, sides_word
from turnbuckle.rulesets.registry import get_ruleset

ODDS_FORMATS = ("text", "markdown", "json", "csv")
#: The bar appears only once a run has taken this long.
PROGRESS_AFTER_S = 1.0
#: A run estimated to take longer than this is stated before it goes on...
STATE_OVER_S = 10.0
#: ...and one over this needs --yes (or a yes at the terminal).
ASK_OVER_S = 60.0


class ProgressBar:
    """A rich progress bar on stderr for runs over a second (and only on a terminal)."""

    def __init__(self, total: int, label: str) -> None:
        self.total = total
        self.label = label
        self.start = time.perf_counter()
        self.bar: Any = None
        self.task: Any = None
        self.enabled = sys.stderr.isatty()

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            if time.perf_counter() - self.start < PROGRESS_AFTER_S:
                return
            from rich.console import Console  # lazy: keeps rich out of start-up
            from rich.progress import (  # lazy: keeps rich out of start-up
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            self.bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                TimeRemainingColumn(), console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=self.total)
        self.bar.update(self.task, completed=done)

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Hide the bar while something else is written to the terminal."""
        if self.bar is None:
            yield
            return
        self.bar.stop()
        try:
            yield
        finally:
            self.bar.start()

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if self.bar is not None:
            self.bar.stop()


class Pacing:
    """``simulate``'s confirm: states a long run's estimated time before its bulk, and lets a run
    of over ``ASK_OVER_S`` go on only with ``--yes`` or a yes at the terminal."""

    def __init__(self, n: int, yes: bool, bar: ProgressBar) -> None:
        self.n, self.yes, self.bar = n, yes, bar

    def __call__(self, estimate: Any) -> None:
        if estimate.seconds < STATE_OVER_S:
            return
        about = f"about {duration(estimate.seconds)} for the {estimate.left:,} matches left of {self.n:,}"
        if estimate.seconds <= ASK_OVER_S or self.yes:
            print(f"turnbuckle: note: {about} (measured on {estimate.basis}); Ctrl-C stops it with the result so far",
                  file=sys.stderr)
            return
        if not (sys.stdin.isatty() and sys.stderr.isatty()):
            raise RulesError(f"this run would take {about}; add --yes to run it, or ask for fewer matches with -n")
        with self.bar.paused():
            print(f"turnbuckle: this run would take {about} (measured on {estimate.basis}). Run it? [y/N] ",
                  end="", file=sys.stderr, flush=True)
            answer = sys.stdin.readline().strip().lower()
        if answer not in ("y", "yes"):
            raise RulesError("not run; add --yes to run it without asking, or ask for fewer matches with -n")


def duration(seconds: float) -> str:
    """``45 s``, ``12 min``, ``3.5 h``: a time for people."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def odds(
    ruleset: Annotated[str, typer.Argument(help="A ruleset id or alias, e.g. boxing.")],
    sides: Annotated[list[str], typer.Argument(help="Each side: a sheet file, a sample id, or - (standard input).")],
    n: Annotated[int | None, typer.Option("-n", "--matches", help="Matches to simulate (default 40,000: "
                                          "+-0.5% on any win rate).")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the run (default: a fresh one, printed).")] = None,
    option: OptionOpt = None,
    player: PlayerOpt = None,
    policy: PolicyOpt = None,
    rounds: RoundsOpt = None,
    grid: GridOpt = None,
    match_type: TypeOpt = None,
    referee: RefereeOpt = None,
    cap: CapOpt = None,
    stake: StakeOpt = None,
    engine: Annotated[str, typer.Option(help="fast (the game's fast engine where it has one) or reference.")]
    = "fast",
    fmt: Annotated[str, format_option(ODDS_FORMATS)] = "text",
    plot: Annotated[Path | None, typer.Option(help="Draw outcomes and lengths to FILE.png or FILE.svg.")] = None,
    exchange: Annotated[bool, typer.Option("--exchange", help="Print the exact odds of one exchange "
                                           "(computed, not simulated) instead of simulating.")] = False,
    threads: Annotated[int | None, typer.Option(help="Threads of the fast engine, or processes of the reference "
                                                "engine (default: all cores); results do not depend on it.")]
    = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Run even when the estimated time is over a minute "
                                      "(otherwise asked at a terminal, refused elsewhere).")] = False,
) -> None:
    """Simulate many matches of one matchup: win/draw/loss with 95% intervals, finishes, match
    length and game figures. Same seed, same numbers, whatever the thread count."""
    with user_errors():
        from turnbuckle.sim.odds import (  # lazy: keeps the simulators out of start-up
            DEFAULT_N,
            odds_json,
            partial_line,
            render_text,
            simulate,
        )
        fmt = check_format(fmt, ODDS_FORMATS)
        rs = get_ruleset(ruleset)
        options = game_options(rs, option, rounds=rounds, grid=grid, type=match_type, referee=referee, cap=cap,
                               stake=stake)
        loaded = load_sides(rs, sides)
        players = players_and_policies(player, policy, [rs.side_name(s) for s in loaded])
        idle = rs.idle_options(options, players, len(loaded))
        if idle:
            key, why = next(iter(idle.items()))
            raise RulesError(f"option {key} changes nothing here: {why}")
        if exchange:
            if fmt not in ("text", "json"):
                raise RulesError(f"--exchange prints text or json, not {fmt}")
            if players:
                raise RulesError("--exchange computes one exchange's odds, which no player choice enters; "
                                 "drop --player/--policy")
            if plot is not None:  # it would end with no file written
                raise RulesError("--exchange prints exact tables and draws nothing; drop --plot, or drop "
                                 "--exchange to simulate and plot")
            _exchange(rs, loaded, options, fmt)
            return
        if plot is not None:
            from turnbuckle.sim.plot import check_plot_path  # lazy: keeps the simulators out of start-up

            check_plot_path(plot)
        count = DEFAULT_N if n is None else n
        check_side_count(rs.info, len(loaded))  # before the note that a compile is coming
        if engine == "fast":
            from turnbuckle.sim.specs import spec_for  # lazy: keeps the simulators out of start-up

            spec = spec_for(rs.info.id)
            if spec.fast_needs_compile(count):
                print(f"turnbuckle: note: {spec.compile_note()}", file=sys.stderr)
        run_seed = seed if seed is not None else secrets.randbelow(2**31)
        from turnbuckle.sim.interrupt import stoppable  # lazy: keeps the simulators out of start-up

        with ProgressBar(max(count, 1), f"{rs.info.id} odds") as bar:
            try:
                with stoppable():
                    run = simulate(rs, loaded, options, count, run_seed, engine, threads=threads, progress=bar,
                                   confirm=Pacing(count, yes, bar), players=players)
            except KeyboardInterrupt:  # before any match was counted (e.g. while compiling)
                print(f"turnbuckle: interrupted: 0 of {count:,} played", file=sys.stderr)
                raise typer.Exit(EXIT_INTERRUPTED) from None
        if run.tally.n == 0:
            print(f"turnbuckle: interrupted: 0 of {count:,} played", file=sys.stderr)
            raise typer.Exit(EXIT_INTERRUPTED)
        for note in run.notes:
            print(f"turnbuckle: note: {note}", file=sys.stderr)
        data = odds_json(run)
        if plot is not None:
            from turnbuckle.sim.plot import plot_odds  # lazy: keeps the simulators out of start-up

            plot_odds(data, run.tally.lengths, plot)
        if fmt == "json":
            sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        elif fmt == "markdown":
            sys.stdout.write(render_markdown(data))
        elif fmt == "csv":
            sys.stdout.write(render_csv(data))
        else:
            sys.stdout.write(render_text(data))
        skip_teardown()  # all written: the process may end without freeing every object (cli/ending.py)
        if run.partial:
            print(f"turnbuckle: interrupted: {partial_line(run.tally.n, count)}", file=sys.stderr)
            raise typer.Exit(EXIT_INTERRUPTED)


def _exchange(rs: Any, loaded: list[Any], options: dict[str, object], fmt: str) -> None:
    from turnbuckle.sim.specs import spec_for  # lazy: keeps the simulators out of start-up

    tables = spec_for(rs.info.id).exchange_tables()
    if tables is None:
        raise RulesError(f"no exact per-exchange odds for {rs.info.id} yet; run odds without --exchange")
    info = rs.info
    if not info.min_sides <= len(loaded) <= info.max_sides:
        need = str(info.min_sides) if info.min_sides == info.max_sides else f"{info.min_sides} to {info.max_sides}"
        raise RulesError(f"{info.name} needs {need} {sides_word(info)} for --exchange, got {len(loaded)}")
    resolved = resolve_options(info.options, options)
    data, text = tables(loaded, unique_names([rs.side_name(s) for s in loaded]), resolved)
    if fmt == "json":
        out = {"format": "turnbuckle.exchange/1", "ruleset": info.id, "ruleset_version": info.version, **data}
        sys.stdout.write(json.dumps(out, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(text)


def register(app: typer.Typer) -> None:
    app.command()(odds)
