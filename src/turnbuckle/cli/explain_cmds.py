"""``turnbuckle explain RECORD.json``: why a match was won or lost (the game's advisor explains it).

Generic: the advisor comes from the record's ruleset's sim spec; a game without one is a one-line
error (exit 2).
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from typing import Annotated

import typer

from turnbuckle.cli.advise_cmds import advisor_for, check_budget, check_seed, fraction_bar, write_report
from turnbuckle.cli.common import user_errors
from turnbuckle.cli.grammar import check_format, format_option
from turnbuckle.cli.record_cmds import RECORD_HELP, load_record_file
from turnbuckle.core.errors import RulesError

EXPLAIN_FORMATS = ("text", "markdown", "json")
#: The advisor's search for the alternative strategy, by default (matches).
DEFAULT_SEARCH = 200_000
DEFAULT_CONTINUATIONS = 20_000


def explain(
    record_file: Annotated[str, typer.Argument(metavar="RECORD.json", help=RECORD_HELP)],
    budget_matches: Annotated[int, typer.Option(
        "--budget-matches", help="Matches of the advisor's search for the alternative strategy.")] = DEFAULT_SEARCH,
    continuations: Annotated[int, typer.Option(help="Continuations of the match from each round's state.")]
    = DEFAULT_CONTINUATIONS,
    seed: Annotated[int | None, typer.Option(help="Seed of the simulations (default: a fresh one).")] = None,
    plot: Annotated[Path | None, typer.Option(help="Draw the win probability by round to FILE.png or FILE.svg.")]
    = None,
    fmt: Annotated[str, format_option(EXPLAIN_FORMATS)] = "text",
) -> None:
    """Explain a finished match: the pre-match odds of its exact setup, how lucky the result was,
    each side's win probability after every round, the biggest swings, and what the advisor's
    strategy would have given the losing side against the same opponent strategy."""
    with user_errors():
        chosen = check_format(fmt, EXPLAIN_FORMATS)
        check_budget(None, budget_matches)
        check_seed(seed)
        if not 100 <= continuations <= 10**8:
            raise RulesError(f"--continuations {continuations}: give 100 to 100,000,000")
        if plot is not None:
            from turnbuckle.sim.plot import check_plot_path  # lazy: keeps the simulators out of start-up

            check_plot_path(plot)
        rs, record = load_record_file(record_file)
        hook = advisor_for(rs, "explain")
        run_seed = seed if seed is not None else secrets.randbelow(2**31)
        bar, tick = fraction_bar(f"{rs.info.id} explain")
        with bar:
            report = hook.explain(record, seed=run_seed, budget_matches=budget_matches, continuations=continuations,
                                  progress=tick)
        if seed is None:  # as advise says it: the figures can be had again
            print(f"turnbuckle: note: seed {run_seed} (give --seed {run_seed} to repeat this explanation)",
                  file=sys.stderr)
        if plot is not None:
            try:
                hook.plot(report, str(plot))
            except OSError as exc:  # not writable, the disk full: the user's to mend, in one line
                raise RulesError(f"--plot '{plot}': cannot write it: {exc.strerror or exc}") from None
        write_report(report, chosen)


def register(app: typer.Typer) -> None:
    app.command()(explain)
