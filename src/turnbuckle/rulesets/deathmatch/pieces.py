"""A figure in play: its card, who owns it, its place on the table and its HP now."""

from __future__ import annotations

from dataclasses import dataclass

from turnbuckle.core.events import Json
from turnbuckle.rulesets.deathmatch.figures import Figure

SEAT_LETTERS = "ABCD"


def tag_for(seat: int, position: int) -> str:
    """A figure's tag: its player's letter and its place in the army, ``B3`` for the third figure
    of the second player. Tags are what a human types to choose a target.

    >>> tag_for(1, 2)
    'B3'
    """
    return f"{SEAT_LETTERS[seat]}{position + 1}"


@dataclass
class Piece:
    tag: str
    name: str
    seat: int
    player: str
    max_hp: int
    spd: int
    atk: int
    defence: int
    power: int
    hp: int = 0

    @classmethod
    def from_figure(cls, fig: Figure, seat: int, position: int, player: str) -> Piece:
        return cls(tag_for(seat, position), fig.name, seat, player, fig.hp, fig.spd, fig.atk,
                   fig.defence, fig.power, fig.hp)

    @property
    def alive(self) -> bool:
        return self.hp > 0

    @property
    def label(self) -> str:
        """``B3 Ash Wyrm``: the tag and the name, for purposes and prompts."""
        return f"{self.tag} {self.name}"

    def to_json(self) -> dict[str, Json]:
        return {"tag": self.tag, "name": self.name, "player": self.player, "hp": self.max_hp,
                "spd": self.spd, "atk": self.atk, "def": self.defence, "power": self.power}
