"""Strategies: two `+` styles, one `-` style, a grid pick, and the round actions (III.1-III.2).

Round actions come round by round, by round style (the rulebook's Part V second layout, where a
section's rounds count the times that style has come up), or as clear conditionals (a Special or
High Spot still unused by a given round is played at that round). Exact rounds come before ranges ("3+", "All"),
round-by-round entries before by-style ones; a round with no action plays Normal on Stamina.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from turnbuckle.core.errors import RulesError, SheetError, StrategyError
from turnbuckle.core.modelbase import BaseModel, ConfigDict
from turnbuckle.core.models import load_model
from turnbuckle.core.problems import Problem
from turnbuckle.rulesets.matchmatch.grid import Grid
from turnbuckle.rulesets.matchmatch.rounds import ROUND_TYPES, SPECIALS, RoundType, type_title
from turnbuckle.rulesets.matchmatch.styles import STAMINA, find_style, parse_style, parse_target, title
from turnbuckle.rulesets.matchmatch.wording import did_you_mean

ByStyleMode = Literal["occurrence", "match"]


@dataclass(frozen=True)
class RoundSpec:
    """Which rounds an entry covers: ``first`` to ``last`` (None: to the end of the match)."""

    first: int
    last: int | None

    @property
    def exact(self) -> bool:
        return self.last == self.first

    def covers(self, n: int) -> bool:
        return n >= self.first and (self.last is None or n <= self.last)

    def size(self, limit: int) -> int:
        last = limit if self.last is None else min(self.last, limit)
        return max(0, last - self.first + 1)

    def text(self) -> str:
        if self.first == 1 and self.last is None:
            return "All"
        if self.last is None:
            return f"{self.first}+"
        return str(self.first) if self.exact else f"{self.first}-{self.last}"


_SPEC = re.compile(r"^(\d{1,6})(\+|-(\d{1,6}))?$")  # bounded: int() refuses 4,300 digits and more


def parse_round_spec(text: object) -> RoundSpec:
    """``3``, ``3+``, ``3-5`` or ``All``."""
    raw = str(text).strip()
    if raw.lower() in ("all", "*", "any"):
        return RoundSpec(1, None)
    m = _SPEC.match(raw)
    if not m or int(m.group(1)) < 1:
        raise RulesError(f"'{raw}' is not a round; write a number (3), a range (3-5), '3+' or 'All'")
    first = int(m.group(1))
    if m.group(2) == "+":
        return RoundSpec(first, None)
    if m.group(3):
        last = int(m.group(3))
        if last < first:
            raise RulesError(f"round range '{raw}' ends before it starts")
        return RoundSpec(first, last)
    return RoundSpec(first, first)


_TYPE_WORDS: dict[str, RoundType] = {
    "normal": "normal", "highrisk": "high_risk", "risk": "high_risk", "hirisk": "high_risk", "hr": "high_risk",
    "highspot": "high_spot", "highspots": "high_spot", "spot": "high_spot", "hs": "high_spot",
    "defensive": "defensive", "defense": "defensive", "defence": "defensive", "def": "defensive",
    "illegal": "illegal", "finisher": "finisher", "finish": "finisher", "cripple": "cripple",
    "highimpact": "high_impact", "impact": "high_impact", "hiimpact": "high_impact",
    "vilecheat": "vile_cheat", "vile": "vile_cheat", "vc": "vile_cheat", "submission": "submission",
    "sub": "submission",
    # A bare "Special" (the rulebook's Part V example) is read as a Finisher: see the decisions.
    "special": "finisher",
}
#: The rulebook's mark of a Special round in its summary table: ``Finisher(S)``.
_SPECIAL_MARK = re.compile(r"\(\s*s(?:pecial)?\s*\)$", re.IGNORECASE)


def _type_key(text: str) -> tuple[str, bool]:
    """The lookup key of a round type as written, and whether it carried the ``(S)`` mark."""
    raw = text.strip()
    marked = _SPECIAL_MARK.search(raw) is not None
    if marked:
        raw = _SPECIAL_MARK.sub("", raw)
    k = re.sub(r"[\s_\-.():]", "", raw.lower())
    if k.startswith("special") and len(k) > len("special"):
        k = k[len("special"):]  # "Special: Finisher", "Special Finisher", "Special - Cripple"
    return k, marked


def find_round_type(text: str) -> RoundType | None:
    """The round type a player's words mean: ``Finisher``, ``Finisher(S)``, ``Special: Finisher``,
    ``HS``, ``VC``, ``Hi-Risk``... or None. ``(S)`` on a type that is not a Special is not one."""
    k, marked = _type_key(text)
    found = _TYPE_WORDS.get(k)
    if found is not None and marked and found not in SPECIALS and k != "special":
        return None
    return found


def type_words() -> dict[str, str]:
    """Every word read as a round type (lookup key -> the type's title), for did-you-mean hints."""
    return {k: type_title(v) for k, v in _TYPE_WORDS.items() if len(k) > 2}


def parse_round_type(text: str, where: str = "") -> RoundType:
    found = find_round_type(text)
    if found is None:
        k, marked = _type_key(text)
        if marked and k in _TYPE_WORDS:
            raise RulesError(f"{where}'{text}': '(S)' marks a Special round, and "
                             f"{type_title(_TYPE_WORDS[k])} is not a Special")
        names = ", ".join(type_title(t) for t in ROUND_TYPES)
        hint = did_you_mean(text, type_words()) or f"; use one of {names}"
        raise RulesError(f"{where}'{text}' is not a round type{hint}")
    return found


@dataclass(frozen=True)
class Action:
    """A round action: its type, its target (a style or Stamina) and the player's explanation."""

    kind: RoundType
    target: str = STAMINA
    notes: str = ""

    def describe(self) -> str:
        return f"{type_title(self.kind)} on {title(self.target)}"


DEFAULT_ACTION = Action("normal", STAMINA, "")


@dataclass(frozen=True)
class Entry:
    rounds: RoundSpec
    action: Action


@dataclass(frozen=True)
class Conditional:
    """If the side still has an unused ``resource`` (``specials`` or ``high_spots``) at round
    ``by_round``, it plays ``action`` then instead of its planned action."""

    resource: Literal["specials", "high_spots"]
    by_round: int
    action: Action


@dataclass(frozen=True)
class Strategy:
    plus: tuple[str, str]
    minus: str
    grid_column: str | None = None  # "A".."C", used when the side names first
    grid_row: int | None = None  # 1..3, used when the side names second
    rounds: tuple[Entry, ...] = ()
    by_style: tuple[tuple[str, tuple[Entry, ...]], ...] = ()
    conditionals: tuple[Conditional, ...] = ()
    #: The grid the strategy was written for, when it prints one (the rulebook's text layout).
    printed_grid: Grid | None = None
    source: str = field(default="", compare=False)

    def section(self, style: str) -> tuple[Entry, ...]:
        for name, entries in self.by_style:
            if name == style:
                return entries
        return ()

    def all_entries(self) -> Iterable[tuple[str, Entry]]:
        """Every entry with where it is, for messages: ``round 4`` or ``Brawling section``."""
        for e in self.rounds:
            yield "", e
        for style, entries in self.by_style:
            for e in entries:
                yield style, e

    def planned(self, round_no: int, style: str, occurrence: int, mode: ByStyleMode = "occurrence") -> Action:
        """The action written for this round: exact round-by-round entry, else an exact by-style
        entry, else a round-by-round range, else a by-style range, else Normal on Stamina."""
        key = occurrence if mode == "occurrence" else round_no
        section = self.section(style)
        for group, n in ((self.rounds, round_no), (section, key)):
            for e in group:
                if e.rounds.exact and e.rounds.covers(n):
                    return e.action
        for group, n in ((self.rounds, round_no), (section, key)):
            for e in group:
                if e.rounds.covers(n):
                    return e.action
        return DEFAULT_ACTION


# -- the structured (YAML/JSON) form -------------------------------------------------------------
class ActionData(BaseModel):
    model_config = ConfigDict(extra="forbid")

    round: str | int
    target: str = "stamina"
    type: str = "normal"
    notes: str = ""


class ConditionalData(BaseModel):
    model_config = ConfigDict(extra="forbid")

    unused: str
    by_round: int
    target: str = "stamina"
    type: str = "finisher"
    notes: str = ""


class StrategyData(BaseModel):
    model_config = ConfigDict(extra="forbid")

    plus: list[str]
    minus: str
    grid: str | int | None = None
    rounds: list[ActionData] = []  # noqa: RUF012 (a model field: each value gets its own copy)
    by_style: dict[str, list[ActionData]] = {}  # noqa: RUF012 (a model field: each value gets its own copy)
    conditionals: list[ConditionalData] = []  # noqa: RUF012 (a model field: each value gets its own copy)


def parse_grid_pick(raw: object) -> tuple[str | None, int | None]:
    """``C``, ``2``, ``C2``, ``C/2`` or ``C, 2`` -> (column, row)."""
    if raw is None:
        return None, None
    text = str(raw).strip().upper()
    col: str | None = None
    row: int | None = None
    for ch in re.sub(r"[\s,/;]|GRID", "", text):
        if ch in "ABC" and col is None:
            col = ch
        elif ch in "123" and row is None:
            row = int(ch)
        else:
            raise RulesError(f"grid pick '{raw}': use a column A-C (first name), a row 1-3 (second), or both")
    return col, row


def _action(d: ActionData | ConditionalData, where: str, problems: list[Problem], about: str | None) -> Action | None:
    try:
        kind = parse_round_type(d.type, f"{where}: ")
        target = parse_target(d.target, f"{where}: ")
    except RulesError as exc:
        problems.append(Problem(str(exc), field=about))
        return None
    return Action(kind, target, d.notes.strip())


def _entries(items: Sequence[ActionData], where: str, problems: list[Problem]) -> tuple[Entry, ...]:
    """The entries of the round table (``where`` empty) or of a by-style section; a problem of a
    round of the table is about that round (``round 3``)."""
    out = []
    for d in items:
        here = f"{where}round {d.round}"
        about = None if where else f"round {d.round}"
        try:
            spec = parse_round_spec(d.round)
        except RulesError as exc:
            problems.append(Problem(f"{where}{exc}", field=about))
            continue
        action = _action(d, here, problems, about)
        if action is not None:
            out.append(Entry(spec, action))
    return tuple(out)


def build_strategy(plus: Sequence[str], minus: str, grid: object, rounds: Sequence[ActionData],
                   by_style: dict[str, list[ActionData]], conditionals: Sequence[ConditionalData],
                   label: str, source: str = "", printed_grid: Grid | None = None) -> Strategy:
    """A strategy from its parts, checking its own shape (not yet against a sheet)."""
    problems: list[Problem] = []
    plus_ids: list[str] = []
    for p in plus:
        try:
            plus_ids.append(parse_style(p, "'+' style "))
        except RulesError as exc:
            problems.append(Problem(str(exc)))
    minus_id = ""
    try:
        minus_id = parse_style(minus, "'-' style ")
    except RulesError as exc:
        problems.append(Problem(str(exc)))
    if len(plus) != 2:
        problems.append(Problem(f"a strategy names exactly two '+' styles, got {len(plus)}"))
    elif len(plus_ids) == 2 and plus_ids[0] == plus_ids[1]:
        problems.append(Problem(f"the two '+' styles must differ; both are {title(plus_ids[0])}"))
    if "teamwork" in plus_ids:
        problems.append(Problem("Teamwork can never be a '+' style"))
    col, row = None, None
    try:
        col, row = parse_grid_pick(grid)
    except RulesError as exc:
        problems.append(Problem(str(exc), field="grid"))
    round_entries = _entries(rounds, "", problems)
    sections = []
    for style_text, items in by_style.items():
        style = find_style(style_text)
        if style is None:
            problems.append(Problem(f"by-style section '{style_text}' is not a style"))
            continue
        sections.append((style, _entries(items, f"{title(style)} section, ", problems)))
    conds = []
    for i, c in enumerate(conditionals, start=1):
        where = f"conditional {i}"
        resource = c.unused.strip().lower().replace(" ", "_").replace("-", "_")
        if resource in ("special", "specials"):
            res: Literal["specials", "high_spots"] = "specials"
        elif resource in ("high_spot", "high_spots", "highspots"):
            res = "high_spots"
        else:
            problems.append(Problem(f"{where}: unused '{c.unused}' must be 'specials' or 'high_spots'", field=where))
            continue
        if c.by_round < 1:
            problems.append(Problem(f"{where}: by_round must be 1 or more, got {c.by_round}", field=where))
            continue
        action = _action(c, where, problems, where)
        if action is None:
            continue
        if res == "specials" and action.kind not in SPECIALS:
            problems.append(Problem(f"{where}: 'if my Specials are unused' must play a Special, not "
                                    f"{type_title(action.kind)}", field=where))
            continue
        if res == "high_spots" and action.kind != "high_spot":
            problems.append(Problem(f"{where}: 'if my High Spots are unused' must play a High Spot", field=where))
            continue
        conds.append(Conditional(res, c.by_round, action))
    if problems:
        raise StrategyError.listing(label, problems)
    return Strategy((plus_ids[0], plus_ids[1]), minus_id, col, row, round_entries, tuple(sections),
                    tuple(conds), printed_grid, source)


def load_strategy_data(data: object, label: str) -> Strategy:
    """A strategy from its structured (YAML/JSON) form."""
    try:
        d = load_model(StrategyData, data, label)
    except SheetError as exc:
        raise StrategyError.listing(exc.label, exc.details) from None
    except RulesError as exc:
        raise StrategyError(str(exc)) from None
    return build_strategy(d.plus, d.minus, d.grid, d.rounds, d.by_style, d.conditionals, label)


# -- checks against a sheet and a match ------------------------------------------------------------
def _uses(strategy: Strategy, match_rounds: int, wanted: Iterable[str]) -> list[tuple[str, int, str | None]]:
    """Each entry playing one of ``wanted``: where it is, how many rounds it may cover, and the
    round it names (None for a by-style section's)."""
    kinds = set(wanted)
    out = []
    for style, e in strategy.all_entries():
        if e.action.kind in kinds:
            where = f"{title(style)} section round {e.rounds.text()}" if style else f"round {e.rounds.text()}"
            out.append((where, e.rounds.size(match_rounds), None if style else where))
    return out


def strategy_problems(strategy: Strategy, high_spots: int, push_level: int, match_rounds: int,
                      forbidden: Sequence[str] = (), type_name: str = "") -> list[str]:
    """Every way the strategy breaks its sheet's limits or the match's rules, as messages
    (:func:`strategy_problem_list`)."""
    return [str(p) for p in strategy_problem_list(strategy, high_spots, push_level, match_rounds, forbidden,
                                                  type_name)]


def strategy_problem_list(strategy: Strategy, high_spots: int, push_level: int, match_rounds: int,
                          forbidden: Sequence[str] = (), type_name: str = "") -> list[Problem]:
    """Every way the strategy breaks its sheet's limits or the match's rules, each about the round
    or conditional it names (over a limit: the last round listed). Ranges count once for each round
    they could cover, so a strategy can never run past its limits."""
    problems = []
    for kind_set, limit, word, why in (
        (("high_spot",), high_spots, "High Spot", f"the sheet bought {high_spots} High Spot(s)"),
        (SPECIALS, push_level, "Special", f"Push Level {push_level} allows {push_level} Special round(s)"),
    ):
        uses = _uses(strategy, match_rounds, kind_set)
        total = sum(n for _, n, _ in uses)
        if total > limit:
            where = ", ".join(f"{w}" + (f" (x{n})" if n > 1 else "") for w, n, _ in uses)
            problems.append(Problem(f"{where}: {total} {word} round(s) stratted but {why}", field=uses[-1][2]))
    for style, e in strategy.all_entries():
        if e.action.kind in forbidden:
            where = f"{title(style)} section round {e.rounds.text()}" if style else f"round {e.rounds.text()}"
            kind = type_title(e.action.kind)
            problems.append(Problem(f"{where}: {kind} may not be stratted in a {type_name or 'match of this type'}",
                                    field=None if style else where))
    for i, c in enumerate(strategy.conditionals, start=1):
        about = f"conditional {i}"
        if c.action.kind in forbidden:
            problems.append(Problem(f"{about}: {type_title(c.action.kind)} may not be stratted in a "
                                    f"{type_name or 'match of this type'}", field=about))
        if c.by_round > match_rounds:
            problems.append(Problem(f"{about}: round {c.by_round} is past the time limit of {match_rounds} rounds",
                                    field=about))
    return problems
