"""A battle's course as a chart: how many figures each player has standing, by round."""

from __future__ import annotations

from collections.abc import Mapping

from turnbuckle.core.chart import Chart, Track, as_int, happenings, numbers
from turnbuckle.core.match import MatchRecord


def chart(record: MatchRecord) -> Chart:
    track = Track(list(record.names))
    owner: dict[str, str] = {}
    alive: set[str] = set()
    last = 0

    def counts() -> dict[str, int]:
        out = dict.fromkeys(track.series, 0)
        for tag in alive:
            out[owner[tag]] = out.get(owner[tag], 0) + 1
        return out

    for e in happenings(record):
        d = e.data
        if e.type == "battle_start":
            figures = d["figures"]
            if not isinstance(figures, list | tuple):
                raise TypeError("figures is not a list")
            for fig in figures:
                if not isinstance(fig, Mapping):
                    raise TypeError("a figure is not an object")
                owner[str(fig["tag"])] = str(fig["player"])
            alive = set(owner)
            track.now = counts()
            track.mark(0)
        elif e.type == "killed":
            alive.discard(str(d["figure"]))
            last = as_int(d["round"])
        elif e.type == "round_end":
            last = as_int(d["round"])
            alive = {tag for tag, hp in numbers(d["hp"]).items() if hp > 0}
            track.now = counts()
            track.mark(last)
        elif e.type == "battle_end":
            last = as_int(d["round"])
    track.now = counts()
    track.mark(last)
    return Chart("Figures left by round", "rounds", "figures standing", track.lines(), kind=record.ruleset)
