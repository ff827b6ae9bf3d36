"""A match's course as lines to draw (``Ruleset.chart``): each game reads its own record's events
into a :class:`Chart`; the web draws it (``web/public/charts_svg.py``). No drawing here, and no rules: a
chart only reads the events the engine logged."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from turnbuckle.core.events import Happening, Json
from turnbuckle.core.match import MatchRecord


@dataclass
class Series:
    """One line: ``name`` and its points ``(x, y)`` in drawing order."""

    name: str
    points: list[tuple[float, float]] = field(default_factory=list)

    @property
    def final(self) -> float | None:
        return self.points[-1][1] if self.points else None


@dataclass
class Chart:
    """A chart to draw: ``ticks`` label places on the x axis, ``notes`` are small labels drawn under
    the axis at an x (MatchMatch's round styles), each with a longer tooltip; ``kind`` names the
    chart for the page (its game's id)."""

    title: str
    x_label: str
    y_label: str
    series: list[Series]
    ticks: list[tuple[float, str]] = field(default_factory=list)
    notes: list[tuple[float, str, str]] = field(default_factory=list)
    kind: str = ""


def happenings(record: MatchRecord) -> Iterator[Happening]:
    """The record's events that happened in the match (not the rolls behind them)."""
    return (e for e in record.events if isinstance(e, Happening))


def as_int(value: Json) -> int:
    """A number from an event's data; a TypeError for anything else (the chart is then left out)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"expected a number, got {value!r}")
    return int(value)


def numbers(value: Json) -> dict[str, int]:
    """An event's mapping of names to numbers (each side's HP, say)."""
    if not isinstance(value, Mapping):
        raise TypeError(f"expected an object, got {value!r}")
    return {str(k): as_int(v) for k, v in value.items()}


class Track:
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
