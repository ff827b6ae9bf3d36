"""The 3x3 grid of styles: the first side picks a column A-C, the second a row 1-3."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from turnbuckle.core.errors import RulesError
from turnbuckle.core.table import Table
from turnbuckle.rulesets.matchmatch.prompts import grid_note
from turnbuckle.rulesets.matchmatch.styles import GRID_STYLES, abbreviation, find_style, title

COLUMNS = ("A", "B", "C")


@dataclass(frozen=True)
class Grid:
    """``rows[r][c]``: the style at row ``r + 1``, column ``COLUMNS[c]``."""

    rows: tuple[tuple[str, str, str], tuple[str, str, str], tuple[str, str, str]]

    def at(self, column: str, row: int) -> str:
        return self.rows[row - 1][COLUMNS.index(column)]

    def column(self, column: str) -> tuple[str, str, str]:
        c = COLUMNS.index(column)
        return (self.rows[0][c], self.rows[1][c], self.rows[2][c])

    def row(self, row: int) -> tuple[str, str, str]:
        return self.rows[row - 1]

    def text(self) -> str:
        return " / ".join(" ".join(abbreviation(s) for s in r) for r in self.rows)

    def lines(self) -> list[str]:
        out = ["\tA\tB\tC"]
        out += [f"{i}\t" + "\t".join(abbreviation(s) for s in r) for i, r in enumerate(self.rows, start=1)]
        return out


def parse_grid(text: str) -> Grid:
    """Nine styles, row by row: ``Po Te Br / We MA HF / Br MA Ch`` (any separators)."""
    words = [w for w in re.split(r"[\s,;/|]+", text.strip()) if w]
    if len(words) != 9:
        raise RulesError(f"grid '{text}': give 9 styles, row by row, e.g. 'Po Te Br / We MA HF / Br MA Ch'")
    styles = []
    for w in words:
        s = find_style(w)
        if s is None or s not in GRID_STYLES:
            raise RulesError(f"grid '{text}': '{w}' is not one of the seven grid styles (Teamwork is never on it)")
        styles.append(s)
    return Grid(((styles[0], styles[1], styles[2]), (styles[3], styles[4], styles[5]),
                 (styles[6], styles[7], styles[8])))


#: The die a table rolls for a grid cell's d7: a d8, an 8 rolled again (as a style list longer than
#: a d6 is rolled on the next standard die). The cell is logged as the d7 it stands for.
CELL_DIE = 8


def _cell_note() -> str:
    """What a grid cell's prompt says (the same for every cell)."""
    return grid_note(len(GRID_STYLES), CELL_DIE)


def roll_grid(table: Table) -> Grid:
    """Nine cells, each one of the seven non-Teamwork styles (repeats allowed), from the table."""
    cells = []
    for r in range(1, 4):
        for c in COLUMNS:
            face = table.roll(1, len(GRID_STYLES), f"grid cell {c}{r}", meaning=[title(s) for s in GRID_STYLES],
                              note=_cell_note, die=CELL_DIE).total
            cells.append(GRID_STYLES[face - 1])
    return Grid(((cells[0], cells[1], cells[2]), (cells[3], cells[4], cells[5]), (cells[6], cells[7], cells[8])))


def agreed_grid(given: str, printed: Sequence[tuple[str, Grid]]) -> Grid | None:
    """The match's grid when it is known before the table rolls one: the organiser's (option
    ``grid``), else the one printed in the sides' strategies (``printed``: each side's name and the
    grid its strategy was written for). A strategy written for another grid is an error, since its
    column or row pick would mean another style."""
    grid = parse_grid(given) if given else None
    for name, g in printed:
        if grid is None:
            grid = g
        elif g != grid:
            source = "this match's grid" if given else "another side's strategy"
            raise RulesError(f"{name}'s strategy was written for the grid '{g.text()}', but {source} is "
                             f"'{grid.text()}'; give the strategy the match's grid, or leave the grid out of it")
    return grid
