"""A Headlock character: five rolled stats, four strikes and four grapples at powers 1/3/5/7, a special.

The sheet in YAML::

    name: The Rhino
    atk: 15          # d20
    def: 16          # d20
    spd: 7           # d20
    sta: 11          # d12 (HP = 10 x STA)
    res: 6           # d6
    strikes: {1: Gut kick, 3: Haymaker, 5: Clothesline, 7: Big boot}
    grapples:
      1: Facebreaker
      3: {name: Crossface, kind: submission}
      5: {name: Sleeper hold, kind: choke}
      7: Power bomb
    special: {name: Chokeslam, kind: grapple}

A grapple is written as a bare name (a normal grapple) or as ``{name, kind}`` with ``kind`` one
of ``grapple``, ``submission`` or ``choke`` (a choke is a submission that the choke rule can end by
passing out). A special's kind is ``strike``, ``grapple``, ``submission`` or ``choke``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from turnbuckle.core.modelbase import BaseModel, ConfigDict, Field, field_validator
from turnbuckle.core.models import Name, Nickname, StrictInt, hidden_characters, load_model

POWERS = (1, 3, 5, 7)
_POWER_OF_CODE = {str(p): p for p in POWERS}
#: Each stat with the die it is rolled on: the legal range is 1 to the die's size.
STAT_DICE: dict[str, int] = {"atk": 20, "def": 20, "spd": 20, "sta": 12, "res": 6}
HP_PER_STA = 10

MoveName = Annotated[str, Field(min_length=1, max_length=60)]
GrappleKind = Literal["grapple", "submission", "choke"]
SpecialKind = Literal["strike", "grapple", "submission", "choke"]
MoveKind = Literal["strike", "grapple", "submission", "choke"]


class GrappleEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name
    kind: GrappleKind = "grapple"


class SpecialEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name
    kind: SpecialKind


@dataclass(frozen=True)
class Move:
    """One move as the engine sees it. ``power`` is 0 for the special (it adds 20 instead)."""

    code: str  # s1..s7, g1..g7, or "special"
    name: str
    kind: MoveKind
    power: StrictInt
    special: bool = False

    @property
    def is_submission(self) -> bool:
        return self.kind in ("submission", "choke")

    @property
    def is_choke(self) -> bool:
        return self.kind == "choke"


class Character(BaseModel):
    """A character as written in YAML. Rule checks are in :func:`character_problems`."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=False)

    name: Name
    atk: StrictInt
    defense: StrictInt = Field(alias="def")
    spd: StrictInt
    sta: StrictInt
    res: StrictInt
    strikes: dict[int, MoveName]
    grapples: dict[int, GrappleEntry]
    special: SpecialEntry
    nickname: Nickname = ""
    notes: str = ""

    @field_validator("grapples", mode="before")
    @classmethod
    def _bare_names(cls, value: object) -> object:
        """A bare name is an ordinary grapple."""
        if isinstance(value, dict):
            return {k: {"name": v} if isinstance(v, str) else v for k, v in value.items()}
        return value

    @property
    def hp(self) -> int:
        """Starting HP: ten times STA."""
        return HP_PER_STA * self.sta

    def stat(self, key: str) -> int:
        return self.defense if key == "def" else int(getattr(self, key))

    def strike(self, power: int) -> Move:
        return Move(f"s{power}", self.strikes[power], "strike", power)

    def grapple(self, power: int) -> Move:
        entry = self.grapples[power]
        return Move(f"g{power}", entry.name, entry.kind, power)

    def special_move(self) -> Move:
        return Move("special", self.special.name, self.special.kind, 0, special=True)

    def moves(self) -> list[Move]:
        """The eight ordinary moves: strikes by power, then grapples by power."""
        return [self.strike(p) for p in POWERS] + [self.grapple(p) for p in POWERS]

    def move(self, code: str) -> Move:
        """The ordinary move with this code (``s1`` ... ``g7``)."""
        power = _POWER_OF_CODE.get(code[1:])
        if power is None or code[:1] not in ("s", "g"):
            raise KeyError(code)
        return self.strike(power) if code[0] == "s" else self.grapple(power)


def _power_problems(what: str, table: dict[int, object]) -> list[str]:
    keys = set(table)
    if keys == set(POWERS):
        return []
    missing = [str(p) for p in POWERS if p not in keys]
    extra = [str(k) for k in sorted(keys) if k not in POWERS]
    parts = []
    if missing:
        parts.append(f"missing power {', '.join(missing)}")
    if extra:
        parts.append(f"power {', '.join(extra)} is not allowed")
    return [f"{what}: {'; '.join(parts)}; give exactly one {what[:-1]} at each of the powers 1, 3, 5 and 7"]


def character_problems(c: Character) -> list[str]:
    """Every rule the sheet breaks (an empty list for a legal sheet)."""
    problems = []
    for key, die in STAT_DICE.items():
        value = c.stat(key)
        if not 1 <= value <= die:
            problems.append(f"{key} is {value}; {key} is rolled on a d{die}, so it must be 1 to {die}")
    problems += _power_problems("strikes", dict(c.strikes))
    problems += _power_problems("grapples", dict(c.grapples))
    for what, table in (("strikes", c.strikes), ("grapples", c.grapples)):
        for power, entry in table.items():
            name = entry if isinstance(entry, str) else entry.name
            if not name.strip():
                problems.append(f"{what} {power}: the name is blank; give the move a name")
            elif why := hidden_characters(name):
                problems.append(f"{what} {power}: the name {why}")
    return problems


def load_character(data: object, label: str) -> Character:
    """A legal character from parsed YAML, or a SheetError naming every problem."""
    return load_model(Character, data, label, character_problems)


def character_json(c: Character) -> dict[str, object]:
    """The sheet as plain data in the YAML layout (loads back with :func:`load_character`)."""
    grapples: dict[int, object] = {}
    for power in POWERS:
        entry = c.grapples[power]
        if entry.kind == "grapple":
            grapples[power] = entry.name
        else:
            grapples[power] = {"name": entry.name, "kind": entry.kind}
    data: dict[str, object] = {"name": c.name}
    if c.nickname:
        data["nickname"] = c.nickname
    data.update({"atk": c.atk, "def": c.defense, "spd": c.spd, "sta": c.sta, "res": c.res,
                 "strikes": {p: c.strikes[p] for p in POWERS}, "grapples": grapples,
                 "special": {"name": c.special.name, "kind": c.special.kind}})
    if c.notes:
        data["notes"] = c.notes
    return data
