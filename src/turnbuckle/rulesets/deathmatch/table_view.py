"""What a Deathmatch player sees at the table: the round and every standing figure's HP, by army;
never another player's rock-paper-scissors throw before their own is made."""

from __future__ import annotations

from collections.abc import Sequence

from turnbuckle.core.events import Choice, Event, Happening, Roll
from turnbuckle.core.facets import TableView
from turnbuckle.core.step import hide_until
from turnbuckle.rulesets.deathmatch.initiative import THROWS


def _secret(event: Event) -> bool:
    return isinstance(event, Choice) and event.options == THROWS


def _reveals(event: Event) -> bool:
    """The next roll (the automatic player's throw, a coin) or the tie's outcome shows the throws."""
    return isinstance(event, (Roll, Happening))


def hidden(events: Sequence[Event], viewer: str | None) -> set[int]:
    return hide_until(events, viewer, _secret, _reveals)


def board(names: Sequence[str], events: Sequence[Event], viewer: str | None) -> list[str]:
    """The round, and per army its standing figures with their HP (and how many have fallen)."""
    figures: dict[str, tuple[str, str]] = {}  # tag -> (player, label)
    hp: dict[str, int] = {}
    where = ""
    for e in events:
        if not isinstance(e, Happening):
            continue
        d = e.data
        if e.type == "battle_start" and isinstance(d["figures"], list):
            for f in d["figures"]:
                if isinstance(f, dict):
                    tag = str(f["tag"])
                    figures[tag] = (str(f["player"]), f"{tag} {f['name']}")
                    hp[tag] = int(str(f["hp"]))
        elif e.type == "round_start":
            where = f"Round {d['round']}"
        elif e.type == "attack":
            hp[str(d["defender"])] = int(str(d["hp_after"]))
    lines = [where] if where else []
    for name in names:
        mine = [tag for tag, (player, _) in figures.items() if player == name]
        if not mine:
            continue
        standing = [f"{figures[t][1]} HP {hp[t]}" for t in mine if hp[t] > 0]
        fallen = len(mine) - len(standing)
        lines.append(f"{name}: " + (", ".join(standing) or "no figures standing")
                     + (f" ({fallen} fallen)" if fallen else ""))
    return lines


class DeathmatchTable(TableView):
    """Each side's secret picks hidden until they are shown, and the board."""

    def hidden(self, events: Sequence[Event], viewer: str | None) -> set[int]:
        return hidden(events, viewer)

    def board(self, names: Sequence[str], events: Sequence[Event], viewer: str | None) -> list[str]:
        return board(names, events, viewer)
