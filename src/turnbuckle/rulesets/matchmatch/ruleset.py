"""MatchMatch registered as a ruleset: info block, options, samples, sides, engine and narrator."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from turnbuckle.core.errors import InputRefused, RulesError, SheetError, StrategyError
from turnbuckle.core.events import Json
from turnbuckle.core.facets import LeagueRules, Reporting, SheetEditor, Simulation, TableView, WrittenStrategies
from turnbuckle.core.inputs import parse_yaml
from turnbuckle.core.match import MatchRecord, MatchSetup, Result
from turnbuckle.core.options import OptionSpec, OptionValue
from turnbuckle.core.registry import Fetch, Ruleset, RulesetInfo, Sample, Verdict
from turnbuckle.core.samples import bundled_samples, notes_of
from turnbuckle.core.table import Table
from turnbuckle.core.writeup import Writeup
from turnbuckle.rulesets.matchmatch.engine import play_match
from turnbuckle.rulesets.matchmatch.narrator import narrate
from turnbuckle.rulesets.matchmatch.options import match_options
from turnbuckle.rulesets.matchmatch.sheet import Wrestler, wrestler_warnings
from turnbuckle.rulesets.matchmatch.side import (
    Side,
    is_strategy_document,
    load_side_data,
    load_side_text,
    load_strategy_document,
    side_json,
    text_layout_read_as_yaml,
)
from turnbuckle.rulesets.matchmatch.side_checks import side_problem_list
from turnbuckle.rulesets.matchmatch.strategy_text import format_strategy_text
from turnbuckle.rulesets.matchmatch.textlayout import looks_like_text_sheet

INFO = RulesetInfo(
    id="matchmatch",
    name="MatchMatch (M2)",
    version="1.3",
    older_versions=("1.2",),
    designer="Jeff Berry (MatchMatch 1.2, 1999; rulebook in rules/matchmatch.txt)",
    summary="Pro-wrestling e-fed rules: wrestlers and teams, secret strategies, a style grid, 3d6 rounds, pins.",
    min_sides=2,
    max_sides=8,
    aliases=("m2", "mm"),
    side_word="wrestler",
    player_kinds=("auto", "human"),
    options=(
        OptionSpec("rounds", 20, "the time limit in rounds; no winner by then is a draw", minimum=1, maximum=100),
        OptionSpec("type", "standard", "match type: standard, cage, strap, scaffold (or one of 'types')"),
        OptionSpec("types", "", "extra match types: YAML text in the bundled file's shape (the command line "
                   "reads it from a file with -o type_file=FILE)"),
        OptionSpec("referee", "", "a referee by name (Sam Atan, Myron Opia, Stan Model, Bill Order, "
                   "Zero Tolerance), 'roll' for 2d6 on the referee table, empty for threshold 10, or a "
                   "referee sheet as YAML/JSON text (the command line reads it from --referee FILE.yaml)"),
        OptionSpec("grid", "", "the grid, 9 styles row by row ('Po Te Br / We MA HF / Br MA Ch'); "
                   "empty: rolled at the table"),
        OptionSpec("by_style_rounds", "occurrence", "in a by-style section, round N means the Nth time "
                   "that style comes up (occurrence) or match round N (match)", choices=("occurrence", "match")),
    ),
)


#: The keys of a strategy written in YAML; any other key is part of a sheet.
_STRATEGY_KEYS = {"strategy", "plus", "minus", "grid", "rounds", "by_style", "conditionals"}


def _has_sheet_part(text: str) -> bool:
    """Does the document hold (or try to hold) a sheet: a wrestler or team in YAML, or the text
    layout's sheet lines? Such a document is judged as a side, never as the strategy beside it."""
    try:
        data = parse_yaml(text, "document")
    except RulesError:
        data = None
    if isinstance(data, dict) and not text_layout_read_as_yaml(data):  # e.g. "4 HF Special: Finisher" rows
        return not {str(k).lower() for k in data} <= _STRATEGY_KEYS
    return looks_like_text_sheet(text)


def _names_a_file(name: str) -> bool:
    """Does a name written in a side's document look like a file's (``me.yaml``, ``roster/me``)?"""
    return "/" in name or "\\" in name or name.lower().endswith((".yaml", ".yml", ".json", ".txt"))


def _summary(data: object) -> str:
    """A sample holds a wrestler or a team; its notes are the summary."""
    inner = data.get("wrestler") or data.get("team") or data if isinstance(data, dict) else data
    return notes_of(inner)


class MatchMatchRuleset(Ruleset[Side]):
    info = INFO

    def decode_options(self, options: Mapping[str, OptionValue]) -> object:
        return match_options(options)

    def league_rules(self) -> LeagueRules:
        from turnbuckle.rulesets.matchmatch.league_rules import (  # lazy: the facet loads when it is asked for
            MatchMatchLeagueRules,
        )

        return MatchMatchLeagueRules(self)

    def samples(self) -> Sequence[Sample]:
        return bundled_samples("turnbuckle.rulesets.matchmatch", _summary)

    def _member(self, name: str) -> Wrestler:
        """A wrestler named inside a side's document by sample id (no file can be read here)."""
        wrestlers = []
        for s in self.samples():
            data = parse_yaml(s.text, s.id)
            if isinstance(data, dict) and "team" in data:
                if s.id == name:
                    raise SheetError(f"member '{name}'", ["that sample is a team, not a wrestler; "
                                                          "list the team's own members instead"])
                continue
            wrestlers.append(s.id)
            if s.id == name:
                return load_side_text(s.text, f"sample '{name}'").sheet
        if _names_a_file(name):
            raise SheetError(f"'{name}'", ["a sheet file can be named only in a side file read from the "
                                           "command line, where it is read beside that file; here, write the "
                                           "sheet itself or a sample id"])
        raise SheetError(f"member '{name}'", [f"not a wrestler sample; the wrestler samples are: "
                                              f"{', '.join(wrestlers)}"])

    def _resolver(self, fetch: Fetch | None) -> Callable[[str], Wrestler]:
        """How a side's document's ``wrestler: NAME`` or team member NAME is found: a file read by
        ``fetch`` (given only by the command line) when NAME looks like one or is no sample, else a
        sample. A named file holds one wrestler's sheet and nothing else."""
        if fetch is None:
            return self._member
        ids = {s.id for s in self.samples()}

        def nested(name: str) -> Wrestler:
            if _names_a_file(name):
                raise SheetError(f"'{name}'", ["a sheet named by another file cannot name a file in turn; "
                                               "name the sheet file itself"])
            return self._member(name)

        def resolve(name: str) -> Wrestler:
            if not _names_a_file(name) and name in ids:
                return self._member(name)
            text, where = fetch(name)
            side = load_side_text(text, where, nested)
            if side.is_team:
                raise SheetError(where, ["holds a team; a wrestler or team member named by file must be one "
                                         "wrestler's sheet"])
            if side.strategy is not None:
                raise SheetError(where, ["holds a strategy as well as a sheet; a sheet named by another file "
                                         "is the sheet alone (give the strategy in the side file, or with "
                                         "match --strategy SIDE=FILE)"])
            return side.sheet

        return resolve

    def load_side(self, data: object, label: str) -> Side:
        return load_side_data(data, label, self._member)

    def load_text(self, text: str, label: str, fetch: Fetch | None = None) -> Side:
        return load_side_text(text, label, self._resolver(fetch))

    def with_strategy(self, side: Side, text: str, label: str) -> Side:
        """The side playing the strategy in ``text``; a side whose own file holds one is refused
        (one strategy a side, and no silent choice between two)."""
        if side.strategy is not None:
            raise StrategyError.under(label, f"{side.name}'s own file already holds a strategy; give the sheet "
                                "without one, or leave out --strategy")
        return Side(side.name, side.sheet, side.members, load_strategy_document(text, label))

    def side_name(self, side: Side) -> str:
        return side.name

    def check_text(self, text: str, label: str, options: Mapping[str, object] | None = None,
                   fetch: Fetch | None = None) -> Verdict:
        """A sheet, a team or a side with its strategy, checked as ``match`` would take it (the
        strategy against the sheet's High Spots and Push Level and the match's rounds and type); or
        a strategy alone, checked on its own terms and reported as such: it needs a sheet to play.
        A broken sheet part is never passed over for the strategy beside it."""
        verdict = super().check_text(text, label, options, fetch)
        if verdict.valid or _has_sheet_part(text):
            return verdict
        what = "matchmatch strategy"
        try:
            plan = load_strategy_document(text, label)
        except SheetError as exc:
            return Verdict(what, exc.problems, []) if is_strategy_document(text) else verdict
        except InputRefused:
            raise
        except RulesError as exc:
            return Verdict(what, [str(exc)], []) if is_strategy_document(text) else verdict
        alone = ("a strategy alone is not a side: to play it, put it under 'strategy:' beside 'wrestler:' "
                 "(or pair it with a sheet)")
        return Verdict(f"{what} ({format_strategy_text(plan).splitlines()[0]})", [], [alone])

    def side_problems(self, side: Side, options: Mapping[str, OptionValue]) -> list[str]:
        """A side's written strategy within its sheet's High Spots and Push Level (Specials) and the
        match's rounds and type, as the match itself checks it (:func:`side_problem_list`)."""
        return [str(p) for p in side_problem_list(side, options)]

    def side_warnings(self, side: Side) -> list[str]:
        return wrestler_warnings(side.sheet)

    def side_json(self, side: Side) -> Json:
        return side_json(side)

    def play(self, setup: MatchSetup[Side], table: Table) -> Result:
        return play_match(setup, table)

    def narrate(self, record: MatchRecord) -> Writeup:
        return narrate(record)


    # -- the facets (core/facets.py), each behind one import -------------------------------
    def table_view(self) -> TableView:
        from turnbuckle.rulesets.matchmatch.table_view import (  # lazy: the facet loads when it is asked for
            MatchMatchTable,
        )

        return MatchMatchTable()

    def sheet_editor(self) -> SheetEditor:
        from turnbuckle.rulesets.matchmatch.forms import SHEETS  # lazy: the facet loads when it is asked for

        return SHEETS

    def written_strategies(self) -> WrittenStrategies:
        from turnbuckle.rulesets.matchmatch.forms import (  # lazy: the facet loads when it is asked for
            MatchMatchStrategies,
        )

        return MatchMatchStrategies()

    def reporting(self) -> Reporting:
        from turnbuckle.rulesets.matchmatch.reporting import (  # lazy: the facet loads when it is asked for
            MatchMatchReporting,
        )

        return MatchMatchReporting()

    def simulation(self) -> Simulation:
        from turnbuckle.rulesets.matchmatch.simulation import (  # lazy: the facet loads when it is asked for
            SIMULATION,
        )

        return SIMULATION
