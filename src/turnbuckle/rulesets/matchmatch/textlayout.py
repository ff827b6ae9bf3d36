"""The rulebook's plain-text layout of a wrestler's sheet, as printed for Sam and Bob, and how a
document holding a sheet and a strategy splits in two (the strategy's layouts are read in
``strategy_text``). Parsing gives the same values as the YAML form; formatting writes it back.
"""

from __future__ import annotations

import re

from turnbuckle.core.errors import InputRefused, SheetError
from turnbuckle.core.inputs import MAX_INT_DIGITS
from turnbuckle.rulesets.matchmatch.sheet import DEFENSE_COST, HIGH_SPOT_COST, REF_SLACK_COST, Wrestler, load_wrestler
from turnbuckle.rulesets.matchmatch.strategy_text import format_strategy_text as format_strategy_text
from turnbuckle.rulesets.matchmatch.strategy_text import parse_strategy_text as parse_strategy_text
from turnbuckle.rulesets.matchmatch.styles import find_style, title
from turnbuckle.rulesets.matchmatch.wording import Plain, plain_str

_PAIR = re.compile(r"([A-Za-z][A-Za-z \-]*?)\s*:\s*(-?\d+)\s*(?:\((?:costs?\s*)?(-?\d+)\))?")
_BULLET = re.compile(r"^[\s•*·]+")
_STAMINA_LINE = re.compile(r"^[ \t•*·]*Stamina\s*:\s*-?\d+", re.MULTILINE | re.IGNORECASE)
_NAME_LINE = re.compile(r"^[\s•*·-]*name\s*:\s*(\S.*)$", re.IGNORECASE)
_DEFENSE_SUFFIX = re.compile(r"[\s-]*defen[cs]es?$")


def _clean(line: str) -> str:
    return _BULLET.sub("", line).strip()


def looks_like_text_sheet(text: str | Plain) -> bool:
    """Does the text hold a sheet in the rulebook's layout (a ``Stamina:`` line)?"""
    # [^\S\n]*, not \s*: a run of blank lines must not be rescanned from each of its line starts
    # (rescanning makes the search quadratic in the run's length)
    return bool(re.search(r"^[^\S\n]*Stamina\s*:\s*\d+", plain_str(text), re.MULTILINE | re.IGNORECASE))


def split_document(text: str) -> tuple[str, str]:
    """(sheet part, strategy part): the strategy starts at a line beginning 'Strategy'."""
    m = re.search(r"^[ \t•*]*Strategy\b", text, re.MULTILINE | re.IGNORECASE)
    if not m:
        return text, ""
    return text[: m.start()], text[m.start():]


def wrestlers_in(text: str | Plain) -> list[str]:
    """The names of the wrestlers whose sheets a text holds in the rulebook's layout (a name is the
    last line before a 'Stamina:' line that has no colon; '?' when there is none)."""
    lines = plain_str(text).splitlines()
    names = []
    for i, line in enumerate(lines):
        if _STAMINA_LINE.match(line):
            before = [named.group(1).strip() if (named := _NAME_LINE.match(x)) else _clean(x)
                      for x in lines[:i] if _clean(x) and (":" not in x or _NAME_LINE.match(x))]
            names.append(before[-1] if before else "?")
    return names


def refuse_two_wrestlers(text: str | Plain, label: str) -> None:
    """A side's document holds one wrestler (or one team): refuse one that holds more, saying so."""
    names = wrestlers_in(text)
    if len(names) > 1:
        raise SheetError(label, [f"this file holds {len(names)} wrestlers ({', '.join(names)}); a side file "
                                 "holds one wrestler or one team, with its strategy: give each a file of its own"])


# -- sheets --------------------------------------------------------------------------------------
def parse_sheet_text(text: str | Plain, label: str) -> Wrestler:
    """A sheet in the rulebook's layout. Defense costs in parentheses are checked (2 a point)."""
    problems: list[str] = []
    name = ""
    stamina: int | None = None
    styles: dict[str, int] = {}
    defenses: dict[str, int] = {}
    extra: dict[str, int] = {}
    in_defenses = False
    refuse_two_wrestlers(text, label)
    for n, raw in enumerate(plain_str(text).splitlines(), start=1):
        line = _clean(raw)
        if not line or line.startswith("#"):
            continue
        low = line.lower().rstrip(":").strip()
        if low in ("style defenses", "defenses", "style defences", "defences"):
            in_defenses = True
            continue
        if low in ("styles",):
            in_defenses = False
            continue
        if ":" not in line:
            if not name and stamina is None:
                name = line
            else:
                problems.append(f"line {n}: cannot read '{line}': write Label:number pairs such as 'Power:3'")
            continue
        key, _, rest = line.partition(":")
        if key.strip().lower() == "name":
            name = rest.strip()
            continue
        pairs = _PAIR.findall(line)
        leftover = [part.strip() for part in re.split(r"\s{2,}|\t", _PAIR.sub("\t", line)) if ":" in part]
        if not pairs or leftover:
            bad = leftover[0] if leftover else line
            problems.append(f"cannot read '{bad}': write Label:number pairs such as 'Power:3'")
            continue
        for label_text, value_text, cost_text in pairs:
            too_long = max(len(value_text.lstrip("-")), len(cost_text.lstrip("-")))
            if too_long > MAX_INT_DIGITS:  # int() refuses 4,300 digits and more: refused as hostile input
                raise InputRefused.under(label, f"'{label_text.strip()}' has a number of {too_long} digits; "
                                   f"numbers here have at most {MAX_INT_DIGITS}")
            key = " ".join(label_text.strip().lower().replace("-", " ").split())
            value = int(value_text)
            as_defense = in_defenses
            if _DEFENSE_SUFFIX.search(key) and find_style(_DEFENSE_SUFFIX.sub("", key)) is not None:
                key, as_defense = _DEFENSE_SUFFIX.sub("", key), True  # "Technical-Defense:1(2)"
            if key in ("stamina", "stam"):
                stamina = value
                continue
            if key in ("high spot", "high spots", "highspots"):
                extra["high_spots"] = value
                if cost_text and int(cost_text) != value * HIGH_SPOT_COST:
                    problems.append(f"High Spot: {value} costs {value * HIGH_SPOT_COST}, not {cost_text}")
                continue
            if key in ("push level", "push"):
                extra["push_level"] = value
                continue
            if key in ("ref slack", "slack"):
                extra["ref_slack"] = value
                if cost_text and int(cost_text) != value * REF_SLACK_COST:
                    problems.append(f"Ref Slack: {value} costs {value * REF_SLACK_COST}, not {cost_text}")
                continue
            if key in ("injuries", "injury", "injury points"):
                extra["injuries"] = value
                continue
            style = find_style(key)
            if style is None:
                problems.append(f"'{label_text.strip()}' is not a style, Stamina, High Spot, Push Level or Ref Slack")
                continue
            target = defenses if as_defense else styles
            if style in target:
                problems.append(f"{title(style)} {'defense' if as_defense else 'style'} is given twice")
            target[style] = value
            if cost_text:
                per = DEFENSE_COST if as_defense else 1
                if int(cost_text) != value * per:
                    problems.append(f"{title(style)}{' defense' if as_defense else ''}: {value} costs "
                                    f"{value * per}, not {cost_text}")
    if not name:
        problems.append("no name: put the wrestler's name on the first line")
    if stamina is None:
        problems.append("no 'Stamina:' line")
    if problems:
        raise SheetError(label, problems)
    data: dict[str, object] = {"name": name, "stamina": stamina, "styles": styles, "defenses": defenses, **extra}

    return load_wrestler(data, label)


def format_sheet_text(w: Wrestler) -> str:
    """A sheet in the rulebook's layout (tab-separated, defense costs in parentheses)."""
    def cell(style: str, value: int, cost: int) -> str:
        return f"{title(style)}:{value}" + (f"({value * cost})" if cost > 1 and value else "")

    order = ("technical", "power", "martial_arts", "brawling", "weight", "high_flying", "cheating", "teamwork")
    lines = [w.name, f"Stamina:{w.stamina}"]
    lines.append("\t".join(cell(s, w.styles.get(s), 1) for s in order[:4]))
    lines.append("\t".join(cell(s, w.styles.get(s), 1) for s in order[4:]))
    lines.append("Style Defenses:")
    lines.append("\t".join(cell(s, w.defenses.get(s), DEFENSE_COST) for s in order[:4]))
    lines.append("\t".join(cell(s, w.defenses.get(s), DEFENSE_COST) for s in order[4:]))
    if w.high_spots:
        lines.append(f"High Spot: {w.high_spots} (costs {w.high_spots * HIGH_SPOT_COST})")
    if w.push_level != 1:
        lines.append(f"Push Level: {w.push_level}")
    if w.ref_slack:
        lines.append(f"Ref Slack: {w.ref_slack} (costs {w.ref_slack * REF_SLACK_COST})")
    if w.injuries:
        lines.append(f"Injuries: {w.injuries}")
    return "\n".join(lines) + "\n"
