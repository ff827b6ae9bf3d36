"""A boxer's sheet: 15 points over Power, Speed and Toughness (1 to 10 each), and 40 HP."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from turnbuckle.core.errors import SheetError
from turnbuckle.core.models import load_model

BUDGET = 15
STAT_MIN, STAT_MAX = 1, 10
START_HP = 40
STATS = ("power", "speed", "toughness")


class Fighter(BaseModel):
    """A fighter as written in YAML. Values are checked by :func:`load_fighter`.

    Abilities are strict whole numbers: YAML ``true``, ``"5"`` or ``5.0`` is a mistake to report,
    never a value to guess at (``true`` would otherwise pass as a Speed of 1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=60)
    power: int = Field(strict=True)
    speed: int = Field(strict=True)
    toughness: int = Field(strict=True)
    nickname: str = ""
    notes: str = ""

    @property
    def spent(self) -> int:
        return self.power + self.speed + self.toughness


def fighter_problems(f: Fighter) -> list[str]:
    """Every rule the sheet breaks (an empty list for a legal sheet)."""
    problems = []
    if not f.name.strip():
        problems.append("name is blank; give the fighter a name")
    elif len(f.name.splitlines()) > 1:
        problems.append(f"name {f.name!r} must be one line")
    for stat in STATS:
        value = getattr(f, stat)
        if not STAT_MIN <= value <= STAT_MAX:
            problems.append(f"{stat} is {value}; each ability must be {STAT_MIN} to {STAT_MAX}")
    if f.spent != BUDGET:
        word = "over" if f.spent > BUDGET else "under"
        problems.append(
            f"power + speed + toughness = {f.spent}, {word} the budget: spend exactly {BUDGET} points"
        )
    return problems


def load_fighter(data: object, label: str) -> Fighter:
    """A legal fighter from parsed YAML, or a SheetError naming every problem."""
    fighter = load_model(Fighter, data, label)
    problems = fighter_problems(fighter)
    if problems:
        raise SheetError(label, problems)
    return fighter
