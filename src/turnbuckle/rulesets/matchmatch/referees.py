"""Referees (optional rule VII.1): a referee sheet (bundled, or a fedhead's own), choosing a bundled
one by name or by a 2d6 roll, and the text of the ``referee`` option that carries a sheet."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.core.inputs import parse_yaml
from turnbuckle.core.modelbase import BaseModel, ConfigDict, Field
from turnbuckle.core.models import Name, Nickname, StrictInt, load_model

#: The DQ threshold a referee sheet may set: a 2d6 check at or above it disqualifies, so 2 means
#: every illegal action is a DQ, and above 12 the first few are free (Sam Atan: 14; with Ref Slack
#: the rulebook reaches 16). At 20 eight illegal actions pass before the dice can call one.
MIN_DQ_THRESHOLD = 2
MAX_DQ_THRESHOLD = 20


class Referee(BaseModel):
    """A referee sheet: a name, a type (his character, shown to players), the DQ threshold, optional
    notes, and (bundled referees only) the 2d6 range of the referee table that assigns him."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name
    type: Nickname = ""
    roll: tuple[StrictInt, StrictInt] | None = None
    dq_threshold: StrictInt = Field(ge=MIN_DQ_THRESHOLD, le=MAX_DQ_THRESHOLD)
    notes: str = Field(default="", max_length=2000)


def load_referee(data: object, label: str = "referee") -> Referee:
    """A referee sheet from parsed data; a SheetError lists every problem."""
    return load_model(Referee, data, label)


def is_referee_sheet(text: str) -> bool:
    """Does a ``referee`` option's text hold a sheet (YAML or JSON, e.g. ``{"name": ...}``) rather
    than a bundled referee's name or ``roll``? A sheet has ``key: value`` pairs; no name has a colon."""
    return ":" in text


def referee_from_option(text: str, label: str = "the referee option") -> Referee:
    """The referee sheet an option's text holds (see ``is_referee_sheet``)."""
    return load_referee(parse_yaml(text, label), label)


def referee_option(ref: Referee) -> str:
    """The ``referee`` option's text for a referee: a bundled referee's name when the sheet is
    exactly the bundled one (records stay as they were), else the whole sheet as compact JSON
    (sorted keys) so that a record holds it and replays with no file."""
    for bundled in referees():
        if bundled == ref:
            return ref.name
    return json.dumps(ref.model_dump(mode="json", exclude_defaults=True), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)


def load_referees(text: str, label: str = "referees") -> tuple[Referee, ...]:
    """Referees from YAML (a list of mappings); the 2d6 ranges must cover 2..12 without overlap."""
    data = parse_yaml(text, label)
    if not isinstance(data, list):
        raise SheetError(label, ["expected a list of referees"])
    refs = tuple(load_model(Referee, item, f"{label}[{i}]") for i, item in enumerate(data))
    covered: dict[int, str] = {}
    problems = []
    for ref in refs:
        if ref.roll is None:
            problems.append(f"{ref.name} has no 2d6 roll range (roll: [LOW, HIGH])")
            continue
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
        if ref.roll is not None and ref.roll[0] <= total <= ref.roll[1]:
            return ref
    raise RulesError(f"no referee for a roll of {total}")
