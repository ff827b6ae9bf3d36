"""A Deathmatch army as the game's record sheet lists it: one row per figure with HP, SPD, ATK, DEF
and its power rating (Runt, Grunt, Fiend), then the army's power; and the blank army to write from."""

from __future__ import annotations

from functools import partial

from turnbuckle.core.errors import RulesError
from turnbuckle.core.events import Json
from turnbuckle.core.facets import GameSheets, SheetEditor, SheetSection, shown_value
from turnbuckle.core.inputs import parse_yaml
from turnbuckle.core.page_hooks import SheetPoints
from turnbuckle.rulesets.deathmatch.figures import HP_MIN, RATINGS, STAT_MIN, load_army


def _figure(fig: object) -> tuple[str, str]:
    if not isinstance(fig, dict):
        return ("Figure", shown_value(fig))
    power = fig.get("power")
    rating = RATINGS.get(power, "?") if isinstance(power, int) else "?"
    return (str(fig.get("name", "")), f"HP {fig.get('hp')}, SPD {fig.get('spd')}, ATK {fig.get('atk')}, "
                                      f"DEF {fig.get('def')}, {rating} (power {power})")


def sheet_sections(sheet: Json) -> list[SheetSection]:
    if not isinstance(sheet, dict):
        return [SheetSection("", (("Sheet", shown_value(sheet)),))]
    figures = sheet.get("figures")
    figs = figures if isinstance(figures, list) else []
    total = sum(p for f in figs if isinstance(f, dict) and isinstance(p := f.get("power"), int))
    tail = [("Power", str(total))] + ([("Notes", str(sheet["notes"]))] if sheet.get("notes") else [])
    return [SheetSection("", (("Name", str(sheet.get("name", ""))),)),
            SheetSection("Figures", tuple(_figure(f) for f in figs)), SheetSection("", tuple(tail))]


def blank_sheet() -> Json:
    """One unnamed Runt with every number at its least."""
    return {"name": "", "figures": [{"name": "", "hp": HP_MIN, "spd": STAT_MIN, "atk": STAT_MIN,
                                     "def": STAT_MIN, "power": 1}], "notes": ""}


def army_points(text: str, cap: int) -> SheetPoints | None:
    """The army's power against ``cap``, once the army reads."""
    try:
        army = load_army(parse_yaml(text, "sheet"), "sheet")
    except (RulesError, ValueError, TypeError):
        return None
    return SheetPoints(army.power, cap, "power")


def sheets(cap: int) -> SheetEditor:
    """The army list: laid out, blank, and its power against ``cap`` (the default cap) as it is typed."""
    return GameSheets(view=sheet_sections, blank=blank_sheet, points=partial(army_points, cap=cap))
