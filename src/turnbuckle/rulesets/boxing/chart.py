"""A bout's course as a chart: each fighter's HP by turn, each round's start marked."""

from __future__ import annotations

from turnbuckle.core.chart import Chart, Track, as_int, happenings, numbers
from turnbuckle.core.match import MatchRecord

#: Turns in a boxing round (the rulebook's three exchanges).
TURNS = 3


def chart(record: MatchRecord) -> Chart:
    track = Track(list(record.names))
    ticks: list[tuple[float, str]] = []
    last = 0.0
    for e in happenings(record):
        d = e.data
        if e.type == "round_start":
            last = (as_int(d["round"]) - 1) * TURNS
            ticks.append((last, f"R{as_int(d['round'])}"))
            track.now.update(numbers(d["hp"]))
        elif e.type in ("clinch", "interval", "final_interval", "decision"):
            if e.type in ("interval", "final_interval"):
                last = as_int(d["round"]) * TURNS
            elif "turn" in d:
                last = (as_int(d["round"]) - 1) * TURNS + as_int(d["turn"])
            track.now.update(numbers(d["hp"]))
        elif e.type == "punch":
            last = (as_int(d["round"]) - 1) * TURNS + as_int(d["turn"])
            track.now[str(d["defender"])] = as_int(d["hp_after"])
        elif e.type in ("knockdown", "getup", "tko"):
            last = (as_int(d["round"]) - 1) * TURNS + as_int(d["turn"])
            track.now[str(d["fighter"])] = as_int(d["hp"])
        else:
            continue
        track.mark(last)
    return Chart("HP by turn", "turns (R = round start)", "HP", track.lines(), ticks, kind=record.ruleset)
