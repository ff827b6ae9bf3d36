"""A boxer's card as the boxing rules print one: the name and nickname, then Power, Speed and
Toughness (15 points among them); the blank card to write from; the card as form fields and its
points left as it is typed."""

from __future__ import annotations

from turnbuckle.core.errors import RulesError
from turnbuckle.core.events import Json
from turnbuckle.core.facets import GameSheets, SheetEditor, SheetSection, shown_value
from turnbuckle.core.inputs import parse_yaml
from turnbuckle.core.page_hooks import SheetField, SheetForm, SheetPoints
from turnbuckle.rulesets.boxing.sheet import BUDGET, STAT_MIN, STATS


def sheet_sections(sheet: Json) -> list[SheetSection]:
    if not isinstance(sheet, dict):
        return [SheetSection("", (("Sheet", shown_value(sheet)),))]
    head = [("Name", str(sheet.get("name", "")))]
    if sheet.get("nickname"):
        head.append(("Nickname", str(sheet["nickname"])))
    sections = [SheetSection("", tuple(head)),
                SheetSection("Abilities", tuple((s.capitalize(), shown_value(sheet.get(s))) for s in STATS))]
    if sheet.get("notes"):
        sections.append(SheetSection("", (("Notes", str(sheet["notes"])),)))
    return sections


def blank_sheet() -> Json:
    """Every ability at its least: the rest of the 15 points to spend."""
    return {"name": "", "nickname": "", **dict.fromkeys(STATS, STAT_MIN), "notes": ""}


def sheet_form() -> SheetForm:
    """Name and nickname, the three abilities, notes on a row of their own."""
    return SheetForm((SheetField("name", "Name", False), SheetField("nickname", "Nickname", False),
                      *(SheetField(s, s.capitalize()) for s in STATS), SheetField("notes", "Notes", False, starts="")))


def sheet_points(text: str) -> SheetPoints | None:
    """The three abilities against their 15 points, once each is a whole number."""
    try:
        data = parse_yaml(text, "sheet")
    except RulesError:
        return None
    if not isinstance(data, dict):
        return None
    values = [data.get(s) for s in STATS]
    numbers = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    if len(numbers) != len(STATS):
        return None
    return SheetPoints(sum(numbers), BUDGET)


#: The boxer's card: laid out, blank, as form fields, and its points as it is typed.
SHEETS: SheetEditor = GameSheets(view=sheet_sections, blank=blank_sheet, form=sheet_form, points=sheet_points)
