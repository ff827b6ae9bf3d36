"""What a Headlock wrestler sees at the table: the turn, everyone's HP, who is legal, and their own
card of this turn; never another wrestler's card or move before the reveal."""

from __future__ import annotations

from collections.abc import Sequence

from turnbuckle.core.cards import parse_card
from turnbuckle.core.events import Choice, Draw, Event, Happening
from turnbuckle.core.facets import TableView
from turnbuckle.core.step import hide_until


def _secret(event: Event) -> bool:
    """A card drawn, and the move picked on it, stay face down until both are revealed."""
    return isinstance(event, Draw) or (isinstance(event, Choice) and " move on " in event.purpose)


def _reveals(event: Event) -> bool:
    return isinstance(event, Happening) and event.type == "reveal"


def hidden(events: Sequence[Event], viewer: str | None) -> set[int]:
    return hide_until(events, viewer, _secret, _reveals)


def board(names: Sequence[str], events: Sequence[Event], viewer: str | None) -> list[str]:
    """The turn, each wrestler's HP (legal wrestlers marked in a tag match), and the viewer's card."""
    hp: dict[str, object] = {}
    legal: list[str] = []
    turns: object = "?"
    turn: object = None
    mine: list[str] = []
    for e in events:
        if isinstance(e, Draw) and e.side == viewer:
            mine.append(e.card)
        if not isinstance(e, Happening):
            continue
        d = e.data
        if e.type == "match_start":
            hp.update({str(k): v for k, v in dict(d["wrestlers"]).items()})  # type: ignore[arg-type]
            turns = d["turns"]
        elif e.type == "turn":
            turn = d["turn"]
            legal = [str(n) for n in d["legal"]] if isinstance(d["legal"], list) else []
            mine = []
        elif e.type == "tag":
            legal = [str(d["into"]) if n == d["out"] else n for n in legal]
        elif e.type in ("hit", "hold"):
            hp[str(d["defender"])] = d["hp"]
    lines = [] if turn is None else [f"Turn {turn} of {turns}"]
    tag = len(names) == 4
    for name in names:
        if name in hp:
            mark = " (legal)" if tag and name in legal else ""
            lines.append(f"{name}{mark}: HP {hp[name]}")
    if viewer is not None and mine:
        lines.append(f"{viewer}'s card: " + ", ".join(f"{c} ({parse_card(c).name})" for c in mine))
    return lines


class HeadlockTable(TableView):
    """Each side's secret picks hidden until they are shown, and the board."""

    def hidden(self, events: Sequence[Event], viewer: str | None) -> set[int]:
        return hidden(events, viewer)

    def board(self, names: Sequence[str], events: Sequence[Event], viewer: str | None) -> list[str]:
        return board(names, events, viewer)
