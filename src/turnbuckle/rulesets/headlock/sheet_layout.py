"""A Headlock character as the rulebook prints its samples: the name, ATK, DEF, SPD, STA and RES,
the strikes and grapples by power (1, 3, 5, 7) and the special; the blank card to write from; and
a character rolled up on the dice (``build.roll_character``) with each roll to show beside it."""

from __future__ import annotations

from typing import Any

from turnbuckle.core.events import Json, Roll, to_json_value
from turnbuckle.core.facets import GameSheets, RolledSheet, SheetEditor, SheetSection, shown_value
from turnbuckle.core.table import Table
from turnbuckle.rulesets.headlock.build import roll_character
from turnbuckle.rulesets.headlock.sheet import STAT_DICE, character_json

POWERS = ("1", "3", "5", "7")


def _move(value: object) -> str:
    if isinstance(value, dict):
        name, kind = value.get("name", ""), value.get("kind")
        return f"{name} ({kind})" if kind and kind != "grapple" else str(name)
    return shown_value(value)


def _moves(body: dict[str, Any], key: str) -> tuple[tuple[str, str], ...]:
    given = body.get(key)
    moves = {str(k): v for k, v in given.items()} if isinstance(given, dict) else {}
    return tuple((f"Power {p}", _move(moves.get(p, "\u2014"))) for p in POWERS)


def sheet_sections(sheet: Json) -> list[SheetSection]:
    if not isinstance(sheet, dict):
        return [SheetSection("", (("Sheet", shown_value(sheet)),))]
    stats = tuple((key.upper(), shown_value(sheet.get(key))) for key in STAT_DICE)
    special = sheet.get("special")
    tail: list[tuple[str, str]] = [("Special", _move(special) if special else "\u2014")]
    if sheet.get("notes"):
        tail.append(("Notes", str(sheet["notes"])))
    return [SheetSection("", (("Name", str(sheet.get("name", ""))), *stats)),
            SheetSection("Strikes", _moves(sheet, "strikes")), SheetSection("Grapples", _moves(sheet, "grapples")),
            SheetSection("", tuple(tail))]


def blank_sheet() -> Json:
    """Every stat at 1, every move and the special to name."""
    return {"name": "", **dict.fromkeys(STAT_DICE, 1), "strikes": dict.fromkeys(POWERS, ""),
            "grapples": dict.fromkeys(POWERS, ""), "special": {"name": "", "kind": "grapple"}, "notes": ""}


def rolled_sheet(table: Table) -> RolledSheet:
    """A character rolled as ``turnbuckle build headlock --roll`` rolls one, and its rolls."""
    start = len(table.log.events)
    character = roll_character(table)
    rolls = tuple(f"{e.purpose if e.dice.removeprefix('1') in e.purpose else f'{e.purpose} ({e.dice})'}: {e.total}"
                  for e in table.log.events[start:] if isinstance(e, Roll))
    return RolledSheet(to_json_value(character_json(character)), rolls)


#: The character sheet: laid out, blank, or rolled up on the dice.
SHEETS: SheetEditor = GameSheets(view=sheet_sections, blank=blank_sheet, roll=rolled_sheet)
