"""The rulebook's plain-text layouts: wrestler sheets as printed for Sam and Bob, and strategies
as in Parts V and VI (round-by-round tables, by-style sections with "3+" and "All", clear
conditionals). Parsing gives the same values as the YAML form; formatting writes the layout back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from turnbuckle.core.errors import RulesError, SheetError, StrategyError
from turnbuckle.rulesets.matchmatch.rounds import type_title
from turnbuckle.rulesets.matchmatch.sheet import DEFENSE_COST, HIGH_SPOT_COST, REF_SLACK_COST, Wrestler
from turnbuckle.rulesets.matchmatch.strategy import (
    ActionData,
    ConditionalData,
    Strategy,
    build_strategy,
    find_round_type,
    parse_grid_pick,
    parse_round_spec,
)
from turnbuckle.rulesets.matchmatch.styles import STAMINA, STYLES, find_style, find_target, title

_PAIR = re.compile(r"([A-Za-z][A-Za-z \-]*?)\s*:\s*(-?\d+)\s*(?:\((?:costs?\s*)?(-?\d+)\))?")
_BULLET = re.compile(r"^[\s•*·]+")


def _clean(line: str) -> str:
    return _BULLET.sub("", line).strip()


def looks_like_text_sheet(text: str) -> bool:
    return bool(re.search(r"^\s*Stamina\s*:\s*\d+", text, re.MULTILINE | re.IGNORECASE))


def split_document(text: str) -> tuple[str, str]:
    """(sheet part, strategy part): the strategy starts at a line beginning 'Strategy'."""
    m = re.search(r"^[ \t•*]*Strategy\b", text, re.MULTILINE | re.IGNORECASE)
    if not m:
        return text, ""
    return text[: m.start()], text[m.start():]


# -- sheets --------------------------------------------------------------------------------------
def parse_sheet_text(text: str, label: str) -> Wrestler:
    """A sheet in the rulebook's layout. Defense costs in parentheses are checked (2 a point)."""
    problems: list[str] = []
    name = ""
    stamina: int | None = None
    styles: dict[str, int] = {}
    defenses: dict[str, int] = {}
    extra: dict[str, int] = {}
    in_defenses = False
    for raw in text.splitlines():
        line = _clean(raw)
        if not line:
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
            key = label_text.strip().lower()
            value = int(value_text)
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
            target = defenses if in_defenses else styles
            if style in target:
                problems.append(f"{title(style)} {'defense' if in_defenses else 'style'} is given twice")
            target[style] = value
            if cost_text:
                per = DEFENSE_COST if in_defenses else 1
                if int(cost_text) != value * per:
                    problems.append(f"{title(style)}{' defense' if in_defenses else ''}: {value} costs "
                                    f"{value * per}, not {cost_text}")
    if not name:
        problems.append("no name: put the wrestler's name on the first line")
    if stamina is None:
        problems.append("no 'Stamina:' line")
    if problems:
        raise SheetError(label, problems)
    data: dict[str, object] = {"name": name, "stamina": stamina, "styles": styles, "defenses": defenses, **extra}
    from turnbuckle.rulesets.matchmatch.sheet import load_wrestler

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


# -- strategies ----------------------------------------------------------------------------------
_SIGNED = re.compile(r"(?:(?<=^)|(?<=[\s,:;•]))([+-])\s*([A-Za-z]+(?:[ \-][A-Za-z]+)*)")
_GRID = re.compile(r"\bgrid\b\s*:?\s*\"?([A-Ca-c](?:\s*[/,&]?\s*(?:and\s+)?[1-3])?|[1-3](?:\s*[/,&]?\s*[A-Ca-c])?)\b",
                   re.IGNORECASE)
_COND = re.compile(
    r"if\s+i\s+(?:have\s*n[o']?t|haven'?t|havent)\s+used\s+(?:all\s+)?(?:of\s+)?(?:my\s+)?"
    r"(specials?|high[\s-]?spots?)\s+by\s+round\s+(\d+)(.*)$",
    re.IGNORECASE,
)


def _style_prefix(text: str) -> str | None:
    words = re.split(r"\s+", text.strip())
    for n in (2, 1):
        if len(words) >= n:
            found = find_style(" ".join(words[:n]))
            if found is not None:
                return found
    return None


@dataclass
class _Row:
    spec: str
    target: str
    kind: str
    notes: list[str]


def _split_row(line: str) -> _Row | None:
    """``<round> <target> <type> <notes>`` where target and type may be two or three words."""
    words = line.split()
    if len(words) < 3:
        return None
    try:
        parse_round_spec(words[0])
    except RulesError:
        return None
    rest = words[1:]
    for tn in (2, 1):
        if len(rest) < tn + 1 or find_target(" ".join(rest[:tn])) is None:
            continue
        after = rest[tn:]
        for kn in (3, 2, 1):
            if len(after) >= kn and find_round_type(" ".join(after[:kn])) is not None:
                return _Row(words[0], " ".join(rest[:tn]), " ".join(after[:kn]), [" ".join(after[kn:])])
    return None


def parse_strategy_text(text: str, label: str) -> Strategy:
    """A strategy in the rulebook's layout: a line with the '+'/'-' styles and the grid pick
    ('Strategy: +Power +Weight -Technical, Grid B', or bullet lines), then round rows under
    'Round Target Type Notes', optionally grouped under style headings ('Brawling:'), and
    conditionals ('If I have not used my High Spots by round 12, use one on Power')."""
    plus: list[str] = []
    minus: list[str] = []
    grid: str | None = None
    rounds: list[ActionData] = []
    by_style: dict[str, list[ActionData]] = {}
    conditionals: list[ConditionalData] = []
    problems: list[str] = []
    section: str | None = None
    rows: list[tuple[str | None, _Row]] = []
    current: _Row | None = None
    for raw in text.splitlines():
        line = _clean(raw)
        if not line:
            continue
        cond = _COND.search(line)
        if cond:
            current = None
            resource, by_round, tail = cond.group(1), int(cond.group(2)), cond.group(3)
            is_spot = "spot" in resource.lower()
            kind = "high_spot" if is_spot else "finisher"
            target = STAMINA
            words = tail.replace(",", " ").replace("!", " ").replace(".", " ").split()
            for i in range(len(words)):
                for n in (2, 1):
                    chunk = " ".join(words[i:i + n])
                    found = find_round_type(chunk)
                    if found is not None and (is_spot or found != "high_spot") and chunk.lower() != "special":
                        kind = found
            for i, w in enumerate(words):
                if w.lower() in ("on", "at", "against", "targeting") and i + 1 < len(words):
                    t = find_target(" ".join(words[i + 1:i + 3])) or find_target(words[i + 1])
                    if t is not None:
                        target = t
            conditionals.append(ConditionalData(unused="high_spots" if is_spot else "specials",
                                                by_round=by_round, type=kind, target=target, notes=line))
            continue
        if re.match(r"^round\b", line, re.IGNORECASE):
            current = None
            continue
        heading = line.rstrip(":").strip()
        if line.endswith(":") and find_style(heading) is not None:
            section = find_style(heading)
            current = None
            continue
        row = _split_row(line)
        if row is not None:
            current = row
            rows.append((section, row))
            continue
        # Style picks and the grid pick live on their own lines: 'Strategy: ...', '+X, +Y', '-Z',
        # 'Grid C'; a sign inside a round's notes is only prose.
        lead = re.match(r"^(strategy\b|grid\b|[+-]\s*[A-Za-z])", line, re.IGNORECASE)
        header = lead is not None
        signed = _SIGNED.findall(line) if header else []
        took = False
        for sign, body in signed:
            style_text = re.split(r"[,;]|\bgrid\b", body, flags=re.IGNORECASE)[0]
            style = _style_prefix(style_text)
            if style is None:
                if lead is not None and not lead.group(1).lower().startswith("grid") and style_text.split():
                    problems.append(f"'{sign}{style_text.split()[0]}' is not a style; use "
                                    f"{', '.join(title(x) for x in STYLES)} (or Te, Po, MA, Br, HF, We, Ch, Tw)")
                continue
            (plus if sign == "+" else minus).append(style)
            took = True
        g = _GRID.search(line) if header else None
        if g:
            grid = g.group(1)
            took = True
        elif header and (bad := re.search(r"\bgrid\b\s*:?\s*(\S+)", line, re.IGNORECASE)):
            try:
                parse_grid_pick(bad.group(1))
            except RulesError as exc:
                problems.append(str(exc))
        if took:
            current = None
            continue
        if current is not None and raw[:1] in (" ", "\t"):
            current.notes.append(line)
            continue
        if current is not None:
            current.notes.append(line)
    for sec, row in rows:
        data = ActionData(round=row.spec, target=row.target, type=row.kind,
                          notes=" ".join(n for n in row.notes if n).strip())
        if sec is None:
            rounds.append(data)
        else:
            by_style.setdefault(sec, []).append(data)
    if not plus and not minus and not problems:
        problems.append("no '+' and '-' styles found; write e.g. 'Strategy: +Power +Weight -Technical, Grid B'")
    if len(minus) != 1 and not problems:
        problems.append(f"a strategy names exactly one '-' style, found {len(minus)}")
    if problems:
        raise StrategyError(f"{label}: " + "; ".join(problems))
    return build_strategy(plus, minus[0], grid, rounds, by_style, conditionals, label, source=text)


def format_strategy_text(s: Strategy) -> str:
    """The rulebook's Part VI layout: the style line, then one row per entry."""
    picks = [p for p in (s.grid_column, str(s.grid_row) if s.grid_row else None) if p]
    grid = f", Grid {'/'.join(picks)}" if picks else ""
    out = [f"Strategy:+{title(s.plus[0])} +{title(s.plus[1])} -{title(s.minus)}{grid}"]

    def table(entries: tuple[object, ...]) -> None:
        out.append("Round\tTarget\tType\t\tNotes:")
        for e in entries:
            from turnbuckle.rulesets.matchmatch.strategy import Entry

            if isinstance(e, Entry):
                notes = e.action.notes
                out.append(f"{e.rounds.text()}\t{title(e.action.target)}\t{type_title(e.action.kind)}\t\t{notes}")

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
