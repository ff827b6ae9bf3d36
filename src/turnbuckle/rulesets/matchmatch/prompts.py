"""What the table is told when it rolls a MatchMatch match's set-up by hand (prompts only: nothing
here reaches a record, and a seeded match never sees it). The grid's cells are a d7, which few
tables own: the prompt says to roll a d8 and roll again on an 8 (the entry takes 1-7 only), or to
give the grid as an option instead. The referee roll lists the referee table. The command line's
table mode and the web score keeper show the same words (``Need.note``)."""

from __future__ import annotations

from collections.abc import Sequence

from turnbuckle.rulesets.matchmatch.referees import Referee


def grid_note(faces: int) -> str:
    """For a grid cell's d``faces`` (7): the dice people own, and the organiser's way out."""
    bigger = 8 if faces == 7 else faces
    dice = f"No d{faces}? Roll a d{bigger} and roll again on an {bigger}: enter only 1-{faces}. " if faces == 7 else ""
    return (f"{dice}Or stop here and let the organiser type the whole grid: -o grid='Po Te Br / We MA HF / "
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
