"""A match's course as a chart: each wrestler's HP by turn."""

from __future__ import annotations

from turnbuckle.core.chart import Chart, Track, as_int, happenings, numbers
from turnbuckle.core.match import MatchRecord


def chart(record: MatchRecord) -> Chart:
    track = Track(list(record.names))
    last = 0
    for e in happenings(record):
        d = e.data
        if e.type == "match_start":
            track.now.update(numbers(d["wrestlers"]))
            track.mark(0)
        elif e.type == "turn":
            track.now.update(numbers(d["hp"]))
            track.mark(as_int(d["turn"]) - 1)
            last = as_int(d["turn"])
        elif e.type in ("hit", "hold"):
            track.now[str(d["defender"])] = as_int(d["hp"])
    track.mark(last)
    return Chart("HP by turn", "turns", "HP", track.lines(), kind=record.ruleset)
