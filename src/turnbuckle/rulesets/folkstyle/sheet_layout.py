"""A folkstyle wrestler's card as the game prints one: a move list for each position (neutral, top,
bottom), each die face with its move, base and effect; and the blank card to write from."""

from __future__ import annotations

from turnbuckle.core.errors import Broken
from turnbuckle.core.events import Json
from turnbuckle.core.facets import GameSheets, SheetEditor, SheetSection, shown_value
from turnbuckle.rulesets.folkstyle.card import ALLOWED, FACES, POSITIONS


def _face(move: object) -> str:
    if not isinstance(move, dict):
        return shown_value(move)
    line = f"{move.get('name', '')} ({move.get('base', '?')}, {move.get('effect', '?')}"
    if move.get("scramble") is not None:
        line += f", scramble {move['scramble']}"
    return line + ")"


def sheet_sections(sheet: Json) -> list[SheetSection]:
    if not isinstance(sheet, dict):
        return [SheetSection("", (("Sheet", shown_value(sheet)),))]
    head = [("Name", str(sheet.get("name", "")))]
    if sheet.get("nickname"):
        head.append(("Nickname", str(sheet["nickname"])))
    sections = [SheetSection("", tuple(head))]
    for position in POSITIONS:
        given = sheet.get(position)
        moves = {str(k): v for k, v in given.items()} if isinstance(given, dict) else {}
        sections.append(SheetSection(position.capitalize(),
                                     tuple((str(f), _face(moves.get(str(f), "\u2014"))) for f in FACES)))
    if sheet.get("notes"):
        sections.append(SheetSection("", (("Notes", str(sheet["notes"])),)))
    return sections


def blank_sheet() -> Json:
    """Six unnamed moves in each position, base 0, each a stalemate (an effect every position allows)."""
    if not (all("stalemate" in effects for effects in ALLOWED.values())):
        raise Broken("every position must allow the stalemate effect a blank move has")
    return {"name": "", "nickname": "", "notes": "",
            **{p: {str(f): {"name": "", "base": 0, "effect": "stalemate"} for f in FACES} for p in POSITIONS}}


#: The wrestler's card: laid out, or blank.
SHEETS: SheetEditor = GameSheets(view=sheet_sections, blank=blank_sheet)
