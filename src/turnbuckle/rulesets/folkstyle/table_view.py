"""What the wrestlers see at the table: who is Red and Green, the score, the period and who is on
top, each colour's stalling calls, and the turns each has spent on top (the riding-time tally in
regulation; in overtime, the top time that breaks a tie)."""

from __future__ import annotations

from collections.abc import Sequence

from turnbuckle.core.events import Event, Happening
from turnbuckle.core.facets import TableView
from turnbuckle.rulesets.folkstyle.stalling import CALLS_PER_POINT

COLOURS = ("Red", "Green")


def board(names: Sequence[str], events: Sequence[Event], viewer: str | None) -> list[str]:
    colours = ""
    score: object = "0-0"
    period = ""
    position: object = None
    calls = dict.fromkeys(COLOURS, 0)
    top = dict.fromkeys(COLOURS, 0)  # turns begun on top, as the engine counts them
    riding: tuple[bool, object] = (False, 0)
    overtime = False
    for e in events:
        if not isinstance(e, Happening):
            continue
        d = e.data
        if "score" in d:
            score = d["score"]
        if e.type == "colours":
            colours = f"Red {d['red']}, Green {d['green']}"
        elif e.type == "match_start":
            riding = (bool(d.get("riding_time")), d.get("riding_threshold"))
        elif e.type == "overtime":
            overtime = True
            top = dict.fromkeys(COLOURS, 0)  # each overtime cycle's top time is its own
        elif e.type == "period_start":
            period = f"Period {d['label']}"
            position = d["position"]
        elif e.type == "turn":
            period = f"Period {d['label']}, after turn {d['turn']}"
            position = d["position_after"]
            for colour in COLOURS:
                if d["position"] == f"{colour} top":
                    top[colour] += 1
            for call in d["stalling"] if isinstance(d["stalling"], list) else []:
                if isinstance(call, dict) and call.get("colour") in calls:
                    calls[str(call["colour"])] += 1
    lines = [colours] if colours else []
    if colours:
        lines.append(f"Score (Red-Green): {score}")
    if period:
        lines.append(period + (f"; position: {position}" if position else ""))
    if colours:
        lines.append(f"Stalling calls: Red {calls['Red']}, Green {calls['Green']} (every {_nth(CALLS_PER_POINT)} "
                     "call on a wrestler gives the other a point)")
        tally = f"Red {top['Red']}, Green {top['Green']}"
        if overtime:
            lines.append(f"Top time this overtime (turns on top): {tally}; more breaks a tie after it")
        elif riding[0]:
            lines.append(f"Riding time (turns on top): {tally}; {riding[1]} or more ahead after period 3 "
                         "scores 1 point")
        else:
            lines.append(f"Turns on top: {tally} (no riding-time point in this match)")
    return lines


def _nth(n: int) -> str:
    return {1: "", 2: "second", 3: "third"}.get(n, f"{n}th")


class FolkstyleTable(TableView):
    """The board (nothing is secret)."""

    def board(self, names: Sequence[str], events: Sequence[Event], viewer: str | None) -> list[str]:
        return board(names, events, viewer)
