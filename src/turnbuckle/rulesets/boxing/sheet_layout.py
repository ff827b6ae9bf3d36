"""A boxer's card as the boxing rules print one: the name and nickname, then Power, Speed and
Toughness (15 points among them); and the blank card to write from."""

from __future__ import annotations

from turnbuckle.core.events import Json
from turnbuckle.core.registry import SheetSection, shown_value
from turnbuckle.rulesets.boxing.sheet import STAT_MIN, STATS


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
