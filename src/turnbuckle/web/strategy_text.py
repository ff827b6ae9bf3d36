"""The MatchMatch strategy form's fields written as the rulebook's text layout, and the reader's
problems sorted back to the fields (or lines) they are about. The rules stay in the ruleset: this
only lays the fields out as lines the ruleset's own reader reads."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.forms import FORM, Form

MAX_ROWS = 30
MAX_CONDITIONALS = 3
RESOURCES = {"specials": "Specials", "high_spots": "High Spots"}
_LINE = re.compile(r"(?:^|[;:] )line (\d+): ")
_GRID = re.compile(r"\bgrid\b", re.IGNORECASE)
_WHERE = re.compile(r"^(?:[^:;]*?)\bround ([0-9A-Za-z+\-]+)(?: \(x\d+\))?: |^conditional (\d+): ")


@dataclass
class Layout:
    """The text the fields make, and which field each of its lines came from."""

    text: str
    line_fields: dict[int, str] = field(default_factory=dict)
    round_fields: dict[str, str] = field(default_factory=dict)


def compose(form: Form, rows: int) -> Layout:
    """The strategy in the rulebook's layout: the style line, a header, one line per filled round
    row, one per conditional."""
    plus = [form.text("plus1"), form.text("plus2")]
    minus = form.text("minus")
    style_line = "Strategy: " + " ".join(f"+{p}" for p in plus if p) + (f" -{minus}" if minus else "")
    if form.text("grid"):
        style_line += f", Grid {form.text('grid')}"
    lines = [style_line, "Round\tTarget\tType\tNotes"]
    layout = Layout("")
    layout.line_fields[1] = "plus1"
    for i in range(1, rows + 1):
        target, kind = form.text(f"target{i}"), form.text(f"type{i}")
        if not (target or kind):
            continue
        label = form.text(f"round{i}") or str(i)
        notes = " ".join(form.text(f"notes{i}").split())
        lines.append(f"{label}\t{target or 'Stamina'}\t{kind or 'Normal'}\t{notes}".rstrip())
        layout.line_fields[len(lines)] = f"row{i}"
        layout.round_fields.setdefault(label, f"row{i}")
    for j in range(1, MAX_CONDITIONALS + 1):
        by = form.text(f"cond_round{j}")
        if not by:
            continue
        what = RESOURCES.get(form.text(f"cond_unused{j}"), "Specials")
        kind = form.text(f"cond_type{j}") or ("Finisher" if what == "Specials" else "High Spot")
        target = form.text(f"cond_target{j}") or "Stamina"
        lines.append(f"If I haven't used my {what} by round {by}, use a {kind} on {target}")
        layout.line_fields[len(lines)] = f"cond{j}"
        layout.round_fields[f"conditional {j}"] = f"cond{j}"
    layout.text = "\n".join(lines) + "\n"
    return layout


def split_problems(message: str, problems: list[str] | None) -> list[str]:
    """Each problem on its own: a SheetError's list, or a reader's message cut at each 'line N:'."""
    if problems:
        return list(problems)
    body = message
    first = _LINE.search(body)
    if first is None:
        return [body]
    starts = [m.start() for m in _LINE.finditer(body)]
    pieces = [body[a:b].lstrip(";: ").rstrip("; ") for a, b in zip(starts, [*starts[1:], len(body)], strict=True)]
    return pieces


def place(form: Form, problem: str, layout: Layout) -> None:
    """Put a problem beside the field it is about: by its line, by its round label or conditional
    number, beside the grid pick when it is about the grid, else with the whole form."""
    m = _LINE.match(problem)
    if m is not None and int(m.group(1)) in layout.line_fields:
        form.add(layout.line_fields[int(m.group(1))], problem[m.end():])
        return
    w = _WHERE.match(problem)
    if w is not None:
        key = w.group(1) if w.group(1) is not None else f"conditional {w.group(2)}"
        if key in layout.round_fields:
            form.add(layout.round_fields[key], problem)
            return
    if _GRID.search(problem):  # the grid pick (wrong axis, a third side's pick, another grid)
        form.add("grid", problem)
        return
    form.add(FORM, problem)


def fields_from(ruleset: str, text: str, rows: int) -> dict[str, str] | None:
    """A sent strategy read back into the form's fields by the game's own reader
    (``Ruleset.strategy_form_values``), so a player changes their latest rather than starting
    again; None when the form cannot hold it (by-style sections, more rows than the form has) or
    it no longer reads."""
    return get_ruleset(ruleset).strategy_form_values(text, rows, MAX_CONDITIONALS)
