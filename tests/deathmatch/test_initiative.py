"""The preliminary phase: d6 + SPD, the order of play, and ties broken by coin or rock-paper-scissors."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from turnbuckle.core.errors import ScriptError
from turnbuckle.core.events import Choice, Roll
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.core.table import Table
from turnbuckle.rulesets.deathmatch.initiative import roll_initiative
from turnbuckle.rulesets.deathmatch.pieces import Piece

from .helpers import army, battle, fig, happenings


def test_initiative_order_is_d6_plus_speed_highest_first() -> None:
    a = army("Reds", fig("Slowpoke", 5, 3, 1, 0), fig("Zipper", 5, 1, 5, 0))
    b = army("Blues", fig("Target", 1, 2, 0, 0))
    # initiative A1 2+3=5, A2 6+1=7, B1 4+2=6; then A2 hits B1: 3+5=8 against 2+0=2
    record, source = battle([a, b], [2, 6, 4, 3, 2])
    assert happenings(record, "initiative_rolls")[0] == {
        "round": 1, "rolls": {"A1": 2, "A2": 6, "B1": 4}, "spd": {"A1": 3, "A2": 1, "B1": 2},
        "totals": {"A1": 5, "A2": 7, "B1": 6},
    }
    assert happenings(record, "initiative")[0] == {"round": 1, "order": ["A2", "B1", "A1"],
                                                   "totals": {"A2": 7, "B1": 6, "A1": 5}}
    assert happenings(record, "tie_break") == []
    assert happenings(record, "attack")[0]["attacker"] == "A2"
    assert record.result.winner == 0
    assert record.result.method == "last-standing"
    assert source.remaining == 0


def test_a_three_way_tie_is_settled_by_everyone_flipping() -> None:
    a = army("Reds", fig("P", 5, 2, 0, 0), fig("Q", 5, 3, 6, 0))
    b = army("Blues", fig("R", 1, 4, 0, 0))
    # P 5+2, Q 4+3, R 3+4: all 7. All three flip (d2: 1 heads keeps, 2 tails -1): 2 2 2, all
    # alike, so they flip again: 1 2 2, P keeps 7 and Q, R drop to 6. Q and R tie on 6: coin 1,
    # Q wins and R drops to 5. P (ATK 0) hits R for nothing, then Q kills R: 1+6 against 6+0.
    record, source = battle([a, b], [5, 4, 3, 2, 2, 2, 1, 2, 2, 1, 1, 1, 1, 6])
    assert happenings(record, "tie_flip") == [
        {"round": 1, "total": 7, "between": ["A1", "A2", "B1"], "attempts": 2, "kept": ["A1"],
         "dropped": ["A2", "B1"]},
    ]
    assert happenings(record, "tie_break") == [
        {"round": 1, "total": 6, "between": ["A2", "B1"], "method": "coin", "winner": "A2", "loser": "B1",
         "loser_total": 5},
    ]
    assert happenings(record, "initiative")[0]["order"] == ["A1", "A2", "B1"]
    coins = [e for e in record.events if isinstance(e, Roll) and e.dice == "1d2"]
    assert [(c.purpose, c.side) for c in coins][:3] == [
        ("tie flip 1: A1 P (1 heads keeps, 2 tails -1)", "Reds"),
        ("tie flip 1: A2 Q (1 heads keeps, 2 tails -1)", "Reds"),
        ("tie flip 1: B1 R (1 heads keeps, 2 tails -1)", "Blues"),
    ]
    assert coins[-1].purpose == "coin flip: A2 Q (1) vs B1 R (2)"
    assert record.result.winner == 0
    assert source.remaining == 0


def _pieces(*spds: int) -> list[Piece]:
    return [Piece(f"{'AB'[i % 2]}{i + 1}", f"F{i}", i % 2, "AB"[i % 2], 5, s, 1, 1, 1, 5) for i, s in enumerate(spds)]


def test_a_loser_can_fall_into_a_new_tie_and_below_zero() -> None:
    # three figures of SPD 0 all roll 1 and flip 1 1 2: A3 drops to 0. A1-vs-B2 coin 1: B2 to 0,
    # where it ties A3: coin 1, A3 to -1.
    table = Table(ScriptedSource.from_values([1, 1, 1, 1, 1, 2, 1, 1]))
    order = roll_initiative(table, 1, _pieces(0, 0, 0), "coin", lambda seat: False)
    assert [p.tag for p in order] == ["A1", "B2", "A3"]
    assert table.log.events[-1].to_json()["totals"] == {"A1": 1, "B2": 0, "A3": -1}


def _orders(spds: tuple[int, ...], trials: int, seed: int) -> dict[tuple[str, ...], int]:
    """How often each acting order comes out when every figure rolls a 1 and the coins fall at random."""
    rng = random.Random(seed)
    seen: dict[tuple[str, ...], int] = {}
    for _ in range(trials):
        coins = [rng.randint(1, 2) for _ in range(40)] + [1, 2, 2] * 10
        table = Table(ScriptedSource.from_values([1] * len(spds) + coins))
        order = tuple(p.tag for p in roll_initiative(table, 1, _pieces(*spds), "coin", lambda seat: False))
        seen[order] = seen.get(order, 0) + 1
    return seen


@pytest.mark.parametrize("figures", [3, 4])
def test_every_order_of_a_tie_of_three_or_more_is_equally_likely(figures: int) -> None:
    # Today's pairwise rule gave the last figure in table order first place half the time in a
    # three-way tie; every order must be equally likely, whatever the seats.
    trials = 3000
    seen = _orders((0,) * figures, trials, seed=figures)
    orders = math.factorial(figures)
    assert len(seen) == orders
    first: dict[str, int] = {}
    for order, count in seen.items():
        first[order[0]] = first.get(order[0], 0) + count
    sd = math.sqrt(trials / figures * (1 - 1 / figures))
    assert all(abs(c - trials / figures) < 5 * sd for c in first.values()), first
    sd = math.sqrt(trials / orders * (1 - 1 / orders))
    assert all(abs(c - trials / orders) < 5 * sd for c in seen.values()), seen


def test_rock_paper_scissors_rethrows_a_draw() -> None:
    # A1 and B2 both total 4. Throws: rock vs rock (draw), then paper vs rock: A1 wins.
    table = Table(ScriptedSource.from_values([3, 3, 1, 1, 2, 1]))
    order = roll_initiative(table, 1, _pieces(1, 1), "rps", lambda seat: False)
    assert [p.tag for p in order] == ["A1", "B2"]
    tie = table.log.events[-2].to_json()
    assert tie["method"] == "rps"
    assert tie["loser"] == "B2"
    assert tie["loser_total"] == 3


def test_scissors_cut_paper_for_a_human_thrower() -> None:
    # A human (seat 0) throws scissors from the script; seat 1 rolls 2 (paper) and loses.
    table = Table(ScriptedSource.from_values([3, 3, "scissors", 2]))
    order = roll_initiative(table, 1, _pieces(1, 1), "rps", lambda seat: seat == 0)
    assert [p.tag for p in order] == ["A1", "B2"]
    table = Table(ScriptedSource.from_values([3, 3, "rock", 2]))
    order = roll_initiative(table, 1, _pieces(1, 1), "rps", lambda seat: seat == 0)
    assert [p.tag for p in order] == ["B2", "A1"]


def test_a_human_thrower_must_throw_a_real_shape() -> None:
    table = Table(ScriptedSource.from_values([3, 3, "lizard"]))
    with pytest.raises(ScriptError, match="expected one of rock/paper/scissors"):
        roll_initiative(table, 1, _pieces(1, 1), "rps", lambda seat: True)


def test_two_figures_of_one_player_settle_a_tie_by_coin_even_under_rps() -> None:
    pieces = _pieces(1, 1, 1)  # A1, B2, A3: A1 and A3 share a seat
    pieces = [pieces[0], pieces[2], pieces[1]]
    # A1 3+1, A3 3+1, B2 1+1: the tie A1-A3 goes to a coin (2: A3 wins)
    table = Table(ScriptedSource.from_values([3, 3, 1, 2]))
    order = roll_initiative(table, 1, pieces, "rps", lambda seat: False)
    assert [p.tag for p in order] == ["A3", "A1", "B2"]
    assert table.log.events[-2].to_json()["method"] == "coin"


def test_rock_paper_scissors_falls_back_to_a_coin_after_ten_draws() -> None:
    table = Table(ScriptedSource.from_values([3, 3, *([2, 2] * 10), 2]))
    order = roll_initiative(table, 1, _pieces(1, 1), "rps", lambda seat: False)
    assert [p.tag for p in order] == ["B2", "A1"]
    assert table.log.events[-2].to_json()["method"] == "coin"


@given(st.lists(st.tuples(st.integers(0, 20), st.integers(1, 6)), min_size=1, max_size=24),
       st.lists(st.integers(1, 2), min_size=400, max_size=400))
def test_ties_always_resolve_to_distinct_totals(figures: list[tuple[int, int]], coins: list[int]) -> None:
    pieces = _pieces(*(s for s, _ in figures))
    # any coins first, then faces that never stay all alike, so the script cannot run out
    table = Table(ScriptedSource.from_values([f for _, f in figures] + coins + [1, 2, 2] * 200))
    order = roll_initiative(table, 1, pieces, "coin", lambda seat: False)
    totals = table.log.events[-1].to_json()["totals"]
    assert isinstance(totals, dict)
    values = list(totals.values())
    assert len(set(values)) == len(values) == len(pieces)
    assert values == sorted(values, reverse=True)  # type: ignore[type-var]
    assert sorted(p.tag for p in order) == sorted(p.tag for p in pieces)
    rolled = {p.tag: f + s for p, (s, f) in zip(pieces, figures, strict=True)}
    assert all(int(str(totals[t])) <= rolled[t] for t in rolled)  # a tie-break only ever lowers a total


def test_a_human_throws_before_the_automatic_player_s_die_is_rolled() -> None:
    # A1 (automatic) and B2 (human) tie on 4. The human commits to a throw first, so that at
    # --dice ask the person never sees the automatic player's d3 before choosing; then the d3.
    table = Table(ScriptedSource.from_values([3, 3, "paper", 1]))
    order = roll_initiative(table, 1, _pieces(1, 1), "rps", lambda seat: seat == 1)
    assert [p.tag for p in order] == ["B2", "A1"]  # paper covers rock
    kinds = [type(e).__name__ for e in table.log.events if isinstance(e, (Roll, Choice))]
    assert kinds == ["Roll", "Roll", "Choice", "Roll"]
    throw = next(e for e in table.log.events if isinstance(e, Choice))
    assert (throw.chosen, throw.side) == ("paper", "B")
    tie = table.log.events[-2].to_json()
    assert (tie["method"], tie["winner"], tie["loser"]) == ("rps", "B2", "A1")
