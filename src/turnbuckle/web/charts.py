"""The course of a match as a chart, read from its record's events (docs/json-format.md).

:func:`match_chart` gives standalone SVG text: MatchMatch Stamina by round with each round's style,
boxing HP by turn, folkstyle score by turn with the periods marked, Headlock HP by turn, and the
figures each Deathmatch player has left by round. The chart only reads the events; the rules that
made them stay in the engines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.events import Happening, Json
from turnbuckle.core.match import MatchRecord
from turnbuckle.web.charts_svg import Chart, Series, draw

#: Turns in a boxing round (the rulebook's three exchanges).
BOXING_TURNS = 3


def match_chart(record: MatchRecord | Mapping[str, Any]) -> str | None:
    """The match's course as an ``<svg>`` element, or None for a game or record it cannot chart.
    ``record`` is a record or its JSON form (as the league stores it)."""
    if not isinstance(record, MatchRecord):
        try:
            record = MatchRecord.from_json(dict(record))
        except (RulesError, TypeError, ValueError):
            return None
    build = _CHARTS.get(record.ruleset)
    if build is None:
        return None
    try:
        chart = build(record)
    except (KeyError, TypeError, ValueError):  # a record whose events are not in the expected shape
        return None
    return None if chart is None else draw(chart)


def _happenings(record: MatchRecord) -> Iterator[Happening]:
    return (e for e in record.events if isinstance(e, Happening))


def _int(value: Json) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"expected a number, got {value!r}")
    return int(value)


def _numbers(value: Json) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise TypeError(f"expected an object, got {value!r}")
    return {str(k): _int(v) for k, v in value.items()}


class _Track:
    """Values by name over time: ``mark(x)`` adds a point for every name at ``x``."""

    def __init__(self, names: list[str]) -> None:
        self.now: dict[str, int] = {}
        self.series: dict[str, Series] = {n: Series(n) for n in names}

    def mark(self, x: float) -> None:
        for name, value in self.now.items():
            line = self.series.setdefault(name, Series(name))
            if line.points and line.points[-1] == (x, value):
                continue
            line.points.append((x, value))

    def lines(self) -> list[Series]:
        return [s for s in self.series.values() if s.points]


def _boxing(record: MatchRecord) -> Chart:
    track = _Track(list(record.names))
    ticks: list[tuple[float, str]] = []
    last = 0.0
    for e in _happenings(record):
        d = e.data
        if e.type == "round_start":
            last = (_int(d["round"]) - 1) * BOXING_TURNS
            ticks.append((last, f"R{_int(d['round'])}"))
            track.now.update(_numbers(d["hp"]))
        elif e.type in ("clinch", "interval", "final_interval", "decision"):
            if e.type in ("interval", "final_interval"):
                last = _int(d["round"]) * BOXING_TURNS
            elif "turn" in d:
                last = (_int(d["round"]) - 1) * BOXING_TURNS + _int(d["turn"])
            track.now.update(_numbers(d["hp"]))
        elif e.type == "punch":
            last = (_int(d["round"]) - 1) * BOXING_TURNS + _int(d["turn"])
            track.now[str(d["defender"])] = _int(d["hp_after"])
        elif e.type in ("knockdown", "getup", "tko"):
            last = (_int(d["round"]) - 1) * BOXING_TURNS + _int(d["turn"])
            track.now[str(d["fighter"])] = _int(d["hp"])
        else:
            continue
        track.mark(last)
    return Chart("HP by turn", "turns (R = round start)", "HP", track.lines(), ticks, kind="boxing")


def _style_short(style: str) -> str:
    words = style.split("_")
    return "".join(w[0] for w in words).upper() if len(words) > 1 else style[:2].title()


def _matchmatch(record: MatchRecord) -> Chart:
    track = _Track(list(record.names))
    notes: list[tuple[float, str, str]] = []
    last = 0
    for e in _happenings(record):
        d = e.data
        if e.type == "round_start":
            last = _int(d["round"])
            track.now.update(_numbers(d["stamina"]))
            track.mark(last - 1)
            style = str(d["style"])
            notes.append((last - 0.5, _style_short(style), f"round {last}: {style.replace('_', ' ')}"))
        elif e.type == "damage" and str(d["side"]) in track.now:
            track.now[str(d["side"])] = _int(d["stamina"])
        elif e.type == "time_limit":
            last = _int(d["rounds"])
            track.now.update(_numbers(d["stamina"]))
    track.mark(last)
    step = 1 if last <= 20 else 5
    ticks: list[tuple[float, str]] = [(float(r), str(r)) for r in range(0, last + 1, step)]
    return Chart("Stamina by round (round styles below)", "rounds", "Stamina", track.lines(), ticks, notes,
                 kind="matchmatch")


def _score(text: Json) -> tuple[int, int] | None:
    parts = str(text).split("-")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        return None
    return int(parts[0]), int(parts[1])


def _folkstyle(record: MatchRecord) -> Chart:
    red, green = "Red", "Green"
    track = _Track([])
    ticks: list[tuple[float, str]] = []
    x = 0
    for e in _happenings(record):
        d = e.data
        if e.type == "colours":
            red, green = f"Red ({d['red']})", f"Green ({d['green']})"
            track = _Track([red, green])
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
    return Chart("Score by turn (P = period start)", "turns", "points", track.lines(), ticks, kind="folkstyle")


def _headlock(record: MatchRecord) -> Chart:
    track = _Track(list(record.names))
    last = 0
    for e in _happenings(record):
        d = e.data
        if e.type == "match_start":
            track.now.update(_numbers(d["wrestlers"]))
            track.mark(0)
        elif e.type == "turn":
            track.now.update(_numbers(d["hp"]))
            track.mark(_int(d["turn"]) - 1)
            last = _int(d["turn"])
        elif e.type in ("hit", "hold"):
            track.now[str(d["defender"])] = _int(d["hp"])
    track.mark(last)
    return Chart("HP by turn", "turns", "HP", track.lines(), kind="headlock")


def _deathmatch(record: MatchRecord) -> Chart:
    track = _Track(list(record.names))
    owner: dict[str, str] = {}
    alive: set[str] = set()
    last = 0

    def counts() -> dict[str, int]:
        out = dict.fromkeys(track.series, 0)
        for tag in alive:
            out[owner[tag]] = out.get(owner[tag], 0) + 1
        return out

    for e in _happenings(record):
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
            last = _int(d["round"])
        elif e.type == "round_end":
            last = _int(d["round"])
            alive = {tag for tag, hp in _numbers(d["hp"]).items() if hp > 0}
            track.now = counts()
            track.mark(last)
        elif e.type == "battle_end":
            last = _int(d["round"])
    track.now = counts()
    track.mark(last)
    return Chart("Figures left by round", "rounds", "figures standing", track.lines(), kind="deathmatch")


_CHARTS: dict[str, Callable[[MatchRecord], Chart | None]] = {
    "boxing": _boxing,
    "matchmatch": _matchmatch,
    "folkstyle": _folkstyle,
    "headlock": _headlock,
    "deathmatch": _deathmatch,
}
