"""A written strategy's form on its way to the game and back: the fields written as the game's text
(``WrittenStrategies.strategy_from_form``), each problem the game found put back beside the field it is
about (by its line, else by the part it names: ``core.problems.Problem``), and a sent strategy read
back into the fields (``WrittenStrategies.strategy_form_values``). The rules and the text layout stay in the
game; this only moves values between the form and the game."""

from __future__ import annotations

from turnbuckle.core.page_hooks import StrategyDraft
from turnbuckle.core.problems import Problem
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.forms import FORM, Form

MAX_ROWS = 30
MAX_CONDITIONALS = 3

#: The text the fields make, and which field each of its lines came from.
Layout = StrategyDraft


def compose(ruleset: str, form: Form, rows: int) -> Layout:
    """The form's fields written as the game's text for ``rows`` round rows and the form's
    conditionals (empty for a game without the form)."""
    values = {name: form.text(name) for name in form.values}
    written = get_ruleset(ruleset).written_strategies()
    return written.strategy_from_form(values, rows, MAX_CONDITIONALS) if written is not None else Layout("")


def place(form: Form, problem: Problem, layout: Layout) -> None:
    """Put a problem beside the field it is about: the field its line came from (the line's number
    left out), else the field of the part it names (a round, a conditional, the grid pick), else
    the whole form."""
    if problem.line is not None and problem.line in layout.line_fields:
        form.add(layout.line_fields[problem.line], problem.message)
        return
    field = layout.round_fields.get(problem.field) if problem.field is not None else None
    form.add(field or FORM, str(problem))


def fields_from(ruleset: str, text: str, rows: int) -> dict[str, str] | None:
    """A sent strategy read back into the form's fields by the game's own reader
    (``WrittenStrategies.strategy_form_values``), so a player changes their latest rather than starting
    again; None when the form cannot hold it (by-style sections, more rows than the form has) or
    it no longer reads."""
    written = get_ruleset(ruleset).written_strategies()
    return written.strategy_form_values(text, rows, MAX_CONDITIONALS) if written is not None else None
