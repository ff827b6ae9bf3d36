"""Exact per-exchange Headlock odds, checked against icepool (which states the rules afresh here)."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from tests.sim.headlock_support import SAMPLES, options, sample
from turnbuckle.sim.headlock.exact import breakout, exchange_tables, opening_clash, shown_hp, speed_contest

#: Cards as 0..51: suit = index // 13 in the order C, D, H, S; rank = index % 13 with A = 0.
SUIT = "CDHS"
BEATS = {"H": "S", "S": "D", "D": "C", "C": "H"}
CARD = icepool.Die(range(52))


def _value(i: int) -> int:
    r = i % 13
    return 10 if r == 0 else (r + 1 if r < 10 else 0)  # 0: a face card


def _trumps(i: int, j: int) -> bool:
    return BEATS[SUIT[i // 13]] == SUIT[j // 13]


def _p(die: icepool.Die, outcome: object) -> Fraction:
    return Fraction(die.probability(outcome))


@pytest.mark.parametrize(("sa", "pa", "sb", "pb"), [(11, 1, 18, 1), (11, 7, 18, 3), (5, 5, 5, 5), (20, 7, 1, 1),
                                                    (9, 3, 12, 5)])
def test_speed_contest_matches_icepool(sa: int, pa: int, sb: int, pb: int) -> None:
    def contest(i: int, j: int) -> object:
        vi, vj = _value(i), _value(j)
        if i == j or vi < pa or vj < pb:  # the same card twice, a face card, or a move not allowed
            return icepool.Reroll
        ti = sa + vi - pa + (5 if _trumps(i, j) else 0)
        tj = sb + vj - pb + (5 if _trumps(j, i) else 0)
        return "a" if ti > tj else "b" if tj > ti else "tie"

    die = icepool.map(contest, CARD, CARD)
    got = speed_contest(sa, pa, sb, pb)
    assert (got.a_wins, got.b_wins, got.tie) == (_p(die, "a"), _p(die, "b"), _p(die, "tie"))
    assert got.a_wins + got.b_wins + got.tie == 1


def _icepool_breakout(res: int, start: int, hp: int, special: bool, rolls: int) -> Fraction:
    """The rulebook's break-out, afresh: the die by HP and special, the target by fifths of a
    quarter of the starting HP, a success on any roll at or under the target."""
    size = 20 if hp <= 0 and special else 12 if hp <= 0 or special else 8
    if hp <= 0:
        target = res
    elif 4 * hp > start:
        target = res + 5
    else:
        target = res + min(5, (20 * hp) // start)
    lowest = icepool.d(size).pool(rolls).lowest(1).sum()
    return Fraction(lowest.probability("<=", target)) if target < size else Fraction(1)


@pytest.mark.parametrize(("res", "start"), [(3, 80), (6, 110), (1, 120), (4, 100), (5, 90)])
def test_breakout_matches_icepool(res: int, start: int) -> None:
    for hp in shown_hp(start) + [1, start // 4, start // 4 + 1]:
        got = breakout(res, start, hp)
        assert got.submission == _icepool_breakout(res, start, hp, False, 5), hp
        assert got.special_submission == _icepool_breakout(res, start, hp, True, 5), hp
        assert got.pin == _icepool_breakout(res, start, hp, False, 3), hp


@pytest.mark.parametrize(("res", "hp"), [(1, 0), (3, 0), (6, 0), (2, 5), (4, 10)])
def test_choke_matches_icepool(res: int, hp: int) -> None:
    start = 100
    got = breakout(res, start, hp)
    die = 12 if hp <= 0 else 8
    target = got.target
    attacker = {8: 20, 12: 12, 20: 8}[die]
    need = attacker - (6 - res)
    four = icepool.d(die).pool(4).lowest(1).sum()
    out = icepool.map(lambda low, roll: low > target and roll >= need, four, icepool.d(attacker))
    assert got.choked == _p(out, True)


def test_opening_clash_adds_up() -> None:
    a, b = sample(SAMPLES[2]), sample(SAMPLES[3])
    clash = opening_clash(a, b)
    assert sum(clash.chances.values()) == 1
    # Two face cards of the same rank and opposite suits, equal SPD aside: specials decided by
    # suit, card or speed; with different SPD no two specials cancel.
    assert ("specials-cancel", None) not in clash.chances
    # A face card against a number card: 12 * 40 pairs each way, of which the number card's suit
    # trumps a quarter.
    face_vs_number = Fraction(2 * 12 * 40, 52 * 51)
    counters = sum(p for (how, _), p in clash.chances.items() if how == "counter")
    specials = sum(p for (how, _), p in clash.chances.items() if how == "special")
    assert counters == face_vs_number / 4
    assert specials == face_vs_number * 3 / 4
    assert clash.damage[0] > 0 and clash.damage[1] > 0


def test_exchange_tables_text_and_data() -> None:
    a, b = sample(SAMPLES[2]), sample(SAMPLES[3])
    data, text = exchange_tables([a, b], ["A", "B"], options(choke=True))
    assert data["sides"] == ["A", "B"]
    assert len(data["speed_contest"]) == 16
    assert [row["defender"] for row in data["breakout"]] == ["A", "B"]
    assert "Speed contests" in text and "breaking out" in text
    assert sum(Fraction(c["p"]) for c in data["opening_clash"]["chances"]) == 1
