"""A match's course as a chart: each wrestler's Stamina by round, each round's style noted below."""

from __future__ import annotations

from turnbuckle.core.chart import Chart, Track, as_int, happenings, numbers
from turnbuckle.core.match import MatchRecord


def style_short(style: str) -> str:
    """A style's short note under the axis: the initials of a two-word style, else its first two letters."""
    words = style.split("_")
    return "".join(w[0] for w in words).upper() if len(words) > 1 else style[:2].title()


def chart(record: MatchRecord) -> Chart:
    track = Track(list(record.names))
    notes: list[tuple[float, str, str]] = []
    last = 0
    for e in happenings(record):
        d = e.data
        if e.type == "round_start":
            last = as_int(d["round"])
            track.now.update(numbers(d["stamina"]))
            track.mark(last - 1)
            style = str(d["style"])
            notes.append((last - 0.5, style_short(style), f"round {last}: {style.replace('_', ' ')}"))
        elif e.type == "damage" and str(d["side"]) in track.now:
            track.now[str(d["side"])] = as_int(d["stamina"])
        elif e.type == "time_limit":
            last = as_int(d["rounds"])
            track.now.update(numbers(d["stamina"]))
    track.mark(last)
    step = 1 if last <= 20 else 5
    ticks: list[tuple[float, str]] = [(float(r), str(r)) for r in range(0, last + 1, step)]
    return Chart("Stamina by round (round styles below)", "rounds", "Stamina", track.lines(), ticks, notes,
                 kind=record.ruleset)
