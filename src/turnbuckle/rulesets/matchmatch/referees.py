"""Referees (optional rule VII.1) as bundled data, and choosing one by name or by a 2d6 roll."""

from __future__ import annotations

from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field

from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.core.inputs import parse_yaml
from turnbuckle.core.models import load_model


class Referee(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    type: str = ""
    roll: tuple[int, int]
    dq_threshold: int = Field(ge=2)


def load_referees(text: str, label: str = "referees") -> tuple[Referee, ...]:
    """Referees from YAML (a list of mappings); the 2d6 ranges must cover 2..12 without overlap."""
    data = parse_yaml(text, label)
    if not isinstance(data, list):
        raise SheetError(label, ["expected a list of referees"])
    refs = tuple(load_model(Referee, item, f"{label}[{i}]") for i, item in enumerate(data))
    covered: dict[int, str] = {}
    problems = []
    for ref in refs:
        lo, hi = ref.roll
        for n in range(lo, hi + 1):
            if n in covered:
                problems.append(f"roll {n} is given to both {covered[n]} and {ref.name}")
            covered[n] = ref.name
    missing = [n for n in range(2, 13) if n not in covered]
    if missing:
        problems.append(f"no referee for the 2d6 roll(s) {missing}")
    if problems:
        raise SheetError(label, problems)
    return refs


@cache
def referees() -> tuple[Referee, ...]:
    text = (resources.files("turnbuckle.rulesets.matchmatch") / "data" / "referees.yaml").read_text(encoding="utf-8")
    return load_referees(text, "bundled referees")


def find_referee(name: str) -> Referee:
    """A bundled referee by full name or any one of its words (``atan``, ``Zero Tolerance``)."""
    key = name.strip().lower().replace(".", "")
    for ref in referees():
        full = ref.name.lower()
        if key == full or key in full.split() or key == full.replace(" ", "-"):
            return ref
    names = ", ".join(r.name for r in referees())
    raise RulesError(f"no referee named '{name}'; the referees are {names}, or use 'roll'")


def referee_for_roll(total: int) -> Referee:
    for ref in referees():
        if ref.roll[0] <= total <= ref.roll[1]:
            return ref
    raise RulesError(f"no referee for a roll of {total}")
