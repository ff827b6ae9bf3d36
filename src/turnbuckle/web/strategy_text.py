"""A written strategy's form on its way to the game and back: the fields written as the game's text
(``WrittenStrategies.strategy_from_form``), the reader's problems sorted back to the fields (or lines) they
are about (by line number here, by the game's ``strategy_problem_field`` otherwise), and a sent
strategy read back into the fields (``WrittenStrategies.strategy_form_values``). The rules and the text
layout stay in the game; this only moves values between the form and the game."""

from __future__ import annotations

import re

from turnbuckle.core.page_hooks import StrategyDraft
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.forms import FORM, Form

MAX_ROWS = 30
MAX_CONDITIONALS = 3
_LINE = re.compile(r"(?:^|[;:] )line (\d+): ")

#: The text the fields make, and which field each of its lines came from.
Layout = StrategyDraft


def compose(ruleset: str, form: Form, rows: int) -> Layout:
    """The form's fields written as the game's text for ``rows`` round rows and the form's
    conditionals (empty for a game without the form)."""
    values = {name: form.text(name) for name in form.values}
    written = get_ruleset(ruleset).written_strategies()
    return written.strategy_from_form(values, rows, MAX_CONDITIONALS) if written is not None else Layout("")


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


def place(ruleset: str, form: Form, problem: str, layout: Layout) -> None:
    """Put a problem beside the field it is about: by its line, else where the game says (a round
    by its label, a conditional, the grid pick), else with the whole form."""
    m = _LINE.match(problem)
    if m is not None and int(m.group(1)) in layout.line_fields:
        form.add(layout.line_fields[int(m.group(1))], problem[m.end():])
        return
    form.add(get_ruleset(ruleset).strategy_problem_field(problem, layout) or FORM, problem)


def fields_from(ruleset: str, text: str, rows: int) -> dict[str, str] | None:
    """A sent strategy read back into the form's fields by the game's own reader
    (``WrittenStrategies.strategy_form_values``), so a player changes their latest rather than starting
    again; None when the form cannot hold it (by-style sections, more rows than the form has) or
    it no longer reads."""
    written = get_ruleset(ruleset).written_strategies()
    return written.strategy_form_values(text, rows, MAX_CONDITIONALS) if written is not None else None
