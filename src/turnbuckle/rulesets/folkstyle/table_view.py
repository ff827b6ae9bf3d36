"""What the wrestlers see at the table: who is Red and Green, the score, the period and who is on top."""

from __future__ import annotations

from collections.abc import Sequence

from turnbuckle.core.events import Event, Happening


def board(names: Sequence[str], events: Sequence[Event], viewer: str | None) -> list[str]:
    colours = ""
    score: object = "0-0"
    period = ""
    position: object = None
    for e in events:
        if not isinstance(e, Happening):
            continue
        d = e.data
        if "score" in d:
            score = d["score"]
        if e.type == "colours":
            colours = f"Red {d['red']}, Green {d['green']}"
        elif e.type == "period_start":
            period = f"Period {d['label']}"
            position = d["position"]
        elif e.type == "turn":
            period = f"Period {d['label']}, after turn {d['turn']}"
            position = d["position_after"]
    lines = [colours] if colours else []
    if colours:
        lines.append(f"Score (Red-Green): {score}")
    if period:
        lines.append(period + (f"; position: {position}" if position else ""))
    return lines
