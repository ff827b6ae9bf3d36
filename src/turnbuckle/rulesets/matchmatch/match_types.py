"""Match types (Cage, Strap, Scaffold...) as data: a bundled YAML file a league can extend."""

from __future__ import annotations

from functools import cache
from importlib import resources

from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.core.inputs import parse_yaml
from turnbuckle.core.modelbase import BaseModel, ConfigDict, Field, field_validator
from turnbuckle.core.models import load_model
from turnbuckle.rulesets.matchmatch.rounds import DEFAULT_INJURY_THRESHOLD, SPECIALS
from turnbuckle.rulesets.matchmatch.styles import STYLES, find_style

#: Methods that end a match without a won victory check: never a match type's finish.
NOT_A_FINISH = ("dq", "double dq", "double count-out", "draw")


def _styles(values: list[str]) -> list[str]:
    out = []
    for v in values:
        found = find_style(v)
        if found is None:
            raise ValueError(f"'{v}' is not a style; use one of {', '.join(STYLES)}")
        out.append(found)
    return out


class MatchType(BaseModel):
    """The variables of a specialty match (the rulebook lists them); defaults are a standard match."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    description: str = ""
    styles_added: list[str] = []  # noqa: RUF012 (a model field: each value gets its own copy)
    styles_halved: list[str] = []  # noqa: RUF012 (a model field: each value gets its own copy)
    dq_threshold_change: int = 0
    injury_threshold: int = Field(default=DEFAULT_INJURY_THRESHOLD, ge=1)
    injury_chance: int = 0
    pin_modifier: int = 0
    damage_modifier: int = 0
    forbidden_specials: list[str] = []  # noqa: RUF012 (a model field: each value gets its own copy)
    #: From rules 1.3: the method of every won victory check in this type, whatever the round type
    #: ("escape", "four corners", "ten count"); empty keeps pinfall, submission and count-out.
    finish: str = Field(default="", max_length=40)

    @field_validator("finish")
    @classmethod
    def _check_finish(cls, v: str) -> str:
        text = " ".join(v.lower().split())
        if text in NOT_A_FINISH:
            raise ValueError(f"'{v}' is not a victory-check finish; it ends a match without one (use a word such "
                             "as 'escape', or leave finish out for pinfall, submission and count-out)")
        return text

    @field_validator("styles_added", "styles_halved")
    @classmethod
    def _check_styles(cls, v: list[str]) -> list[str]:
        return _styles(v)

    @field_validator("forbidden_specials")
    @classmethod
    def _check_specials(cls, v: list[str]) -> list[str]:
        out: list[str] = []
        for item in v:
            key = item.strip().lower().replace(" ", "_").replace("-", "_")
            if key not in SPECIALS:
                raise ValueError(f"'{item}' is not a Special; use one of {', '.join(SPECIALS)}")
            out.append(key)
        return out


def load_match_types(text: str, label: str = "match types") -> dict[str, MatchType]:
    """Match types from YAML: a mapping of id -> fields."""
    data = parse_yaml(text, label)
    if not isinstance(data, dict):
        raise SheetError(label, ["expected a mapping of match type ids to their fields"])
    return {str(k).lower(): load_model(MatchType, v, f"{label}: {k}") for k, v in data.items()}


@cache
def bundled_types() -> dict[str, MatchType]:
    folder = resources.files("turnbuckle.rulesets.matchmatch") / "data"
    return load_match_types((folder / "match_types.yaml").read_text(encoding="utf-8"), "bundled match types")


def find_type(type_id: str, extra: dict[str, MatchType] | None = None) -> MatchType:
    types = {**bundled_types(), **(extra or {})}
    key = type_id.strip().lower()
    if key in types:
        return types[key]
    raise RulesError(f"no match type '{type_id}'; the types are {', '.join(sorted(types))}")
