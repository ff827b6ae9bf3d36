"""A boxer's sheet: 15 points over Power, Speed and Toughness (1 to 10 each), and 40 HP."""

from __future__ import annotations

from collections.abc import Mapping

from turnbuckle.core.errors import SheetError
from turnbuckle.core.modelbase import BaseModel, ConfigDict
from turnbuckle.core.models import Name, Nickname, StrictInt, load_model

BUDGET = 15
STAT_MIN, STAT_MAX = 1, 10
START_HP = 40
STATS = ("power", "speed", "toughness")


class Fighter(BaseModel):
    """A fighter as written in YAML. Values are checked by :func:`load_fighter`.

    Abilities are strict whole numbers: YAML ``true``, ``"5"`` or ``5.0`` is a mistake to report,
    never a value to guess at (``true`` would otherwise pass as a Speed of 1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name
    power: StrictInt
    speed: StrictInt
    toughness: StrictInt
    nickname: Nickname = ""
    notes: str = ""


def fighter_problems(f: Fighter) -> list[str]:
    """Every rule the sheet breaks (an empty list for a legal sheet)."""
    return rule_problems(f.model_dump())


def rule_problems(data: Mapping[str, object]) -> list[str]:
    """The game's own rules, checked on whatever fields are readable, so a sheet with a typo in
    one field still hears about its budget. The budget is checked only when all three are numbers.
    (The name's own rules are the shared ``Name`` type's.)"""
    problems = []
    numbers = {stat: v for stat in STATS
               if isinstance(v := data.get(stat), int) and not isinstance(v, bool)}
    for stat, value in numbers.items():
        if not STAT_MIN <= value <= STAT_MAX:
            problems.append(f"{stat} is {value}; each ability must be {STAT_MIN} to {STAT_MAX}")
    if len(numbers) == len(STATS):
        spent = sum(numbers.values())
        if spent != BUDGET:
            word = "over" if spent > BUDGET else "under"
            problems.append(
                f"power + speed + toughness = {spent}, {word} the budget: spend exactly {BUDGET} points"
            )
    return problems


def load_fighter(data: object, label: str) -> Fighter:
    """A legal fighter from parsed YAML, or a SheetError naming every problem."""
    try:
        fighter = load_model(Fighter, data, label)
    except SheetError as exc:
        if isinstance(data, dict):
            raise SheetError(label, exc.problems + rule_problems(data)) from None
        raise
    problems = fighter_problems(fighter)
    if problems:
        raise SheetError(label, problems)
    return fighter
