"""What a MatchMatch side sees at the table: the round and its style, each side's Stamina, style
values and injuries, its own High Spots and Specials left; never another side's picks for the
round (or its styles before the bell) until the dice show them."""

from __future__ import annotations

from collections.abc import Sequence

from turnbuckle.core.events import Choice, Event, Happening, Roll
from turnbuckle.core.facets import TableView
from turnbuckle.core.step import hide_until
from turnbuckle.rulesets.matchmatch.rounds import SPECIALS
from turnbuckle.rulesets.matchmatch.styles import title


def _secret(event: Event) -> bool:
    """A side's picks (styles, grid line, a round's type and target) and its planned action."""
    return isinstance(event, Choice) or (isinstance(event, Happening) and event.type == "action")


def _reveals(event: Event) -> bool:
    """The bell (match start) shows the styles; the first attack roll of a round shows the actions."""
    return isinstance(event, Roll) or (isinstance(event, Happening) and event.type == "match_start")


def hidden(events: Sequence[Event], viewer: str | None) -> set[int]:
    return hide_until(events, viewer, _secret, _reveals)


def board(names: Sequence[str], events: Sequence[Event], viewer: str | None) -> list[str]:
    stamina: dict[str, object] = {}
    styles: dict[str, dict[str, object]] = {}
    injuries: dict[str, object] = {}
    left: dict[str, list[int]] = {}  # side -> [High Spots left, Specials left]
    head = ""
    rounds: object = "?"
    for e in events:
        if not isinstance(e, Happening):
            continue
        d = e.data
        side = str(d.get("side"))
        if e.type == "match_start":
            rounds = d["rounds"]
            head = "Style list: " + ", ".join(f"{i} {title(str(s))}" for i, s in
                                              enumerate(list(d["style_list"]), start=1))  # type: ignore[arg-type]
        elif e.type == "side":
            stamina[side] = d["stamina"]
            styles[side] = dict(d["styles"])  # type: ignore[arg-type]
            injuries[side] = d["injuries"]
            left[side] = [int(str(d["high_spots"])), int(str(d["specials"]))]
        elif e.type == "round_start":
            head = f"Round {d['round']} of {rounds}: {title(str(d['style']))}"
        elif e.type == "action" and side in left:
            kind = d.get("round_type", d.get("type"))  # the round's type (named round_type from format 2)
            if kind == "high_spot":
                left[side][0] -= 1
            elif kind in SPECIALS:
                left[side][1] -= 1
        elif e.type == "damage":
            stamina[side] = d["stamina"]
            if d["target"] in styles.get(side, {}):
                styles[side][str(d["target"])] = d["after"]
        elif e.type == "injury_check":
            injuries[side] = d["injuries"]
    lines = [head] if head else []
    for name in names:
        if name not in stamina:
            continue
        values = ", ".join(f"{title(s)} {v}" for s, v in styles[name].items())
        lines.append(f"{name}: Stamina {stamina[name]}, injuries {injuries[name]}; {values}")
    if viewer in left:
        spots, specials = left[viewer]
        lines.append(f"{viewer} has {spots} High Spot(s) and {specials} Special(s) left")
    return lines


class MatchMatchTable(TableView):
    """Each side's secret picks hidden until they are shown, and the board."""

    def hidden(self, events: Sequence[Event], viewer: str | None) -> set[int]:
        return hidden(events, viewer)

    def board(self, names: Sequence[str], events: Sequence[Event], viewer: str | None) -> list[str]:
        return board(names, events, viewer)
