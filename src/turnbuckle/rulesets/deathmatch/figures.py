"""Figures, armies and the bundled bestiary.

A figure is data: name, HP, SPD, ATK, DEF and a power rating of 1 (Runt), 2 (Grunt) or 3 (Fiend).
An army is one to six figures; each entry of its ``figures`` list is either a bestiary id such as
``ash-wyrm`` or a full figure written out as a mapping.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from turnbuckle.core.errors import SheetError
from turnbuckle.core.events import Json
from turnbuckle.core.inputs import parse_yaml
from turnbuckle.core.modelbase import BaseModel, ConfigDict, Field, ValidationError, field_validator
from turnbuckle.core.models import Name, describe_validation_error, load_model, one_line_name

MIN_FIGURES, MAX_FIGURES = 1, 6
HP_MIN, HP_MAX = 1, 99
STAT_MIN, STAT_MAX = 0, 20
RATINGS = {1: "Runt", 2: "Grunt", 3: "Fiend"}
MAX_POWER = MAX_FIGURES * max(RATINGS)



class Figure(BaseModel):
    """One monster figure's card. ``def`` is spelled ``def`` in YAML (``defence`` in Python)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    name: str = Field(min_length=1, max_length=40)
    hp: int = Field(strict=True)
    spd: int = Field(strict=True)
    atk: int = Field(strict=True)
    defence: int = Field(alias="def", strict=True)
    power: int = Field(strict=True)

    _name = field_validator("name")(one_line_name)

    @property
    def rating(self) -> str:
        """Runt, Grunt or Fiend."""
        return RATINGS.get(self.power, "?")

    def to_json(self) -> dict[str, Json]:
        return {"name": self.name, "hp": self.hp, "spd": self.spd, "atk": self.atk,
                "def": self.defence, "power": self.power}


class Army(BaseModel):
    """A player's army: a name and one to six figures (bestiary ids already resolved)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name
    figures: tuple[Figure, ...]
    notes: str = ""

    @property
    def power(self) -> int:
        """The army's total power rating (what the cap limits)."""
        return sum(f.power for f in self.figures)

    def to_json(self) -> dict[str, Json]:
        data: dict[str, Json] = {"name": self.name, "figures": [f.to_json() for f in self.figures]}
        if self.notes:
            data["notes"] = self.notes
        return data


class _ArmyDoc(BaseModel):
    """An army as written by hand: figure entries are checked one by one in :func:`load_army`."""

    model_config = ConfigDict(extra="forbid")

    name: Name
    figures: list[Any]
    notes: str = ""

    _name = field_validator("name")(one_line_name)


def figure_problems(fig: Figure) -> list[str]:
    """Every range a figure's numbers break (an empty list for a legal figure)."""
    problems = []
    if not HP_MIN <= fig.hp <= HP_MAX:
        problems.append(f"hp is {fig.hp}; HP must be {HP_MIN} to {HP_MAX}")
    for stat, value in (("spd", fig.spd), ("atk", fig.atk), ("def", fig.defence)):
        if not STAT_MIN <= value <= STAT_MAX:
            problems.append(f"{stat} is {value}; SPD, ATK and DEF must be {STAT_MIN} to {STAT_MAX}")
    if fig.power not in RATINGS:
        problems.append(f"power is {fig.power}; the power rating is 1 (Runt), 2 (Grunt) or 3 (Fiend)")
    return problems


@cache
def bestiary() -> Mapping[str, Figure]:
    """The bundled bestiary: id -> figure, in the file's order."""
    text = (resources.files("turnbuckle.rulesets.deathmatch") / "bestiary.yaml").read_text(encoding="utf-8")
    return parse_bestiary(text, "bestiary.yaml")


def parse_bestiary(text: str, label: str) -> dict[str, Figure]:
    """A bestiary in the bundled file's layout (``id: {name, hp, spd, atk, def, power}``, ids in
    lower case), or a SheetError naming what is wrong."""
    data = parse_yaml(text, label)
    if not isinstance(data, dict) or not data:
        raise SheetError(label, ["expected a mapping of id: figure (name, hp, spd, atk, def, power)"])
    out: dict[str, Figure] = {}
    for key, entry in data.items():
        fig = load_model(Figure, entry, f"{label}: {key}")
        problems = figure_problems(fig)
        if problems:
            raise SheetError(f"{label}: {key}", problems)
        out[str(key).strip().lower()] = fig
    return out


def _figure_entry(entry: object, where: str) -> tuple[Figure | None, list[str]]:
    """One entry of an army's figure list: a bestiary id or a written-out figure."""
    if isinstance(entry, str):
        fig = bestiary().get(entry.strip().lower())
        if fig is None:
            return None, [f"{where}: '{entry}' is not in the bestiary; ids are: {', '.join(bestiary())}"]
        return fig, []
    if not isinstance(entry, dict):
        return None, [f"{where}: expected a bestiary id or a mapping with name, hp, spd, atk, def, power; "
                      f"got {entry!r}"]
    try:
        fig = Figure.model_validate(entry)
    except ValidationError as exc:
        return None, [f"{where}: {p}" for p in describe_validation_error(exc)]
    label = f"{where} ({fig.name})"
    return fig, [f"{label}: {p}" for p in figure_problems(fig)]


def _figures(entries: list[Any]) -> tuple[list[Figure], list[str]]:
    """The figures of an army's list, and every problem of its entries and of its size."""
    problems: list[str] = []
    figures: list[Figure] = []
    for i, entry in enumerate(entries, start=1):
        fig, found = _figure_entry(entry, f"figure {i}")
        problems += found
        if fig is not None:
            figures.append(fig)
    if not MIN_FIGURES <= len(entries) <= MAX_FIGURES:
        problems.append(f"the army has {len(entries)} figures; an army has {MIN_FIGURES} to {MAX_FIGURES}")
    return figures, problems


def load_army(data: object, label: str) -> Army:
    """A legal army from parsed YAML, or a SheetError naming every problem."""
    try:
        doc = load_model(_ArmyDoc, data, label)
    except SheetError as exc:
        entries = data.get("figures") if isinstance(data, dict) else None
        more = _figures(entries)[1] if isinstance(entries, list) else []
        raise SheetError(label, [*exc.problems, *more]) from None
    figures, problems = _figures(doc.figures)
    if problems:
        raise SheetError(label, problems)
    return Army(name=doc.name, figures=tuple(figures), notes=doc.notes)


def army_from_ids(arg: str) -> Army | None:
    """An army from a comma-separated list of bestiary ids (``ash-wyrm,gutter-imp``), or None when
    any piece is not a bestiary id. The army is named after its figures."""
    ids = [p.strip().lower() for p in arg.split(",")]
    if not all(ids) or not all(i in bestiary() for i in ids):
        return None
    figures = [bestiary()[i] for i in ids]
    counts: dict[str, int] = {}
    for f in figures:
        counts[f.name] = counts.get(f.name, 0) + 1
    name = " + ".join(n if c == 1 else f"{n} x{c}" for n, c in counts.items())
    return load_army({"name": name[:60], "figures": ids}, f"army '{arg}'")
