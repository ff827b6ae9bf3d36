"""Exact odds of one folkstyle exchange (one turn), by enumerating the dice over the rule functions.

From each position (neutral, the first wrestler on top, the second on top) every one of the 6**5
equally likely ways to roll a turn (two move dice, two quality dice, the follow-up die) is put
through ``exchange.resolve`` and the follow-up's ``settle``: the chance of each result, of each
points pair, of a pin by either wrestler and of each position after the turn, and the expected
points. The first wrestler is Red. Stalling is not part of one exchange (it needs three turns).

All values are exact ``Fraction``s; tests check them against icepool.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.folkstyle.card import Card
from turnbuckle.sim.folkstyle.tables import TOPS, WAYS, turn_outcome


@dataclass(frozen=True)
class Exchange:
    """One turn from ``top`` (None: neutral) between two cards (Red, Green)."""

    top: int | None
    results: dict[str, Fraction]  # "Red takedown", "tie: no change", ...
    points: dict[tuple[int, int], Fraction]  # (Red, Green) points scored
    after: dict[str, Fraction]  # "neutral", "Red top", "Green top"
    pin: tuple[Fraction, Fraction]
    mean_points: tuple[Fraction, Fraction]


def _position(top: int | None, names: Sequence[str]) -> str:
    return "neutral" if top is None else f"{names[top]} top"


def _label(kind: str, by: int | None, names: Sequence[str]) -> str:
    """An outcome for people, named after the wrestler it happened to. A lost scramble is the
    scrambler's: ``by`` is then the opponent, who comes out on top (``Tess scramble lost:
    Brick takedown``)."""
    if by is None:
        return kind
    lost = "scramble lost"
    if kind.startswith(lost):
        change = kind[len(lost):].removeprefix(": ")
        after = change if change == "no change" else f"{names[by]} {change}"
        return f"{names[1 - by]} {lost}: {after}"
    return f"{names[by]} {kind}"


def exchange(cards: tuple[Card, Card], top: int | None, names: Sequence[str] = ("Red", "Green")) -> Exchange:
    """The exact distribution of one turn from ``top``."""
    one = Fraction(1, WAYS)
    results: dict[str, Fraction] = {}
    points: dict[tuple[int, int], Fraction] = {}
    after: dict[str, Fraction] = {}
    pin = [Fraction(0), Fraction(0)]
    mean = [Fraction(0), Fraction(0)]
    for u in range(WAYS):
        outcome, _ = turn_outcome(cards, top, u)
        label = _label(outcome.kind, outcome.by, names)
        results[label] = results.get(label, Fraction(0)) + one
        points[outcome.points] = points.get(outcome.points, Fraction(0)) + one
        where = _position(outcome.top, names)
        after[where] = after.get(where, Fraction(0)) + one
        if outcome.pin and outcome.by is not None:
            pin[outcome.by] += one
        mean[0] += one * outcome.points[0]
        mean[1] += one * outcome.points[1]
    return Exchange(top, dict(sorted(results.items(), key=lambda kv: (-kv[1], kv[0]))),
                    dict(sorted(points.items())), after, (pin[0], pin[1]), (mean[0], mean[1]))


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:6.2f}%"


def exchange_tables(sides: Sequence[Any], names: Sequence[str],
                    options: Mapping[str, OptionValue]) -> tuple[dict[str, Any], str]:
    """Exact odds of one turn from each position for a folkstyle matchup (JSON data and text)."""
    cards = (cast(Card, sides[0]), cast(Card, sides[1]))
    data: dict[str, Any] = {"sides": list(names), "positions": []}
    lines = [f"One turn of {names[0]} (as Red) against {names[1]} (as Green), from each position:"]
    for top in TOPS:
        ex = exchange(cards, top, names)
        where = _position(top, names)
        data["positions"].append({
            "position": where,
            "results": {k: str(v) for k, v in ex.results.items()},
            "points": [{"points": list(k), "p": str(v)} for k, v in ex.points.items()],
            "after": {k: str(v) for k, v in ex.after.items()},
            "pin": [str(p) for p in ex.pin],
            "mean_points": [str(m) for m in ex.mean_points],
        })
        lines += ["", f"From {where}: mean points {names[0]} {float(ex.mean_points[0]):.3f}, "
                      f"{names[1]} {float(ex.mean_points[1]):.3f}; pin {names[0]} {_pct(ex.pin[0]).strip()}, "
                      f"{names[1]} {_pct(ex.pin[1]).strip()}"]
        lines.append("  after the turn: " + ", ".join(f"{k} {_pct(v).strip()}" for k, v in ex.after.items()))
        for label, p in ex.results.items():
            lines.append(f"  {_pct(p)}  {label}")
    lines += ["", "(exact: every face of the five dice enumerated; stalling needs three turns and is not shown)"]
    return data, "\n".join(lines) + "\n"
