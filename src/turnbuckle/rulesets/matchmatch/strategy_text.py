"""The rulebook's plain-text strategy layouts (Parts V and VI), read line by line.

Every line of a strategy is one of these, or an error naming its line:

- blank, or a comment starting with ``#``;
- the style line: ``Strategy: +Brawl +Cheat -Martial Arts, Grid C``, or ``+X``, ``-Y`` and
  ``Grid C`` on lines of their own before the rounds;
- the grid as the rulebook prints it: ``First name chooses A-C, ...``, ``Bob vs. Sam``, the
  ``A B C`` header and its rows ``1 Po Te HF`` (read and checked; the match's grid is the
  organiser's, so it changes nothing);
- a table header, ``Round Target Type Notes``;
- a by-style section's heading, ``Brawling:`` (the colon may be left out);
- a round row: a label (``1``, ``3+``, ``2-4``, ``All``, ``Round 1``, ``R1``, ``1.``), a target
  and a type in either order (``Finisher``, ``Finisher(S)``, ``Special: Finisher``, ``HS``,
  ``VC``, ``Hi-Risk``...), then the notes;
- a clear conditional: ``If I haven't used my Specials by round 15, use a Finisher on Stamina``;
- the notes of the round above continued: a line indented deeper than its row, or one starting
  with ``+`` or ``-`` right after a row (style picks are read only from the style line).

Curly quotes, typographic dashes and a byte-order mark are made plain first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from turnbuckle.core.errors import RulesError, StrategyError
from turnbuckle.core.problems import Problem
from turnbuckle.rulesets.matchmatch.grid import Grid
from turnbuckle.rulesets.matchmatch.rounds import type_title
from turnbuckle.rulesets.matchmatch.strategy import (
    ActionData,
    ConditionalData,
    Entry,
    Strategy,
    build_strategy,
    find_round_type,
    parse_grid_pick,
    parse_round_spec,
    parse_round_type,
    type_words,
)
from turnbuckle.rulesets.matchmatch.styles import (
    GRID_STYLES,
    STAMINA,
    STYLES,
    find_style,
    find_target,
    parse_target,
    style_words,
    target_words,
    title,
)
from turnbuckle.rulesets.matchmatch.wording import Plain, did_you_mean, plain_str

_BULLET = re.compile(r"^[\s•*·]+")
_SHEET_LINE = re.compile(r"^stamina\s*:\s*-?\d", re.IGNORECASE)
_STRATEGY_WORD = re.compile(r"^strategy\b\s*:?", re.IGNORECASE)
_GRID_WORD = re.compile(r"^grid\b", re.IGNORECASE)
_FIRST_NAME = re.compile(r"^first\s+name\s+chooses\b", re.IGNORECASE)
_GRID_HEADER = re.compile(r"^a\s+b\s+c$", re.IGNORECASE)
_VERSUS = re.compile(r"^\S+(?:\s+\S+){0,3}\s+vs?\.?\s+\S+(?:\s+\S+){0,3}$", re.IGNORECASE)
_LABEL_WORD = re.compile(r"^(?:rounds?|rnds?|rds?|r|#)\.?$", re.IGNORECASE)
_LABEL_GLUED = re.compile(r"^(?:rounds?|rnds?|rds?|r|#)\.?(\d.*)$", re.IGNORECASE)
_HEADER_WORDS = {"round", "rounds", "rd", "#", "no", "target", "targets", "type", "types", "action", "actions",
                 "notes", "note", "explanation", "explanations", "and", "/"}
_COND = re.compile(
    r"^if\s+(?:i\s+(?:have\s*n[o']?t|haven'?t|havent|did\s*n[o']?t|didn'?t)\s+(?:yet\s+)?used\s+|(?=my\s))"
    r"(?:all\s+)?(?:of\s+)?(?:my\s+)?(specials?|high[\s-]*spots?|hs)\s+"
    r"(?:(?:are|is)\s+(?:still\s+)?unused\s+)?(?:yet\s+)?by\s+(?:round|rd\.?|r)\s*(\d+)\b(.*)$",
    re.IGNORECASE,
)
_COND_FILLERS = {"then", "use", "one", "it", "them", "now", "a", "an", "my", "the", "this", "that", "i", "will",
                 "i'll", "go", "for", "play", "strat", "do", "instead", "in", "round", "special", "specials"}
_TARGET_WORDS = {"on", "at", "against", "targeting", "target", "to"}
_EXAMPLE_ROW = "write 'ROUND TARGET TYPE NOTES', e.g. '3 MA High Risk Up top for a fist drop'"
_EXAMPLE_STYLE = "write e.g. 'Strategy: +Power +Weight -Technical, Grid B'"


def _indent(raw: str) -> int:
    return len(raw.expandtabs(8)) - len(raw.expandtabs(8).lstrip())


@dataclass
class _Row:
    line: int
    spec: str
    target: str
    kind: str
    indent: int
    section: str | None
    notes: list[str] = field(default_factory=list)


def _label(words: list[str]) -> tuple[str, int] | None:
    """A round label at the start of ``words`` (``3``, ``3+``, ``All``, ``Round 1``, ``R1``,
    ``1.``) as a round spec's text, and how many words it took."""
    word, used = words[0], 1
    if _LABEL_WORD.match(word) and len(words) > 1:
        word, used = words[1], 2
    elif glued := _LABEL_GLUED.match(word):
        word = glued.group(1)
    word = word.rstrip(".:)")
    try:
        parse_round_spec(word)
    except RulesError:
        return None
    return word, used


def _phrase(words: list[str], sizes: tuple[int, ...], find: Callable[[str], str | None]) -> tuple[str, int] | None:
    """The longest phrase of ``words[:n]`` (n in ``sizes``) that ``find`` knows, and its length."""
    for n in sizes:
        if len(words) >= n and (found := find(" ".join(words[:n]))) is not None:
            return str(found), n
    return None


def _row_parts(words: list[str]) -> tuple[str, str, list[str]] | str:
    """(target, type, notes words) of what follows a round label, or what is wrong with it."""
    if not words:
        return f"no target or type; {_EXAMPLE_ROW}"
    target = _phrase(words, (2, 1), find_target)
    if target is not None:
        kind = _phrase(words[target[1]:], (3, 2, 1), find_round_type)
        if kind is not None:
            return target[0], kind[0], words[target[1] + kind[1]:]
        after = words[target[1]:]
        if not after:
            return f"no round type after '{' '.join(words[:target[1]])}'; {_EXAMPLE_ROW}"
        return _type_problem(after)
    kind = _phrase(words, (3, 2, 1), find_round_type)
    if kind is not None:
        target = _phrase(words[kind[1]:], (2, 1), find_target)
        if target is not None:
            return target[0], kind[0], words[kind[1] + target[1]:]
        after = words[kind[1]:]
        if not after:
            return f"no target after '{' '.join(words[:kind[1]])}'; a round targets a style or Stamina"
        return _target_problem(after)
    if did_you_mean(words[0], target_words()) or not did_you_mean(words[0], type_words()):
        return _target_problem(words)
    return _type_problem(words)


def _type_problem(words: list[str]) -> str:
    for n in (1, 2):
        text = " ".join(words[:n])
        if len(words) >= n and did_you_mean(text, type_words()):
            try:
                parse_round_type(text)
            except RulesError as exc:
                return str(exc)
    try:
        parse_round_type(words[0])
    except RulesError as exc:
        return str(exc)
    return f"cannot read '{' '.join(words)}'; {_EXAMPLE_ROW}"  # pragma: no cover - parse_round_type raised


def _target_problem(words: list[str]) -> str:
    for n in (1, 2):
        text = " ".join(words[:n])
        if len(words) >= n and did_you_mean(text, target_words()):
            try:
                parse_target(text)
            except RulesError as exc:
                return str(exc)
    try:
        parse_target(words[0])
    except RulesError as exc:
        return str(exc)
    return f"cannot read '{' '.join(words)}'; {_EXAMPLE_ROW}"  # pragma: no cover - parse_target raised


class _Reader:
    """Reads a strategy's lines one at a time, keeping every problem with its line number."""

    def __init__(self) -> None:
        self.plus: list[str] = []
        self.minus: list[str] = []
        self.grid: str | None = None
        self.rows: list[_Row] = []
        self.conditionals: list[ConditionalData] = []
        self.problems: list[tuple[int, Problem]] = []  # (its line, 0 for none; the problem)
        self.section: str | None = None
        self.current: _Row | None = None
        self.style_lines = 0
        self.sheet_seen = False
        self.grid_rows: dict[int, tuple[int, tuple[str, ...]]] = {}

    def problem(self, n: int, text: str, about: str | None = None) -> None:
        """A problem on line ``n``; ``about``: the part of the strategy it is about (``round 3``)."""
        self.problems.append((n, Problem(text, n, about)))

    def line(self, n: int, raw: str) -> None:
        line = _BULLET.sub("", raw).strip()
        if not line or line.startswith("#"):
            return
        indent = _indent(raw)
        if _SHEET_LINE.match(line):
            if not self.sheet_seen:
                self.problem(n, "a wrestler's sheet inside the strategy: this file holds two wrestlers; "
                                "give each wrestler (with his strategy) a file of his own")
            self.sheet_seen = True
            return
        if _STRATEGY_WORD.match(line):
            self.current = None
            self.style_line(n, line)
            return
        cur = self.current
        if cur is not None and (indent > cur.indent or line[0] in "+-"):
            if indent > cur.indent and self.row(n, line, indent, quiet=True):
                return
            cur.notes.append(line)
            return
        self.current = None
        if line[0] in "+-" or _GRID_WORD.match(line):
            self.style_line(n, line)
        elif line.lower().startswith("if "):
            self.conditional(n, line)
        elif _FIRST_NAME.match(line) or _GRID_HEADER.match(line) or self.grid_row(n, line) or self.header(line):
            pass
        elif (heading := self.heading(line)) is not None:
            self.section = heading
        elif self.row(n, line, indent, quiet=False):
            pass
        elif _VERSUS.match(line):
            pass  # the grid's "Brother Bob vs. Friendly Sam" line
        else:
            self.unknown(n, line, after_row=cur is not None)

    # -- the kinds of line ------------------------------------------------------------------
    def style_line(self, n: int, line: str) -> None:
        self.style_lines += 1
        if _STRATEGY_WORD.match(line) and (self.plus or self.minus):
            self.problem(n, "a second 'Strategy' line: a strategy file holds one wrestler's strategy; "
                            "give each wrestler a file of his own")
            return
        words = re.sub(r"[,;&]", " ", _STRATEGY_WORD.sub("", line)).split()
        i = 0
        while i < len(words):
            word = words[i]
            if word.lower() == "and":
                i += 1
            elif grid := re.match(r"^grid:?(.*)$", word, re.IGNORECASE):
                i = self.grid_pick(n, grid.group(1), words, i + 1)
            elif word[0] in "+-":
                i = self.signed(n, word, words, i + 1)
            else:
                hint = did_you_mean(word, {**style_words(), "grid": "Grid"})
                self.problem(n, f"cannot read '{word}' on the style line{hint or '; ' + _EXAMPLE_STYLE}")
                i += 1

    def signed(self, n: int, word: str, words: list[str], i: int) -> int:
        sign, body = word[0], word[1:]
        if not body:
            if i >= len(words):
                self.problem(n, f"'{sign}' with no style after it; {_EXAMPLE_STYLE}")
                return i
            body, i = words[i], i + 1
        if i < len(words) and words[i][0] not in "+-" and (two := find_style(f"{body} {words[i]}")):
            style: str | None = two
            i += 1
        else:
            style = find_style(body)
        if style is None:
            hint = did_you_mean(body, style_words()) or (
                f"; use {', '.join(title(x) for x in STYLES)} (or Te, Po, MA, Br, HF, We, Ch, Tw)")
            self.problem(n, f"'{sign}{body}' is not a style{hint}")
        else:
            (self.plus if sign == "+" else self.minus).append(style)
        return i

    def grid_pick(self, n: int, glued: str, words: list[str], i: int) -> int:
        picks = [glued] if glued else []
        while i < len(words) and words[i].lower() in ("pick", "choice", "is", ":"):
            i += 1
        while i < len(words) and len(picks) < 2 and re.fullmatch(r"[\"']?[A-Ca-c1-3/]{1,3}[\"']?", words[i]):
            picks.append(words[i])
            i += 1
        if not picks and i < len(words):
            picks.append(words[i])
            i += 1
        if not picks:
            self.problem(n, "'Grid' with no pick after it: give a column A-C (first name) or a row 1-3 (second)")
            return i
        text = "".join(p.strip("\"'") for p in picks)
        try:
            parse_grid_pick(text)
        except RulesError as exc:
            self.problem(n, str(exc), "grid")
            return i
        if self.grid is not None:
            self.problem(n, f"the grid pick is given twice ('{self.grid}' and '{text}'); keep one", "grid")
        self.grid = text
        return i

    def conditional(self, n: int, line: str) -> None:
        m = _COND.match(line)
        if m is None:
            self.problem(n, "cannot read this conditional; write e.g. \"If I haven't used my Specials by "
                            "round 15, use a Finisher on Stamina\" (or my High Spots ... use one on Power)")
            return
        is_spot = not m.group(1).lower().startswith("special")
        kind = "high_spot" if is_spot else "finisher"
        target = STAMINA
        words = re.sub(r"[,!.;]", " ", m.group(3)).split()
        i = 0
        ok = True
        while i < len(words):
            word = words[i].lower()
            if word in _TARGET_WORDS and i + 1 < len(words):
                found = _phrase(words[i + 1:], (2, 1), find_target)
                if found is None:
                    self.problem(n, _target_problem(words[i + 1:]))
                    return
                target, i = found[0], i + 1 + found[1]
                continue
            found = _phrase(words[i:], (3, 2, 1), find_round_type)
            if found is not None and " ".join(words[i:i + found[1]]).lower() not in ("special", "specials"):
                kind, i = found[0], i + found[1]
                continue
            if word in _COND_FILLERS:
                i += 1
                continue
            hint = did_you_mean(words[i], {**type_words(), **target_words()})
            self.problem(n, f"cannot read '{words[i]}' in this conditional{hint}")
            ok = False
            break
        if ok:
            self.conditionals.append(ConditionalData(unused="high_spots" if is_spot else "specials",
                                                     by_round=int(m.group(2)), type=kind, target=target,
                                                     notes=line))

    def grid_row(self, n: int, line: str) -> bool:
        """A row of the printed grid: its number 1-3 and three styles (``1 Po Te HF``)."""
        words = line.split()
        if len(words) != 4 or words[0].rstrip(".:") not in ("1", "2", "3"):
            return False
        styles = [find_style(w) for w in words[1:]]
        if sum(s is not None for s in styles) < 2 or any(find_round_type(w) for w in words[1:]):
            return False
        number = int(words[0].rstrip(".:"))
        good = True
        for w, s in zip(words[1:], styles, strict=True):
            if s is None or s not in GRID_STYLES:
                why = "is never on the grid" if s is not None else f"is not a style{did_you_mean(w, style_words())}"
                self.problem(n, f"grid row {number}: '{w}' {why}", "grid")
                good = False
        if number in self.grid_rows:
            self.problem(n, f"grid row {number} is given twice (lines {self.grid_rows[number][0]} and {n})", "grid")
        elif good:
            self.grid_rows[number] = (n, tuple(s for s in styles if s is not None))
        return True

    @staticmethod
    def header(line: str) -> bool:
        words = [w.lower().strip(":.") for w in line.split()]
        return set(words) <= _HEADER_WORDS and bool({"target", "type", "notes", "action"} & set(words))

    @staticmethod
    def heading(line: str) -> str | None:
        text = re.sub(r"\s+(?:rounds?|section)$", "", line.rstrip(":").strip(), flags=re.IGNORECASE)
        return find_style(text) if text else None

    def row(self, n: int, line: str, indent: int, quiet: bool) -> bool:
        words = line.split()
        label = _label(words)
        if label is None:
            return False
        parts = _row_parts(words[label[1]:])
        if isinstance(parts, str):
            if not quiet:
                self.problem(n, f"round {label[0]}: {parts}", f"round {label[0]}")
            return not quiet
        target, kind, notes = parts
        row = _Row(n, label[0], target, kind, indent, self.section, [" ".join(notes)] if notes else [])
        self.rows.append(row)
        self.current = row
        return True

    def unknown(self, n: int, line: str, after_row: bool) -> None:
        first = line.split()[0]
        hint = did_you_mean(first, {"strategy": "Strategy", "grid": "Grid", "round": "Round", "if": "If",
                                    **style_words()}, cutoff=0.8)
        tail = "; to go on with a round's notes, indent the line" if after_row else ""
        shown = line if len(line) <= 60 else line[:57] + "..."
        self.problem(n, f"cannot read '{shown}'{hint or '; ' + _EXAMPLE_ROW}{tail}")

    # -- the end --------------------------------------------------------------------------------
    def finish(self, label: str, source: str) -> Strategy:
        seen: dict[tuple[str | None, str], int] = {}
        for row in self.rows:
            spec = parse_round_spec(row.spec).text()
            where = (row.section, spec)
            if where in seen:
                section = f" of the {title(row.section)} section" if row.section else ""
                self.problem(row.line, f"round {spec}{section} is given twice (lines {seen[where]} and "
                                       f"{row.line}); keep one", None if row.section else f"round {row.spec}")
            seen[where] = row.line
        printed: Grid | None = None
        if self.grid_rows and sorted(self.grid_rows) != [1, 2, 3]:
            if not self.problems:
                rows = ", ".join(map(str, sorted(self.grid_rows)))
                self.problems.append((0, Problem(f"the grid printed in the strategy has row(s) {rows}; give all "
                                                 "three, 1 to 3", field="grid")))
        elif self.grid_rows:
            a, b, c = (self.grid_rows[r][1] for r in (1, 2, 3))
            printed = Grid(((a[0], a[1], a[2]), (b[0], b[1], b[2]), (c[0], c[1], c[2])))
        if not self.plus and not self.minus and not self.problems:
            self.problems.append((0, Problem(f"no '+' and '-' styles found; {_EXAMPLE_STYLE}")))
        if len(self.minus) != 1 and not self.problems:
            self.problems.append((0, Problem(f"a strategy names exactly one '-' style, found {len(self.minus)}")))
        if self.problems:
            ordered = sorted(self.problems, key=lambda found: (found[0], str(found[1])))
            raise StrategyError.listing(label, [problem for _, problem in ordered])
        rounds: list[ActionData] = []
        by_style: dict[str, list[ActionData]] = {}
        for row in self.rows:
            data = ActionData(round=row.spec, target=row.target, type=row.kind,
                              notes=" ".join(x for x in row.notes if x).strip())
            if row.section is None:
                rounds.append(data)
            else:
                by_style.setdefault(row.section, []).append(data)
        return build_strategy(self.plus, self.minus[0], self.grid, rounds, by_style, self.conditionals, label,
                              source=source, printed_grid=printed)


def parse_strategy_text(text: str | Plain, label: str, first_line: int = 1) -> Strategy:
    """A strategy in the rulebook's layout (see the module's docstring), made plain first unless it
    already is. ``first_line`` is the number of the text's first line in its file, for messages."""
    reader = _Reader()
    for n, raw in enumerate(plain_str(text).splitlines(), start=first_line):
        reader.line(n, raw)
    return reader.finish(label, text.text if isinstance(text, Plain) else text)


def format_strategy_text(s: Strategy) -> str:
    """The rulebook's Part VI layout: the style line, then one row per entry."""
    picks = [p for p in (s.grid_column, str(s.grid_row) if s.grid_row else None) if p]
    grid = f", Grid {'/'.join(picks)}" if picks else ""
    out = [f"Strategy:+{title(s.plus[0])} +{title(s.plus[1])} -{title(s.minus)}{grid}"]
    if s.printed_grid is not None:
        out += s.printed_grid.lines()

    def table(entries: tuple[Entry, ...]) -> None:
        out.append("Round\tTarget\tType\t\tNotes:")
        for e in entries:
            out.append(f"{e.rounds.text()}\t{title(e.action.target)}\t{type_title(e.action.kind)}\t\t{e.action.notes}")

    if s.rounds:
        table(s.rounds)
    for style, entries in s.by_style:
        out.append("")
        out.append(f"{title(style)}:")
        table(entries)
    for c in s.conditionals:
        word = "Specials" if c.resource == "specials" else "High Spots"
        out.append(f"If I haven't used my {word} by round {c.by_round}, use a {type_title(c.action.kind)} "
                   f"on {title(c.action.target)} now.")
    return "\n".join(out) + "\n"
