"""GameSheets: a sheet editor written as data, each part the game's function, the rest the plain
default; every game's editor is one, and its parts are the game's functions."""

from __future__ import annotations

import pytest

from turnbuckle.core.events import Json
from turnbuckle.core.facets import GameSheets, RolledSheet, SheetSection, plain_sheet_view
from turnbuckle.core.page_hooks import SheetPoints
from turnbuckle.core.sources import SeededSource
from turnbuckle.core.table import Table
from turnbuckle.rulesets.registry import all_rulesets


def test_a_part_left_out_is_the_plain_default() -> None:
    sheets = GameSheets()
    assert sheets.sheet_view({"name": "Ann", "power": 5}) == plain_sheet_view({"name": "Ann", "power": 5})
    assert (sheets.blank_sheet(), sheets.sheet_form(), sheets.sheet_points("power: 5")) == (None, None, None)
    assert sheets.roll_sheet(Table(SeededSource(1))) is None


def test_each_part_given_is_called() -> None:
    def view(sheet: Json) -> list[SheetSection]:
        return [SheetSection("Seen", (("it", str(sheet)),))]

    def roll(table: Table) -> RolledSheet:
        return RolledSheet({"hp": table.roll(1, 6, "HP").total}, ("HP",))

    sheets = GameSheets(view=view, blank=lambda: {"name": ""}, roll=roll,
                        points=lambda text: SheetPoints(len(text), 10))
    assert sheets.sheet_view(3) == [SheetSection("Seen", (("it", "3"),))]
    assert sheets.blank_sheet() == {"name": ""}
    rolled = sheets.roll_sheet(Table(SeededSource(1)))
    assert rolled is not None and rolled.rolls == ("HP",) and rolled.sheet in [{"hp": n} for n in range(1, 7)]
    assert sheets.sheet_points("abcd") == SheetPoints(4, 10)


@pytest.mark.parametrize("rs", all_rulesets(), ids=lambda rs: rs.info.id)
def test_every_games_editor_is_a_game_sheets_value(rs: object) -> None:
    from turnbuckle.core.registry import Ruleset

    assert isinstance(rs, Ruleset)
    editor = rs.sheet_editor()
    assert editor is None or isinstance(editor, GameSheets)
