"""Exact MatchMatch round odds, checked against icepool (which states the rules afresh here)."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from tests.sim.matchmatch.helpers import options, sample
from turnbuckle.sim.matchmatch.exact import attack, exchange_tables, round_odds

DQ = -1000  # a disqualified attack, as an icepool outcome


def _attack_die(value: int, kind: str, threshold: int) -> icepool.Die:
    """One attack total, from the rulebook's words: High Risk 6s count 0 and 3s roll one more die;
    a cheat rolls 2d6 first (at or over the threshold: DQ), adds it, and a Vile Cheat 2d6 more."""
    d6 = icepool.d6
    if kind == "high_risk":
        one = d6.map(lambda f: 0 if f == 6 else (3 + d6 if f == 3 else f))
        dice = one + one + one
    else:
        dice = 3 @ d6
    bonus = {"high_spot": 2, "defensive": 3, "finisher": 4, "high_impact": 1}.get(kind, 0)
    base = dice + value + bonus
    if kind not in ("illegal", "vile_cheat"):
        return base
    extra = (2 @ d6) if kind == "vile_cheat" else icepool.Die([0])

    def cheat(total: int, check: int, more: int) -> int:
        return DQ if check >= threshold else total + check + more

    return icepool.map(cheat, base, 2 @ d6, extra)


def _damage(margin: int, kind: str, defense: int) -> int:
    bonus = 1 if kind == "high_impact" else 0
    raw = max(1, 1 + margin // 5 + bonus)
    dealt = max(1, raw - defense)
    return max(0, dealt - (1 if kind == "defensive" else 0))


CASES = [
    (4, "normal", 1, "normal", 0, 1, 10, 10),
    (3, "high_risk", 5, "defensive", 1, 0, 10, 10),
    (6, "illegal", 2, "finisher", 0, 2, 8, 10),
    (5, "vile_cheat", 5, "vile_cheat", 0, 0, 11, 6),
    (2, "high_impact", 7, "high_spot", 0, 1, 10, 10),
    (0, "submission", 0, "cripple", 0, 0, 10, 10),
]


@pytest.mark.parametrize(("va", "ka", "vb", "kb", "da", "db", "ta", "tb"), CASES)
def test_round_odds_match_icepool(va: int, ka: str, vb: int, kb: str, da: int, db: int, ta: int, tb: int) -> None:
    a, b = _attack_die(va, ka, ta), _attack_die(vb, kb, tb)

    def result(x: int, y: int) -> tuple[str, int]:
        if x == DQ or y == DQ:
            return ("double dq" if x == y else "a dq" if x == DQ else "b dq"), 0
        if x > y:
            return "a", _damage(x - y, ka, db)
        if y > x:
            return "b", _damage(y - x, kb, da)
        return "tie", 0

    die = icepool.map(result, a, b)
    got = round_odds(va, ka, vb, kb, da, db, ta, tb)

    def p(pred: object) -> Fraction:
        return sum((Fraction(die.probability(o)) for o in die.outcomes() if pred(o)), Fraction(0))  # type: ignore[operator]

    assert got.a_wins == p(lambda o: o[0] == "a")
    assert got.b_wins == p(lambda o: o[0] == "b")
    assert got.tie == p(lambda o: o[0] == "tie")
    assert got.a_dq == p(lambda o: o[0] == "a dq")
    assert got.b_dq == p(lambda o: o[0] == "b dq")
    assert got.double_dq == p(lambda o: o[0] == "double dq")
    for dmg, q in got.to_b.items():
        assert q == p(lambda o, d=dmg: o == ("a", d))
    for dmg, q in got.to_a.items():
        assert q == p(lambda o, d=dmg: o == ("b", d))
    assert got.a_wins + got.b_wins + got.tie + got.a_dq + got.b_dq + got.double_dq == 1


def test_margins_add_up_to_the_wins() -> None:
    r = round_odds(4, "high_spot", 3, "normal")
    assert sum(r.a_margin.values()) == r.a_wins
    assert sum(r.b_margin.values()) == r.b_wins
    assert min(r.a_margin) >= 1


def test_a_cheat_alone_counts_its_dq() -> None:
    assert attack(3, "illegal", 5).dq == Fraction(30, 36)
    assert attack(3, "normal", 5).dq == 0


def test_exchange_tables_for_the_cli() -> None:
    sides = [sample("brother-bob"), sample("friendly-sam")]
    data, text = exchange_tables(sides, ["Brother Bob", "Friendly Sam"], options())
    assert len(data["styles"]) == 7
    assert len(data["types"]) == 10
    assert "Brawling" in text and "Vile Cheat" in text
    row = data["styles"][0]
    assert sum(Fraction(row[k]) for k in ("a_wins", "b_wins", "tie", "a_dq", "b_dq", "double_dq")) == 1
