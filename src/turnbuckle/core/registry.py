"""The ruleset skeleton every game follows (the registry of rulesets by id and alias is
``turnbuckle.rulesets.registry``: core imports no game)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from turnbuckle.core.errors import InputFileError, InputRefused, RulesError, SheetError
from turnbuckle.core.events import Event, EventLog, Json
from turnbuckle.core.facets import Reporting, SheetEditor, Simulation, TableView, WrittenStrategies
from turnbuckle.core.hints import near_miss
from turnbuckle.core.inputs import parse_yaml, read_input
from turnbuckle.core.match import MatchRecord, MatchSetup, Result, unique_names
from turnbuckle.core.options import OptionSpec, OptionValue, resolve_options
from turnbuckle.core.sources import Source
from turnbuckle.core.table import Table
from turnbuckle.core.writeup import Writeup

if TYPE_CHECKING:
    from turnbuckle.core.facets import LeagueRules

S = TypeVar("S")
#: Each side's place and team number, in side order (see Result).
Standings = tuple[tuple[int, ...], tuple[int, ...]]

#: How a game reads a document that a side's document names (MatchMatch's ``wrestler: me.yaml``):
#: the name as written -> (its text, its label for messages). Only the command line supplies one
#: (``cli/sides.py``, reading files beside the naming file); the core and the rulesets read no
#: files, so without one a side can name only what the game holds itself (its samples).
Fetch = Callable[[str], tuple[str, str]]


@dataclass(frozen=True)
class RulesetInfo:
    """The info block: id, name, version, who designed the game, how many sides, the options."""

    id: str
    name: str
    version: str
    designer: str
    summary: str
    min_sides: int = 2
    max_sides: int = 2
    aliases: tuple[str, ...] = ()
    options: tuple[OptionSpec, ...] = ()
    side_word: str = "side"
    side_plural: str = ""  # defaults to side_word + "s"
    player_kinds: tuple[str, ...] = ("auto",)
    #: A one-line explanation of each automatic player a side may be given (kind, line); a kind
    #: left out is shown by its name alone. The first of ``player_kinds`` plays a side given none.
    player_help: tuple[tuple[str, str], ...] = ()
    #: Earlier versions of the rules that the engine still plays (``run(..., version=...)``), newest
    #: first: a match stored under one of them replays as it was played (core/versions.py).
    older_versions: tuple[str, ...] = ()

    @property
    def playable_versions(self) -> tuple[str, ...]:
        """Every rules version this engine plays, the current one first."""
        return (self.version, *self.older_versions)

    def played_version(self, version: str | None) -> str:
        """The version a match is played under: ``version`` when this engine plays it, the current
        one for None; otherwise a RulesError that names the versions it plays."""
        if version is None or version == self.version:
            return self.version
        if version in self.older_versions:
            return version
        raise RulesError(f"{self.id} rules version '{version}' cannot be played here; this turnbuckle plays "
                         f"{', '.join(self.playable_versions)}")

    @property
    def automatic_players(self) -> tuple[str, ...]:
        """The player kinds that need nobody at the table (all but ``human``), the default first:
        what ``odds`` and a league show may give a side."""
        return tuple(k for k in self.player_kinds if k != "human")


def sides_word(info: RulesetInfo) -> str:
    """The plural of a ruleset's side word: 'fighters', 'armies'."""
    return info.side_plural or f"{info.side_word}s"


def check_side_count(info: RulesetInfo, n: int) -> None:
    """A RulesError unless the game takes ``n`` sides ("UOV Deathmatch needs 2 to 4 armies, got 1")."""
    lo, hi = info.min_sides, info.max_sides
    if not lo <= n <= hi:
        need = str(lo) if lo == hi else f"{lo} to {hi}"
        raise RulesError(f"{info.name} needs {need} {sides_word(info)}, got {n}")


@dataclass(frozen=True)
class Verdict:
    """What ``validate`` says of a document: what it is, its problems (it is valid when there are
    none) and warnings that do not make it invalid (e.g. points left unspent)."""

    what: str
    problems: list[str]
    warnings: list[str]

    @property
    def valid(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class Fact:
    """One thing a game tells a player about a match or a competitor: a short label and its text
    (``Fact("Referee", "Stan Model: DQ on 9 or more")``). Front ends show facts as they come."""

    label: str
    text: str


@dataclass(frozen=True)
class Sample:
    """A bundled sheet: its id (used on the command line), a one-line summary, and its YAML text."""

    id: str
    summary: str
    text: str


def read_text_file(path: Path | str, what: str = "file") -> str:
    """The text of a user's file, bounded and checked (``core.inputs.read_input``; ``-`` is
    standard input)."""
    return read_input(path, what)


class Ruleset(ABC, Generic[S]):
    """A game. Subclasses set ``info`` and implement the abstract methods; no I/O, no printing."""

    info: ClassVar[RulesetInfo]

    # -- sheets ---------------------------------------------------------------------------
    @abstractmethod
    def samples(self) -> Sequence[Sample]:
        """The bundled sheets, in a stable order."""

    @abstractmethod
    def load_side(self, data: object, label: str) -> S:
        """Build a validated side from parsed data; raise SheetError listing every problem."""

    @abstractmethod
    def side_name(self, side: S) -> str:
        """The display name of a side."""

    @abstractmethod
    def side_json(self, side: S) -> Json:
        """The side's sheet as JSON data (it loads back with ``load_side``)."""

    def load_text(self, text: str, label: str, fetch: Fetch | None = None) -> S:
        """Build a side from a document's text (YAML by default; a game may accept more layouts).
        ``fetch`` reads the documents it names, where the game lets a side name others."""
        return self.load_side(parse_yaml(text, label), label)

    def validate_text(self, text: str, label: str, options: Mapping[str, object] | None = None) -> list[str]:
        """Every problem of a document, or an empty list when it is valid."""
        return self.check_text(text, label, options).problems

    def check_text(self, text: str, label: str, options: Mapping[str, object] | None = None,
                   fetch: Fetch | None = None) -> Verdict:
        """Validate a document of any kind this game accepts (by default: a side's sheet) under the
        match options ``options`` (bad options raise an OptionError: the command line's mistake, not
        the document's). A side is valid exactly when ``run`` would accept it: its sheet loads and
        :meth:`side_problems` finds nothing under these options. A game that also validates other
        documents (a strategy, say) overrides this."""
        resolved = resolve_options(self.info.options, options or {})
        what = f"{self.info.id} {self.info.side_word}"
        try:
            side = self.load_text(text, label, fetch)
        except SheetError as exc:
            return Verdict(what, exc.problems, [])
        except InputRefused:  # not a sheet with problems: input refused unread (exit 2)
            raise
        except RulesError as exc:
            return Verdict(what, [str(exc)], [])
        what = f"{what} '{self.side_name(side)}'"
        return Verdict(what, self.side_problems(side, resolved), self.side_warnings(side))

    def idle_options(self, given: Mapping[str, object], players: Mapping[int, str], n_sides: int) -> dict[str, str]:
        """Of the options a user gave (``given``, by name), those that change nothing for this setup
        (e.g. a solo player's cap when no side is played solo), each with the reason; ``odds``
        refuses them rather than report numbers that did not use them (none by default)."""
        return {}

    def decode_options(self, options: Mapping[str, OptionValue]) -> object:
        """The game's typed options from resolved ones, as its engine decodes them (each game's
        ``options.py``): a RulesError says what is wrong with a value that passed its spec (e.g.
        a referee sheet that does not read). None where the game has nothing to decode."""
        return None

    def side_problems(self, side: S, options: Mapping[str, OptionValue]) -> list[str]:
        """The rules a well-formed side breaks under these (resolved) match options, e.g. an army
        over the power cap; ``run`` refuses such a side and ``validate`` lists them (none by default)."""
        return []

    def league_rules(self) -> LeagueRules | None:
        """What a league keeps of this game beyond its matches (Push Levels, referees, teams, the
        facts a briefing tells: ``core.facets.LeagueRules``); None where a league plays its matches
        plainly (the default)."""
        return None

    def side_warnings(self, side: S) -> list[str]:
        """Things worth telling the owner of a valid sheet (none by default)."""
        return []


    def sample(self, sample_id: str) -> Sample:
        """A sample by id (any case)."""
        for s in self.samples():
            if s.id == sample_id.lower():
                return s
        ids = ", ".join(s.id for s in self.samples())
        hint = near_miss(sample_id, [s.id for s in self.samples()])
        raise RulesError(f"no {self.info.id} sample named '{sample_id}'{hint}; samples are: {ids}")

    def side_by_name(self, arg: str) -> S:
        """A side named on the command line by something other than a file: a sample id (a game
        may take more, e.g. Deathmatch's bestiary ids). Reads no file: ``cli/sides.py`` tries the
        argument as a file first, then comes here."""
        ids = [s.id for s in self.samples()]
        if arg.lower() in ids:
            return self.load_text(self.sample(arg).text, f"sample '{arg.lower()}'")
        if "/" in arg or arg.lower().endswith((".yaml", ".yml", ".json", ".txt")):
            raise InputFileError(f"file '{arg}' not found")
        raise InputFileError(
            f"'{arg}' is neither a file nor a {self.info.id} sample{near_miss(arg, ids)}; samples are: {', '.join(ids)}"
        )

    def with_strategy(self, side: S, text: str, label: str) -> S:
        """``side`` playing the strategy in ``text`` (``match --strategy SIDE=FILE``); a game
        without written strategies refuses."""
        raise RulesError(f"{self.info.name} has no written strategies; --strategy is for matchmatch")

    # -- play -----------------------------------------------------------------------------
    @abstractmethod
    def play(self, setup: MatchSetup[S], table: Table) -> Result:
        """Play a whole match, drawing chance only from ``table`` and logging as it goes."""

    @abstractmethod
    def narrate(self, record: MatchRecord) -> Writeup:
        """Turn a match record into a write-up (the ringside call)."""

    # -- the facets (core/facets.py): what a game offers beyond its rules, None where it has none --
    def table_view(self) -> TableView | None:
        """What a player at the table sees between entries: secrets and the board."""
        return None

    def sheet_editor(self) -> SheetEditor | None:
        """How the pages lay out, start, roll and price a side's sheet."""
        return None

    def written_strategies(self) -> WrittenStrategies | None:
        """The written strategy each side sends before a show, where the game has them."""
        return None

    def reporting(self) -> Reporting | None:
        """A played match's chart and short account."""
        return None

    def simulation(self) -> Simulation | None:
        """Fast engines, exact tables, figures, the advisor and the lab's parts for ``odds``,
        ``sweep`` and ``advise``; without one the reference engine and generic defaults serve."""
        return None

    def standings(self, setup: MatchSetup[S], result: Result, events: Sequence[Event]) -> Standings:
        """Each side's place (1 first, ties share a place: see ``standard_placings``) and team number,
        for a result whose engine left them out. By default every side is its own team, the winner
        is first and everyone else second, and a match without a winner is a tie for first."""
        n = len(setup.sides)
        if result.winner is None:
            return (1,) * n, tuple(range(1, n + 1))
        return tuple(1 if i == result.winner else 2 for i in range(n)), tuple(range(1, n + 1))

    def run(
        self,
        sides: Sequence[S],
        source: Source,
        options: Mapping[str, object] | None = None,
        players: Mapping[int, str] | None = None,
        log: EventLog | None = None,
        entrants: Sequence[str | None] | None = None,
        version: str | None = None,
    ) -> MatchRecord:
        """Validate the setup, play the match and return its full record. Events go to ``log``
        when one is given (so a caller still holds them if the match stops half way). ``entrants``
        gives each side a stable id of the caller's (a league's competitor id), kept in the record.
        ``version`` plays an earlier version of the rules the engine keeps (default: the current)."""
        played = self.info.played_version(version)
        n = len(sides)
        check_side_count(self.info, n)
        resolved = resolve_options(self.info.options, options or {})
        chosen = dict(players or {})
        for index, kind in chosen.items():
            if not 0 <= index < n:
                raise RulesError(
                    f"player given for side {index + 1}, but sides are numbered 1 to {n} (or A, B...)"
                )
            if kind not in self.info.player_kinds:
                raise RulesError(
                    f"player '{kind}' is not one of {', '.join(self.info.player_kinds)} for {self.info.id}"
                )
        ids = tuple(entrants) if entrants is not None else (None,) * n
        if len(ids) != n:
            raise RulesError(f"{len(ids)} entrant ids given for {n} {sides_word(self.info)}; give one per side")
        if any(e is not None and (not isinstance(e, str) or not e.strip()) for e in ids):
            raise RulesError("an entrant id must be non-empty text (or None for a side without one)")
        names = unique_names([self.side_name(s) for s in sides])
        broken = [(name, problems) for side, name in zip(sides, names, strict=True)
                  if (problems := self.side_problems(side, resolved))]
        if len(broken) == 1:
            raise SheetError(*broken[0])
        if broken:  # several sides: each problem names its side, as the fast engines word it
            raise RulesError("; ".join(f"{name}: {p}" for name, problems in broken for p in problems))
        setup = MatchSetup(sides=list(sides), names=names, options=resolved, players=chosen, version=played)
        table = Table(source, log if log is not None else EventLog())
        result = self.play(setup, table)
        if not result.placings or not result.teams:
            placings, teams = self.standings(setup, result, table.log.events)
            result = replace(result, placings=result.placings or placings, teams=result.teams or teams)
        return MatchRecord(
            ruleset=self.info.id,
            ruleset_version=played,
            seed=source.seed,
            dice=source.kind,
            options=resolved,
            names=names,
            sheets=[self.side_json(s) for s in sides],
            events=list(table.log.events),
            result=result,
            players=chosen,
            entrants=ids,
        )
