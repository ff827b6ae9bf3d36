"""MatchMatch's sheet editor and written-strategies facets (``core/facets.py``): the sheet as
form fields and its points against the budget, the grid as a table, a strategy's choices, a
strategy given in named parts written as the rulebook's text layout (and a reader's problem sent
back to its part), and a sent strategy read back into those parts."""

from __future__ import annotations

from collections.abc import Mapping

from turnbuckle.core.errors import RulesError
from turnbuckle.core.facets import GameSheets, SheetEditor, WrittenStrategies
from turnbuckle.core.inputs import parse_yaml
from turnbuckle.core.modelbase import ValidationError
from turnbuckle.core.page_hooks import SheetField, SheetForm, SheetPoints, StrategyChoices, StrategyDraft
from turnbuckle.rulesets.matchmatch.grid import parse_grid
from turnbuckle.rulesets.matchmatch.rounds import TYPE_TITLES, type_title
from turnbuckle.rulesets.matchmatch.sheet import BUDGET, Wrestler, sheet_cost
from turnbuckle.rulesets.matchmatch.sheet_layout import blank_sheet, sheet_sections
from turnbuckle.rulesets.matchmatch.side import load_strategy_document
from turnbuckle.rulesets.matchmatch.styles import GRID_STYLES, STAMINA, STYLES, title


def sheet_form() -> SheetForm:
    """Name, nickname and Stamina; the eight styles; the eight defenses; High Spots, Ref Slack and
    notes. A style or defense at 0 is left out of the sheet, and so are defenses left empty."""
    fields = [SheetField("name", "Name", False), SheetField("nickname", "Nickname", False),
              SheetField("stamina", "Stamina")]
    fields += [SheetField(f"styles.{s}", title(s), starts="Styles" if i == 0 else None) for i, s in enumerate(STYLES)]
    fields += [SheetField(f"defenses.{s}", title(s), starts="Defenses" if i == 0 else None)
               for i, s in enumerate(STYLES)]
    fields += [SheetField("high_spots", "High Spots", starts=""), SheetField("ref_slack", "Ref Slack"),
               SheetField("notes", "Notes", False, starts="")]
    return SheetForm(tuple(fields), wrapper="wrestler", sparse=("styles", "defenses"), optional=("defenses",))


def sheet_points(text: str) -> SheetPoints | None:
    """The sheet's cost against the budget, once its numbers read (a wrestler's sheet, bare or
    under ``wrestler:``); None before that."""
    try:
        data = parse_yaml(text, "sheet")
    except RulesError:
        return None
    body = data.get("wrestler", data) if isinstance(data, dict) else None
    if not isinstance(body, dict):
        return None
    try:
        wrestler = Wrestler.model_validate(body)
    except (ValidationError, ValueError, TypeError):
        return None
    return SheetPoints(sheet_cost(wrestler), BUDGET)


def grid_table(text: str) -> list[tuple[str, list[str]]] | None:
    """A grid's text (``Po Te Br / We MA HF / Br MA Ch``) as its three rows, each with its label
    (1-3) and its styles' full names under columns A-C; None for a grid that does not read."""
    try:
        grid = parse_grid(text)
    except RulesError:
        return None
    return [(str(i), [title(x) for x in row]) for i, row in enumerate(grid.rows, start=1)]


#: The grid pick each axis makes (``league.services.sides.grid_axis``: named first, second, later).
GRID_PICKS = (("column", ("A", "B", "C")), ("row", ("1", "2", "3")), ("none", ()))
#: What the strategy page tells a side about its grid pick, by its axis.
AXIS_TEXT = (("column", "You are named first: pick a column, A–C."),
             ("row", "You are named second: pick a row, 1–3."),
             ("none", "You are named third or later: you make no grid pick (leave the grid out)."))
#: What a conditional may wait on: the form's key and the rulebook's words.
RESOURCES = (("specials", "Specials"), ("high_spots", "High Spots"))


def strategy_choices() -> StrategyChoices:
    """The grid styles a plan may favour or shun, Stamina or a style as a target, the action types;
    the grid picks by axis; what a conditional may wait on."""
    return StrategyChoices(tuple(title(x) for x in GRID_STYLES), ("Stamina", *(title(x) for x in STYLES)),
                           tuple(TYPE_TITLES.values()), GRID_PICKS, AXIS_TEXT, RESOURCES)


def strategy_from_form(values: Mapping[str, str], rows: int, conditionals: int) -> StrategyDraft:
    """The form in the rulebook's layout: the style line (with the grid pick), a header, one line
    per filled round row, one per conditional (``WrittenStrategies.strategy_from_form``). A problem's
    field (``core.problems.Problem``: ``round 4``, ``conditional 1``, ``grid``) names the form's field
    in ``round_fields``."""

    def get(name: str) -> str:
        return values.get(name, "").strip()

    plus = [get("plus1"), get("plus2")]
    minus = get("minus")
    style_line = "Strategy: " + " ".join(f"+{p}" for p in plus if p) + (f" -{minus}" if minus else "")
    if get("grid"):
        style_line += f", Grid {get('grid')}"
    lines = [style_line, "Round\tTarget\tType\tNotes"]
    draft = StrategyDraft("", {1: "plus1"}, {"grid": "grid"})
    for i in range(1, rows + 1):
        target, kind = get(f"target{i}"), get(f"type{i}")
        if not (target or kind):
            continue
        label = get(f"round{i}") or str(i)
        notes = " ".join(get(f"notes{i}").split())
        lines.append(f"{label}\t{target or 'Stamina'}\t{kind or 'Normal'}\t{notes}".rstrip())
        draft.line_fields[len(lines)] = f"row{i}"
        draft.round_fields.setdefault(f"round {label}", f"row{i}")
    words = dict(RESOURCES)
    for j in range(1, conditionals + 1):
        by = get(f"cond_round{j}")
        if not by:
            continue
        what = words.get(get(f"cond_unused{j}"), "Specials")
        kind = get(f"cond_type{j}") or ("Finisher" if what == "Specials" else "High Spot")
        target = get(f"cond_target{j}") or "Stamina"
        lines.append(f"If I haven't used my {what} by round {by}, use a {kind} on {target}")
        draft.line_fields[len(lines)] = f"cond{j}"
        draft.round_fields[f"conditional {j}"] = f"cond{j}"
    return StrategyDraft("\n".join(lines) + "\n", draft.line_fields, draft.round_fields)


def strategy_form_values(text: str, rows: int, conditionals: int) -> dict[str, str] | None:
    """A sent strategy read back into its named parts (``WrittenStrategies.strategy_form_values``); None
    when the form cannot hold it (by-style sections, more rows or conditionals than it has) or it
    no longer reads."""
    try:
        plan = load_strategy_document(text, "strategy")
    except RulesError:
        return None
    if plan.by_style or len(plan.rounds) > rows or len(plan.conditionals) > conditionals:
        return None

    def target(style: str) -> str:
        return "Stamina" if style == STAMINA else title(style)

    out = {"plus1": title(plan.plus[0]), "plus2": title(plan.plus[1]), "minus": title(plan.minus),
           "grid": plan.grid_column or (str(plan.grid_row) if plan.grid_row else "")}
    for i in range(1, rows + 1):
        out[f"round{i}"] = str(i)
    # Each round on its own row when every entry is one round (the usual plan); otherwise in the
    # order written, which is the order the reader weighs ranges in.
    exact = [e.rounds.first for e in plan.rounds if e.rounds.exact]
    by_round = len(exact) == len(plan.rounds) == len(set(exact)) and all(k <= rows for k in exact)
    for n, e in enumerate(plan.rounds, start=1):
        i = e.rounds.first if by_round else n
        out.update({f"round{i}": e.rounds.text(), f"target{i}": target(e.action.target),
                    f"type{i}": type_title(e.action.kind), f"notes{i}": e.action.notes})
    for j, c in enumerate(plan.conditionals, start=1):
        out.update({f"cond_unused{j}": c.resource, f"cond_round{j}": str(c.by_round),
                    f"cond_type{j}": type_title(c.action.kind), f"cond_target{j}": target(c.action.target)})
    return out


#: The wrestler's sheet: laid out, blank, as form fields, and its cost as it is typed.
SHEETS: SheetEditor = GameSheets(view=sheet_sections, blank=blank_sheet, form=sheet_form, points=sheet_points)


class MatchMatchStrategies(WrittenStrategies):
    """The written strategy each side sends for each match, and the grid it picks on."""

    def strategy_choices(self) -> StrategyChoices:
        return strategy_choices()

    def strategy_from_form(self, values: Mapping[str, str], rows: int, conditionals: int) -> StrategyDraft:
        return strategy_from_form(values, rows, conditionals)

    def strategy_form_values(self, text: str, rows: int, conditionals: int) -> dict[str, str] | None:
        return strategy_form_values(text, rows, conditionals)

    def grid_table(self, grid: str) -> list[tuple[str, list[str]]] | None:
        return grid_table(grid)
