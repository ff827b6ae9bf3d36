"""A wrestler's sheet: Stamina, eight styles, eight defenses, High Spots, Push Level, Ref Slack.

Costs (the rulings): Stamina and each style level 1 point, each defense level 2, each High Spot
3, each Ref Slack point 3 (optional rule). A new wrestler has 42 points; spending fewer is legal.
"""

from __future__ import annotations

from typing import Annotated

from turnbuckle.core.modelbase import AfterValidator, BaseModel, ConfigDict, Field
from turnbuckle.core.models import Nickname, StrictInt, load_model, one_line_name
from turnbuckle.rulesets.matchmatch.styles import STYLES, title

BUDGET = 42
STAMINA_MAX = 15
STYLE_COST = 1
STAMINA_COST = 1
DEFENSE_COST = 2
HIGH_SPOT_COST = 3
REF_SLACK_COST = 3


class Scores(BaseModel):
    """A value for each of the eight styles (used for styles and for defenses); missing means 0."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    technical: StrictInt = 0
    power: StrictInt = 0
    martial_arts: StrictInt = 0
    brawling: StrictInt = 0
    high_flying: StrictInt = 0
    weight: StrictInt = 0
    cheating: StrictInt = 0
    teamwork: StrictInt = 0

    def get(self, style: str) -> int:
        return int(getattr(self, style))

    def as_dict(self) -> dict[str, int]:
        return {s: self.get(s) for s in STYLES}


class Wrestler(BaseModel):
    """A wrestler (or a team's combined scores) as written in YAML."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Annotated[str, Field(min_length=1, max_length=80), AfterValidator(one_line_name)]
    stamina: StrictInt
    styles: Scores
    defenses: Scores = Scores()
    high_spots: StrictInt = 0
    push_level: StrictInt = 1
    ref_slack: StrictInt = 0
    injuries: StrictInt = 0
    nickname: Nickname = ""
    notes: str = ""

    @property
    def cost(self) -> int:
        return sheet_cost(self)

    @property
    def weight_class(self) -> str:
        return weight_class(self.styles.weight)


def sheet_cost(w: Wrestler) -> int:
    """Points spent: Stamina + styles at 1, defenses at 2, High Spots and Ref Slack at 3.

    Push Level and injuries are not bought, so they cost nothing.
    """
    return (
        w.stamina * STAMINA_COST
        + sum(w.styles.as_dict().values()) * STYLE_COST
        + sum(w.defenses.as_dict().values()) * DEFENSE_COST
        + w.high_spots * HIGH_SPOT_COST
        + w.ref_slack * REF_SLACK_COST
    )


def weight_class(weight: int) -> str:
    """Weight 1-3 Light-Heavyweight, 4-7 Heavyweight, 8+ Superheavyweight (0: below the classes,
    which we also call Light-Heavyweight)."""
    if weight >= 8:
        return "Superheavyweight"
    if weight >= 4:
        return "Heavyweight"
    return "Light-Heavyweight"


def wrestler_problems(w: Wrestler, budget: int = BUDGET) -> list[str]:
    """Every rule the sheet breaks (empty for a legal sheet)."""
    problems = []
    if not 0 <= w.stamina <= STAMINA_MAX:
        problems.append(f"stamina is {w.stamina}; it must be 0 to {STAMINA_MAX}")
    for kind, scores in (("style", w.styles), ("defense", w.defenses)):
        for style, value in scores.as_dict().items():
            if value < 0:
                problems.append(f"{title(style)} {kind} is {value}; it cannot be below 0")
    for field, value in (("high_spots", w.high_spots), ("ref_slack", w.ref_slack), ("injuries", w.injuries)):
        if value < 0:
            problems.append(f"{field} is {value}; it cannot be below 0")
    if w.push_level < 1:
        problems.append(f"push_level is {w.push_level}; Push Levels start at 1")
    cost = sheet_cost(w)
    if cost > budget:
        problems.append(
            f"the sheet costs {cost} points, over the budget of {budget} (Stamina and styles 1 each, "
            f"defenses 2, High Spots 3, Ref Slack 3): remove {cost - budget} point(s)"
        )
    return problems


def wrestler_warnings(w: Wrestler, budget: int = BUDGET) -> list[str]:
    """Legal but worth a word: points left unspent."""
    cost = sheet_cost(w)
    return [f"{w.name} spends {cost} of {budget} points"] if cost < budget else []


def load_wrestler(data: object, label: str) -> Wrestler:
    """A legal wrestler from parsed YAML, or a SheetError naming every problem."""
    return load_model(Wrestler, data, label, wrestler_problems)
