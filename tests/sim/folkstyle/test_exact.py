"""Exact odds of one folkstyle exchange, checked against icepool (which states the rules afresh here)."""

from __future__ import annotations

import json
from fractions import Fraction

import icepool
import pytest
from typer.testing import CliRunner

from tests.sim.folkstyle.conftest import sample, staller
from turnbuckle.cli.app import app
from turnbuckle.rulesets.folkstyle.card import Card
from turnbuckle.sim.folkstyle.exact import exchange, exchange_tables

PAIRS: list[tuple[Card, Card]] = [
    (sample("brick-halvorsen"), sample("cal-okafor")),
    (sample("milo-sarkis"), sample("tess-varga")),
    (staller("Sam", near_fall=True), staller("Stu", escape_base=5)),
]


def _icepool_turn(cards: tuple[Card, Card], top: int | None) -> icepool.Die:
    """One turn from the rulebook's words: (Red points, Green points, pinned by, top after)."""

    def lists(side: int) -> dict[int, dict[str, object]]:
        moves = cards[side].neutral if top is None else cards[side].top if top == side else cards[side].bottom
        return {f: m.model_dump() for f, m in moves.items()}

    red_list, green_list = lists(0), lists(1)

    def turn(fr: int, fg: int, qr: int, qg: int, extra: int) -> tuple[int, int, int, int]:
        moves = (red_list[fr], green_list[fg])
        quality = (int(moves[0]["base"]) + qr, int(moves[1]["base"]) + qg)  # type: ignore[call-overload]
        eff = (moves[0]["effect"], moves[1]["effect"])
        pos = -1 if top is None else top
        pts = [0, 0]

        def comes_out_on_top(w: int) -> int:
            if pos == w:
                return pos
            pts[w] += 3 if pos == -1 else 2  # takedown from neutral, reversal from bottom
            return w

        if eff[0] == "scramble" and eff[1] == "scramble":
            return 0, 0, -1, pos
        for s in (0, 1):
            if eff[s] == "scramble":
                number = int(moves[s]["scramble"])  # type: ignore[call-overload]
                if extra == number:
                    return 0, 0, -1, pos
                w = s if extra > number else 1 - s
                after = comes_out_on_top(w)
                return pts[0], pts[1], -1, after
        if eff == ("defensive", "defensive"):
            return 0, 0, -1, pos
        if pos >= 0 and eff[pos] == "push-away":
            pts[1 - pos] += 1
            return pts[0], pts[1], -1, -1
        if quality[0] == quality[1]:
            return 0, 0, -1, pos
        w = 0 if quality[0] > quality[1] else 1
        if eff[w] == "takedown":
            pts[w] += 3
            return pts[0], pts[1], -1, w
        if eff[w] == "reversal":
            pts[w] += 2
            return pts[0], pts[1], -1, w
        if eff[w] == "escape":
            pts[w] += 1
            return pts[0], pts[1], -1, -1
        if eff[w] in ("near-fall", "turn"):
            if extra >= 5:
                return 0, 0, w, w
            if extra >= 2:
                pts[w] += extra
            return pts[0], pts[1], -1, w
        return 0, 0, -1, pos

    d6 = icepool.d6
    return icepool.map(turn, d6, d6, d6, d6, d6)


@pytest.mark.parametrize("pair", range(len(PAIRS)))
@pytest.mark.parametrize("top", [None, 0, 1])
def test_exchange_matches_icepool(pair: int, top: int | None) -> None:
    cards = PAIRS[pair]
    ex = exchange(cards, top)
    die = _icepool_turn(cards, top)
    total = die.denominator()
    prob: dict[tuple[int, int, int, int], Fraction] = {o: Fraction(die.quantity(o), total) for o in die.outcomes()}

    points: dict[tuple[int, int], Fraction] = {}
    after: dict[str, Fraction] = {}
    pins = [Fraction(0), Fraction(0)]
    for (r, g, pin, where), p in prob.items():
        if pin >= 0:
            pins[pin] += p
            r = g = 0
        points[(r, g)] = points.get((r, g), Fraction(0)) + p
        name = "neutral" if where == -1 else f"{('Red', 'Green')[where]} top"
        after[name] = after.get(name, Fraction(0)) + p
    assert ex.points == dict(sorted(points.items()))
    assert ex.after == after
    assert ex.pin == (pins[0], pins[1])
    assert ex.mean_points == (sum(k[0] * p for k, p in points.items()), sum(k[1] * p for k, p in points.items()))
    assert sum(ex.results.values()) == 1


def test_exchange_tables_text_and_data() -> None:
    cards = PAIRS[0]
    data, text = exchange_tables(list(cards), ["Brick", "Cal"], {})
    assert data["sides"] == ["Brick", "Cal"]
    assert [p["position"] for p in data["positions"]] == ["neutral", "Brick top", "Cal top"]
    neutral = data["positions"][0]
    assert sum(Fraction(v) for v in neutral["results"].values()) == 1
    assert neutral["pin"] == ["0", "0"]
    assert "From Brick top:" in text and "Cal takedown" in text


def test_odds_exchange_command() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["odds", "folkstyle", "brick-halvorsen", "cal-okafor", "--exchange", "--format", "json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["format"] == "turnbuckle.exchange/1"
    assert data["ruleset"] == "folkstyle"
    assert len(data["positions"]) == 3


def test_a_lost_scramble_is_named_after_the_scrambler() -> None:
    # Tess scrambles from neutral; when she loses it Brick comes out on top. The table used to
    # call that "Brick Halvorsen scramble lost: takedown", though Brick never scrambled.
    brick, tess = sample("brick-halvorsen"), sample("tess-varga")
    names = ["Brick Halvorsen", "Tess Varga"]
    ex = exchange((brick, tess), None, names)
    assert "Tess Varga scramble lost: Brick Halvorsen takedown" in ex.results
    assert "Tess Varga scramble won: takedown" in ex.results
    assert not any(label.startswith("Brick Halvorsen scramble") for label in ex.results)
