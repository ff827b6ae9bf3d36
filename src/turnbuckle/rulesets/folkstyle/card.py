"""A BIG TCG wrestler card: for each position six moves, one per face of the d6.

Each move has a name, a base number (quality = base + a d6, so the base is at most 10 and the
quality tops out at 16) and an effect from the rulebook's vocabulary. A scramble also carries its
scramble number. The effects each position may hold are fixed here, once, for validation, the
engine and the automatic player alike.
"""

from __future__ import annotations

from typing import Annotated, Literal

from turnbuckle.core.modelbase import AfterValidator, BaseModel, ConfigDict, Field
from turnbuckle.core.models import Name, Nickname, StrictInt, load_model, one_line_name

FACES = (1, 2, 3, 4, 5, 6)
MAX_QUALITY = 16
BASE_MIN, BASE_MAX = 0, MAX_QUALITY - 6
SCRAMBLE_MIN, SCRAMBLE_MAX = 1, 6

Position = Literal["neutral", "top", "bottom"]
POSITIONS: tuple[Position, ...] = ("neutral", "top", "bottom")

Effect = Literal[
    "takedown", "near-fall", "turn", "ride", "push-away", "reversal", "escape", "no-change",
    "scramble", "defensive", "stalemate",
]
EFFECTS: tuple[Effect, ...] = (
    "takedown", "near-fall", "turn", "ride", "push-away", "reversal", "escape", "no-change",
    "scramble", "defensive", "stalemate",
)

#: Which effects a move list may hold in each position.
ALLOWED: dict[Position, frozenset[str]] = {
    "neutral": frozenset({"takedown", "scramble", "defensive", "stalemate"}),
    "top": frozenset({"near-fall", "turn", "ride", "push-away", "scramble", "defensive", "stalemate"}),
    "bottom": frozenset({"reversal", "escape", "no-change", "scramble", "defensive", "stalemate"}),
}

#: Effects whose win earns the near-fall roll (a "turn" puts the opponent's back toward the mat).
NEAR_FALL_EFFECTS = frozenset({"near-fall", "turn"})


class Move(BaseModel):
    """One face of a move list: ``{name: Single Leg, base: 10, effect: takedown}``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Annotated[str, Field(min_length=1, max_length=40), AfterValidator(one_line_name)]
    base: StrictInt  # strict: 'true' or '"8"' is a typo, not a number
    effect: Effect
    scramble: StrictInt | None = None

    def label(self) -> str:
        """``Single Leg (10)`` or ``Scramble (6, scramble 3)``."""
        if self.effect == "scramble":
            return f"{self.name} ({self.base}, scramble {self.scramble})"
        return f"{self.name} ({self.base})"


class Card(BaseModel):
    """A wrestler card as written in YAML: a name and three move lists keyed by die face 1-6."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name
    nickname: Nickname = ""
    notes: str = ""
    neutral: dict[int, Move]
    top: dict[int, Move]
    bottom: dict[int, Move]

    def moves(self, position: Position) -> dict[int, Move]:
        """The move list rolled in ``position``."""
        moves: dict[int, Move] = getattr(self, position)
        return moves

    def move(self, position: Position, face: int) -> Move:
        return self.moves(position)[face]


def card_problems(card: Card) -> list[str]:
    """Every rule the card breaks (an empty list for a legal card)."""
    problems: list[str] = []
    for position in POSITIONS:
        moves = card.moves(position)
        missing = [f for f in FACES if f not in moves]
        extra = sorted(f for f in moves if f not in FACES)
        if missing:
            problems.append(
                f"{position}: no move for face(s) {', '.join(map(str, missing))}; "
                "give one move for each face 1 to 6"
            )
        if extra:
            problems.append(
                f"{position}: face(s) {', '.join(map(str, extra))} do not exist on a d6; use faces 1 to 6"
            )
        for face in sorted(moves):
            problems += _move_problems(position, face, moves[face])
    return problems


def _move_problems(position: Position, face: int, move: Move) -> list[str]:
    where = f"{position} face {face} ({move.name})"
    out = []
    if not BASE_MIN <= move.base <= BASE_MAX:
        out.append(
            f"{where}: base {move.base} is out of range; base + a d6 must top out at {MAX_QUALITY} "
            f"at most, so use {BASE_MIN} to {BASE_MAX}"
        )
    if move.effect not in ALLOWED[position]:
        allowed = ", ".join(e for e in EFFECTS if e in ALLOWED[position])
        out.append(f"{where}: effect '{move.effect}' cannot be rolled in {position}; use one of {allowed}")
    if move.effect == "scramble":
        if move.scramble is None:
            out.append(f"{where}: a scramble needs its number, e.g. 'scramble: 3' ({SCRAMBLE_MIN} to {SCRAMBLE_MAX})")
        elif not SCRAMBLE_MIN <= move.scramble <= SCRAMBLE_MAX:
            out.append(
                f"{where}: scramble number {move.scramble} is out of range; use {SCRAMBLE_MIN} to {SCRAMBLE_MAX}"
            )
    elif move.scramble is not None:
        out.append(f"{where}: only a scramble has a scramble number; remove 'scramble: {move.scramble}'")
    return out


def load_card(data: object, label: str) -> Card:
    """A legal card from parsed YAML, or a SheetError naming every problem."""
    return load_model(Card, data, label, card_problems)


def card_json(card: Card) -> dict[str, object]:
    """The card as plain data that loads back with :func:`load_card`."""
    return card.model_dump(mode="json", exclude_defaults=False)
