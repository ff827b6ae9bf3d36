"""What the table is told when it rolls a MatchMatch match's set-up by hand (prompts only: nothing
here reaches a record, and a seeded match never sees it). A grid cell is one of seven styles: the
table rolls a d8 and rolls again on an 8 (the 8 may be entered, and picks nothing), or gives the
grid as an option instead. The referee roll lists the referee table. The command line's table
mode and the web score keeper show the same words (``Need.note``)."""

from __future__ import annotations

from collections.abc import Sequence

from turnbuckle.rulesets.matchmatch.referees import Referee


def grid_note(faces: int, die: int) -> str:
    """For a grid cell (one of ``faces`` styles, rolled on a d``die``): the die, and the organiser's way out."""
    over = f"{faces + 1}-{die} are" if die > faces + 1 else f"{'an' if die in (8, 11, 18) else 'a'} {die} is"
    again = f"Roll a d{die}; {over} rolled again (enter it, or just roll again). " if die > faces else ""
    return (f"{again}Or stop here and let the organiser type the whole grid: -o grid='Po Te Br / We MA HF / "
            "Br MA Ch' at the command line, grid=... in the keeper's options.")


def referee_note(refs: Sequence[Referee]) -> str:
    """The referee table: each 2d6 range, the referee and his DQ threshold."""
    rows = [f"{_range(r.roll)} {r.name} (DQ {r.dq_threshold})" for r in refs if r.roll is not None]
    return "Referee table (2d6): " + "; ".join(rows) + "."


def _range(roll: tuple[int, int] | None) -> str:
    if roll is None:
        return "-"
    lo, hi = roll
    return str(lo) if lo == hi else f"{lo}-{hi}"
