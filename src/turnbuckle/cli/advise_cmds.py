"""``turnbuckle advise RULESET ME OPPONENT...``: what to choose before a match, searched on the fast
engine: the strategy to send (a game with an advisor, ``SimSpec.advisor``), or the build (a game
with a build space: ``lab/build_advice.py``). A game whose players choose nothing before a match
says so (its simulation facet's ``nothing_to_choose``); any other is a one-line error (exit 2).
Kept light to import: the sim layer and the lab load only when the command runs.
"""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from turnbuckle.cli.advise_pick import advise_pick
from turnbuckle.cli.common import user_errors
from turnbuckle.cli.grammar import (
    CapOpt,
    GridOpt,
    OptionOpt,
    PlayerOpt,
    PolicyOpt,
    RefereeOpt,
    RoundsOpt,
    TypeOpt,
    check_format,
    format_option,
    load_sides,
    read_document,
    side_pairs,
)
from turnbuckle.cli.match_cmd import game_options
from turnbuckle.cli.odds_cmds import ProgressBar
from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import resolve_options
from turnbuckle.core.registry import sides_word
from turnbuckle.rulesets.registry import get_ruleset

ADVISE_FORMATS = ("text", "markdown", "json")
#: The default search budget, in seconds.
DEFAULT_BUDGET_S = 60.0
#: Matches per opponent strategy in the fresh measurement.
DEFAULT_MEASURE = 200_000
#: Upper bounds that keep a typo from running for days.
MAX_BUDGET_S = 24 * 3600.0
MAX_MATCHES = 10**10


def advisor_for(rs: Any, command: str) -> Any:
    """The ruleset's advisor, or a RulesError (exit 2) saying the game has none."""
    from turnbuckle.sim.specs import spec_for  # lazy: keeps the simulators out of start-up

    hook = spec_for(rs.info.id).advisor_hook()
    if hook is None:
        raise RulesError(f"'{command}' has no advisor for {rs.info.name} yet; it advises games whose sim spec "
                         "names one (MatchMatch), and the build of a game with a build space (boxing)")
    return hook


def _has_builds(rs: Any) -> bool:
    game = rs.simulation()
    return game is not None and game.build_space(rs) is not None


def check_budget(budget: float | None, budget_matches: int | None) -> None:
    if budget is not None and not 0 < budget <= MAX_BUDGET_S:
        raise RulesError(f"--budget {budget:g}: give seconds above 0 and at most {MAX_BUDGET_S:.0f}")
    if budget_matches is not None and not 0 < budget_matches <= MAX_MATCHES:
        raise RulesError(f"--budget-matches {budget_matches}: give a number of matches from 1 to {MAX_MATCHES:,}")


def check_seed(seed: int | None) -> None:
    """A seed the engines take (as ``odds`` and ``match`` check it), or a RulesError (exit 2)."""
    if seed is not None and not 0 <= seed < 2**64:
        raise RulesError(f"--seed {seed} is out of range; use a whole number from 0 to 2**64-1")


def write_report(report: Any, chosen: str) -> None:
    """An advisor's report on standard output, in the chosen format (json, markdown or text)."""
    if chosen == "json":
        sys.stdout.write(json.dumps(report.json(), indent=2, ensure_ascii=False) + "\n")
    elif chosen == "markdown":
        sys.stdout.write(report.markdown())
    else:
        sys.stdout.write(report.text())


def fraction_bar(label: str) -> Any:
    """A progress bar on stderr (a terminal only) fed with the share of the work done."""

    bar = ProgressBar(1000, label)
    return bar, (lambda f: bar(int(1000 * f)))


@contextmanager
def _cluster(scheduler: str | None) -> Iterator[Any]:
    """A Dask client for ``--scheduler`` (as ``sweep`` connects), or None to search here."""
    if scheduler is None:
        yield None
        return
    from turnbuckle.sim.cluster import cluster_client  # lazy: keeps the simulators out of start-up

    with cluster_client(scheduler) as client:
        yield client


def advise(
    ruleset: Annotated[str, typer.Argument(help="A ruleset id or alias with an advisor (matchmatch).")],
    me: Annotated[str | None, typer.Argument(help="The side to advise: a sheet file, a sample id, or -.")] = None,
    opponents: Annotated[list[str] | None, typer.Argument(
        help="The opponent side(s): files or sample ids (for a build: the opponent, or a field of them).")] = None,
    their_strategy: Annotated[list[str] | None, typer.Option(
        "--their-strategy", metavar="FILE", help="The opponent's strategy when it is known (a rematch after it was "
        "published): a best response is searched. With several opponents: SIDE=FILE, SIDE from 2.")] = None,
    budget: Annotated[float | None, typer.Option(help=f"Seconds of search (default {DEFAULT_BUDGET_S:g}).")] = None,
    budget_matches: Annotated[int | None, typer.Option(
        "--budget-matches", help="Matches of search instead of seconds: the same seed and N give the same answer.")]
    = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the search (default: a fresh one, printed).")] = None,
    measure: Annotated[int, typer.Option(help="Fresh matches per opponent strategy that measure the answer.")]
    = DEFAULT_MEASURE,
    position: Annotated[int, typer.Option(help="ME's place on the card (1: first name, picks the grid's column; "
                                          "2: second, picks its row).")] = 1,
    option: OptionOpt = None,
    rounds: RoundsOpt = None,
    grid: GridOpt = None,
    match_type: TypeOpt = None,
    referee: RefereeOpt = None,
    threads: Annotated[int | None, typer.Option(help="Threads of the fast engine (default: all cores); the answer "
                                                "does not depend on it.")] = None,
    scheduler: Annotated[str | None, typer.Option(help="Run the search's evaluations on a Dask cluster: "
                                                  "tcp://HOST:PORT of a running scheduler, or 'local'. Same "
                                                  "seed and --budget-matches, same answer.")] = None,
    field: Annotated[Path | None, typer.Option(help="A build: a folder of opponent sheets (with or beside the "
                                               "opponents named), the build scored by its mean over them.")]
    = None,
    cap: CapOpt = None,
    player: PlayerOpt = None,
    policy: PolicyOpt = None,
    pool: Annotated[str | None, typer.Option(metavar="FILE", help="A pick (deathmatch): the figures to choose "
                                             "from, a file in the bestiary's layout (default: the bundled "
                                             "bestiary).")] = None,
    fmt: Annotated[str, format_option(ADVISE_FORMATS)] = "text",
) -> None:
    """Search the strategy for ME against OPPONENT(s): a best response when their strategy is known
    (--their-strategy, or a strategy in their file), else a robust one (the best worst case over
    a population of strategies it lists). Prints the strategy in the rulebook's layout, which
    `validate` and the league's submit take as it is, with its win/draw/loss measured afresh
    beside the automatic strategy's. For boxing, the best of its legal builds against OPPONENT
    (or a field: several opponents, --field DIR). For Deathmatch, the best army of the bestiary
    under the cap (--cap) against OPPONENT (several: one battle of them all, ME in seat --position;
    --field: each of them, and each army of DIR, in a battle of its own), each side's targeting
    named by --policy. Folkstyle has nothing to choose before a match."""
    with user_errors():
        chosen = check_format(fmt, ADVISE_FORMATS)
        check_budget(budget, budget_matches)
        check_seed(seed)
        if not 1_000 <= measure <= MAX_MATCHES:
            raise RulesError(f"--measure {measure}: give 1,000 to {MAX_MATCHES:,} matches")
        rs = get_ruleset(ruleset)
        game = rs.simulation()
        if game is not None and game.nothing_to_choose:
            print(game.nothing_to_choose)
            return
        if me is None or not (opponents or field):
            raise RulesError("advise needs ME and an OPPONENT (a sheet file or a sample id each), e.g. "
                             f"'turnbuckle advise {rs.info.id} ME OPPONENT'")
        opponents = list(opponents or [])
        picker = pick_hook(rs)
        if picker is not None:
            write_report(advise_pick(rs, picker, me, opponents, field=field, option=option, cap=cap, players=player,
                                     policies=policy, pool=pool, position=position, seed=seed, budget=budget,
                                     budget_matches=budget_matches, measure=measure, threads=threads,
                                     scheduler=scheduler, their_strategy=their_strategy), chosen)
            return
        for flag, given in (("--cap", cap), ("--player", player), ("--policy", policy), ("--pool", pool)):
            if given:
                raise RulesError(f"{flag} is for a pick (an army under a cap); {rs.info.name} has none: "
                                 f"see `turnbuckle rulesets` for its options")
        if spec_hook(rs) is None and _has_builds(rs):
            _advise_build(rs, me, opponents, field, option, rounds, seed, budget, budget_matches, measure,
                          threads, scheduler, chosen)
            return
        if field is not None:
            raise RulesError("--field is for a build (boxing); give a strategy's opponents as arguments")
        hook = advisor_for(rs, "advise")
        info, count = rs.info, len(opponents) + 1
        if not info.min_sides <= count <= info.max_sides:  # as `match` and `odds` say it
            need = str(info.min_sides) if info.min_sides == info.max_sides else f"{info.min_sides} to {info.max_sides}"
            raise RulesError(f"{info.name} needs {need} {sides_word(info)}, got {count}")
        options = game_options(rs, option, rounds=rounds, grid=grid, type=match_type, referee=referee)

        resolved = resolve_options(rs.info.options, options)
        if not 1 <= position <= len(opponents) + 1:
            raise RulesError(f"--position {position}: ME's place on a card of {len(opponents) + 1} is 1 to "
                             f"{len(opponents) + 1}")
        loaded = load_sides(rs, [me, *opponents])
        names = [rs.side_name(s) for s in loaded]
        given = list(their_strategy or [])
        if len(opponents) == 1 and len(given) == 1 and "=" not in given[0]:
            files = {1: given[0]}
        else:
            files = side_pairs("--their-strategy", given, names, "2=their-week3.txt")
            if 0 in files:
                raise RulesError("--their-strategy gives an opponent's strategy; side 1 (ME) is the side advised")
        for index, file in sorted(files.items()):
            text, label = read_document(file, "strategy")
            loaded[index] = rs.with_strategy(loaded[index], text, label)
        at = position - 1
        sides = [*loaded[1:at + 1], loaded[0], *loaded[at + 1:]]
        run_seed = seed if seed is not None else secrets.randbelow(2**31)
        seconds = None if budget_matches is not None and budget is None else (budget or DEFAULT_BUDGET_S)
        bar, tick = fraction_bar(f"{rs.info.id} advise")
        with _cluster(scheduler) as client, bar:
            report = hook.advise(sides, at, resolved, seed=run_seed, budget_matches=budget_matches,
                                 budget_seconds=seconds, measure_n=measure, threads=threads, progress=tick,
                                 client=client)
        if seed is None:  # after the search, so that a bad option is its one line alone
            print(f"turnbuckle: note: seed {run_seed} (give --seed {run_seed} --budget-matches N to repeat a search)",
                  file=sys.stderr)
        write_report(report, chosen)


def pick_hook(rs: Any) -> Any:
    from turnbuckle.sim.specs import spec_for  # lazy: keeps the simulators out of start-up

    return spec_for(rs.info.id).picker_hook()


def spec_hook(rs: Any) -> Any:
    from turnbuckle.sim.specs import spec_for  # lazy: keeps the simulators out of start-up

    return spec_for(rs.info.id).advisor_hook()


#: A build search's matches by default: 2,000 a pairing against one opponent over boxing's 73 builds.
DEFAULT_BUILD_MATCHES = 146_000


def _advise_build(rs: Any, me: str, opponents: list[str], field: Path | None, option: list[str] | None,
                  rounds: str | None, seed: int | None, budget: float | None, budget_matches: int | None,
                  measure: int, threads: int | None, scheduler: str | None, chosen: str) -> None:
    """The best build of the game's build space for ME against the opponents (``advise boxing``)."""
    from turnbuckle.cli.sweep_cmds import roster_sides  # lazy: keeps the lab out of start-up
    from turnbuckle.lab.build_advice import (  # lazy: keeps the lab out of start-up
        advise_build,
        search_n,
    )
    from turnbuckle.lab.builds import build_space  # lazy: keeps the lab out of start-up

    if budget is not None:
        raise RulesError("--budget (seconds) is for a strategy search; a build search is sized by "
                         "--budget-matches")
    mine, *theirs = load_sides(rs, [me, *opponents])
    if field is not None:
        theirs += roster_sides(rs, field)
    if not theirs:
        raise RulesError(f"--field {field}: no sheets there; give a folder of opponent sheets")
    options = resolve_options(rs.info.options, game_options(rs, option, rounds=rounds))
    builds = len(build_space(rs)[0])
    n = search_n(budget_matches or DEFAULT_BUILD_MATCHES * len(theirs), builds, len(theirs))
    run_seed = seed if seed is not None else secrets.randbelow(2**31)
    bar, tick = fraction_bar(f"{rs.info.id} advise: builds")
    with _cluster(scheduler) as client, bar:
        report = advise_build(rs, mine, theirs, options, n=n, measure_n=measure, seed=run_seed, threads=threads,
                              progress=tick, client=client)
    if seed is None:
        print(f"turnbuckle: note: seed {run_seed} (give --seed {run_seed} to repeat the search)", file=sys.stderr)
    write_report(report, chosen)


def register(app: typer.Typer) -> None:
    app.command()(advise)
