"""A bout's course as a chart: each wrestler's score by turn, each period's start marked."""

from __future__ import annotations

from turnbuckle.core.chart import Chart, Track, happenings
from turnbuckle.core.events import Json
from turnbuckle.core.match import MatchRecord


def _score(text: Json) -> tuple[int, int] | None:
    parts = str(text).split("-")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        return None
    return int(parts[0]), int(parts[1])


def chart(record: MatchRecord) -> Chart:
    red, green = "Red", "Green"
    track = Track([])
    ticks: list[tuple[float, str]] = []
    x = 0
    for e in happenings(record):
        d = e.data
        if e.type == "colours":
            red, green = f"Red ({d['red']})", f"Green ({d['green']})"
            track = Track([red, green])
            continue
        if e.type == "period_start":
            ticks.append((float(x), f"P{d['label']}"))
        elif e.type == "turn":
            x += 1
        elif e.type not in ("riding_time", "overtime", "period_end", "match_end"):
            continue
        score = _score(d.get("score", ""))
        if score is not None:
            track.now = {red: score[0], green: score[1]}
            track.mark(x)
    return Chart("Score by turn (P = period start)", "turns", "points", track.lines(), ticks, kind=record.ruleset)
