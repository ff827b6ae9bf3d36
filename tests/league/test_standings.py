"""What results change: Push Levels by Part II's worked cases (exact fractions), tag teams and
three or more sides as the rulings settle them, injuries carried and healed from the seed, titles,
ratings; every change a row traced to its cause."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace
from typing import Any, cast

import pytest
from sqlalchemy import select

from tests.league.helpers import League, open_show
from turnbuckle.league import canonical
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.models import CardMatch, Competitor, PushChange, Reign, Result
from turnbuckle.league.services import roster, running, shows, standing
from turnbuckle.rulesets.matchmatch.between import heal


def put(ctx: Ctx, name: str, level: int, points: str = "0") -> Competitor:
    c = roster.competitor(ctx, name)
    c.push_level, c.push_points = level, points
    return c


def push(ctx: Ctx, name: str) -> tuple[int, Fraction]:
    c = roster.competitor(ctx, name)
    return c.push_level or 0, Fraction(c.push_points or "0")


def fake_result() -> Result:
    return cast(Result, SimpleNamespace(id=None, match_id=0))


def play(ctx: Ctx, names: list[str], winner: int | None) -> None:
    comps = [roster.competitor(ctx, n) for n in names]
    standing.apply_push(ctx, comps, winner, fake_result(), None, 1)


# (winner level, points), (loser level, points) -> winner after, loser after
PART_II = {
    "0.3 - 0.5: level 3 loses half a point to level 4 -> level 2 at 1.8":
        ((4, "0"), (3, "3/10"), (4, Fraction(1, 2)), (2, Fraction(9, 5))),
    "beat a higher level: up a level at once, points kept":
        ((2, "1/2"), (3, "1"), (3, Fraction(1, 2)), (2, Fraction(1))),
    "beat the same level: one point; the loser loses one":
        ((2, "1/2"), (2, "3/2"), (2, Fraction(3, 2)), (2, Fraction(1, 2))),
    "beat one level lower: half a point":
        ((3, "0"), (2, "1"), (3, Fraction(1, 2)), (2, Fraction(1, 2))),
    "beat two levels lower: a third of a point":
        ((3, "1/3"), (1, "0"), (3, Fraction(2, 3)), (1, Fraction(0))),
    "two points: up a level with the remainder":
        ((1, "3/2"), (1, "1"), (2, Fraction(1, 2)), (1, Fraction(0))),
    "lose to the same level below 0 points: down a level, 2 minus the shortfall":
        ((3, "0"), (3, "1/2"), (3, Fraction(1)), (2, Fraction(3, 2))),
    "lose to a higher level: lose what the winner gained":
        ((3, "0"), (1, "1/2"), (3, Fraction(1, 3)), (1, Fraction(1, 6))),
    "no level below 1":
        ((1, "0"), (1, "1/2"), (1, Fraction(1)), (1, Fraction(0))),
    "no level above the league's highest (5)":
        ((5, "3/2"), (5, "0"), (5, Fraction(2)), (4, Fraction(1))),
}


def test_push_levels_by_part_ii(lg: League) -> None:
    """Every worked case, each from fresh standings; each change is a row with its reason."""
    for case, ((wl, wp), (ll, lp), win_after, lose_after) in PART_II.items():
        with lg.act() as ctx:
            put(ctx, "Friendly Sam", wl, wp)
            put(ctx, "Brother Bob", ll, lp)
            ctx.session.flush()
            first = len(ctx.session.scalars(select(PushChange)).all())
            play(ctx, ["Friendly Sam", "Brother Bob"], 0)
            assert (push(ctx, "Friendly Sam"), push(ctx, "Brother Bob")) == (win_after, lose_after), case
            rows = ctx.session.scalars(select(PushChange).order_by(PushChange.id)).all()[first:]
            assert [(r.level_after, Fraction(r.points_after)) for r in rows] == [win_after, lose_after], case
            assert rows[0].reason == f"match 1: beat Brother Bob (level {ll})", case


def test_losing_to_a_lower_level_drops_a_level_with_points_kept(lg: League) -> None:
    with lg.act() as ctx:
        put(ctx, "Friendly Sam", 2, "1/2")
        put(ctx, "Brother Bob", 4, "1")
        play(ctx, ["Friendly Sam", "Brother Bob"], 0)
        assert push(ctx, "Friendly Sam") == (3, Fraction(1, 2))
        assert push(ctx, "Brother Bob") == (3, Fraction(1))


def test_a_draw_moves_nobody(lg: League) -> None:
    with lg.act() as ctx:
        put(ctx, "Friendly Sam", 2, "1/2")
        play(ctx, ["Friendly Sam", "Brother Bob"], None)
        assert push(ctx, "Friendly Sam") == (2, Fraction(1, 2))
        assert ctx.session.scalars(select(PushChange)).all() == []


def test_interview_awards_and_their_reason(lg: League) -> None:
    with lg.act() as ctx:
        put(ctx, "Friendly Sam", 3, "3/10")
        change = roster.award_push(ctx, "Friendly Sam", Fraction(-1, 2), "a flat promo")
        assert (change.level_after, Fraction(change.points_after)) == (2, Fraction(9, 5))
        assert change.reason == "award: a flat promo" and change.member_id == ctx.actor.id
    with pytest.raises(LeagueError, match="only the organiser"), lg.act("Ann") as ctx:
        roster.award_push(ctx, "Friendly Sam", Fraction(1), "me")
    with pytest.raises(LeagueError, match="needs a reason"), lg.act() as ctx:
        roster.award_push(ctx, "Friendly Sam", Fraction(1), " ")


def test_a_player_makes_a_team_of_their_own_wrestlers_only(lg: League) -> None:
    """A team carries its members' sheets, which only their owners (and the organiser) may read."""
    from turnbuckle.league.errors import NotFound

    with pytest.raises(NotFound, match="of yours"), lg.act("Ann") as ctx:
        roster.add_team(ctx, "Mixed Pair", ["Friendly Sam", "Brother Bob"])  # Bob is Bo's
    with lg.act("Ann") as ctx:
        team = roster.add_team(ctx, "Ann's Pair", ["Friendly Sam", "Iron Ivan"])
        assert team.owner.name == "Ann"
    with lg.act() as ctx:  # the organiser may pair anyone's
        assert roster.add_team(ctx, "Fran's Pair", ["Brother Bob", "Iron Ivan"], owner="Bo").owner.name == "Bo"


def test_tag_team_members_move_against_the_other_teams_highest_member(lg: League) -> None:
    with lg.act() as ctx:
        roster.add_team(ctx, "Odd Pair", ["Friendly Sam", "Brother Bob"], owner="Ann")
        roster.add_team(ctx, "Other Pair", ["Iron Ivan", "Lady Lightning"], owner="Bo")
        put(ctx, "Friendly Sam", 1)
        put(ctx, "Brother Bob", 3)
        put(ctx, "Iron Ivan", 2)
        put(ctx, "Lady Lightning", 2, "1")
        play(ctx, ["Odd Pair", "Other Pair"], 0)  # Odd Pair beat a team whose best is level 2
        assert push(ctx, "Friendly Sam") == (2, Fraction(0))  # beat a higher level: up at once
        assert push(ctx, "Brother Bob") == (3, Fraction(1, 2))  # beat one level lower: +1/2
        # each loser lost to level 3 (the best of Odd Pair): minus the 1/2 a level 3 gains over a level 2
        assert push(ctx, "Iron Ivan") == (1, Fraction(3, 2))
        assert push(ctx, "Lady Lightning") == (2, Fraction(1, 2))


def test_three_sides_the_winner_beats_each_in_card_order_losers_lose_to_the_winner(lg: League) -> None:
    with lg.act() as ctx:
        put(ctx, "Friendly Sam", 2, "1")
        put(ctx, "Brother Bob", 2)
        put(ctx, "Iron Ivan", 1)
        play(ctx, ["Friendly Sam", "Brother Bob", "Iron Ivan"], 0)
        # +1 for level 2 (2 points: up to level 3 at 0), then level 3 beats level 1: +1/3
        assert push(ctx, "Friendly Sam") == (3, Fraction(1, 3))
        assert push(ctx, "Brother Bob") == (1, Fraction(1))  # lost to the same level (2): -1 -> below 0
        assert push(ctx, "Iron Ivan") == (1, Fraction(0))  # lost to level 2: loses 1/2, stops at 0


def run_week(lg: League, card: list[tuple[str, list[str]]], title: str | None = None) -> str:
    number = open_show(lg, card, title)
    with lg.act() as ctx:
        shows.lock(ctx, number)
        running.run_show(ctx, number)
    return number


def test_injuries_carry_into_the_match_and_add_what_the_match_did(lg: League) -> None:
    with lg.act() as ctx:
        roster.competitor(ctx, "Friendly Sam").injuries = 2
    run_week(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    with lg.act() as ctx:
        result = ctx.session.scalars(select(Result)).one()
        assert result.inputs[0]["wrestler"]["injuries"] == 2
        side = next(e for e in result.record["events"] if e["type"] == "side" and e["side"] == "Friendly Sam")
        assert side["injuries"] == 2
        gained = standing.injuries_from(result.record, ["Friendly Sam", "Brother Bob"])
        assert roster.competitor(ctx, "Friendly Sam").injuries == 2 + len(gained[0])
        assert roster.competitor(ctx, "Brother Bob").injuries == len(gained[1])


def test_injuries_from_counts_only_checks_that_injured() -> None:
    record: dict[str, Any] = {"events": [
        {"type": "injury_check", "side": "A", "injured": True},
        {"type": "injury_check", "side": "A", "injured": False},
        {"type": "injury_check", "side": "B", "injured": True},
        {"type": "injury_check", "side": "B", "injured": True, "member": "B2", "member_index": 1},
        {"type": "damage", "side": "A"}]}
    assert standing.injuries_from(record, ["A", "B"]) == [[None], [None, 1]]


def test_weekly_healing_is_rolled_from_the_seed_minus_4_for_who_wrestled(lg: League) -> None:
    with lg.act() as ctx:
        roster.competitor(ctx, "Iron Ivan").injuries = 5  # not on the card
    number = run_week(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    with lg.act() as ctx:
        sam = roster.competitor(ctx, "Friendly Sam")
        sam.injuries = 5
        before = {"Iron Ivan": 5, "Friendly Sam": 5}
        changes = running.heal(ctx, number)
        s = shows.show(ctx, number)
        for name, wrestled in (("Iron Ivan", False), ("Friendly Sam", True)):
            c = roster.competitor(ctx, name)
            roll = canonical.heal_roll(s.seed or "", s.uid, c.uid)
            assert c.injuries == heal(before[name], roll, wrestled)
            assert any(ch.competitor_id == c.id and ch.roll == roll for ch in changes)
    with pytest.raises(LeagueError, match="healed already"), lg.act() as ctx:
        running.heal(ctx, number)


def test_a_title_changes_hands_on_a_win_and_not_on_a_dq(lg: League) -> None:
    run_week(lg, [("m2", ["Friendly Sam", "Brother Bob"])], title="Light-Heavyweight")
    with lg.act() as ctx:
        result = ctx.session.scalars(select(Result)).one()
        reigns = ctx.session.scalars(select(Reign)).all()
        if result.winner_index is None or result.method in ("dq", "count-out"):
            assert reigns == []
        else:
            assert [r.competitor_id for r in reigns] == [
                roster.competitor(ctx, ["Friendly Sam", "Brother Bob"][result.winner_index]).id]
            assert reigns[0].won_result_id == result.id
        m = ctx.session.scalars(select(CardMatch)).one()
        comps = [roster.competitor(ctx, "Iron Ivan"), roster.competitor(ctx, "Lady Lightning")]
        before = len(ctx.session.scalars(select(Reign)).all())
        note = standing.apply_title(ctx, m, comps, 0, "dq", result)
        assert note == "the Light-Heavyweight does not change hands on a dq"
        note = standing.apply_title(ctx, m, comps, 1, "pinfall", result)
        assert note == "Lady Lightning wins the Light-Heavyweight"
        ctx.session.flush()
        assert len(ctx.session.scalars(select(Reign)).all()) == before + 1
        assert standing.current_reign(ctx, m.title_id or 0).competitor_id == comps[1].id  # type: ignore[union-attr]


def test_ratings_handle_draws_and_three_sides(lg: League) -> None:
    with lg.act() as ctx, ctx.session.no_autoflush:  # the changes name no stored result: never written
        a, b, c, d = (roster.competitor(ctx, n) for n in ("Friendly Sam", "Brother Bob", "Iron Ivan",
                                                          "Lady Lightning"))
        standing.apply_ratings(ctx, [a, b], None, fake_result())
        assert a.rating_mu == pytest.approx(b.rating_mu) == pytest.approx(roster.DEFAULT_MU)
        assert a.rating_sigma < roster.DEFAULT_SIGMA
        standing.apply_ratings(ctx, [a, b, c], 2, fake_result())
        assert c.rating_mu > roster.DEFAULT_MU > a.rating_mu
        assert a.rating_mu == pytest.approx(b.rating_mu)
        before = [x.rating_mu for x in (a, b, c, d)]
        standing.apply_ratings(ctx, [a, b, c, d], 0, fake_result(), [1, 2, 2, 4])  # a record's placings
        gains = [x.rating_mu - m for x, m in zip((a, b, c, d), before, strict=True)]
        assert gains[0] > gains[1] > gains[3] and gains[3] < 0
        ctx.session.rollback()  # the changes name no stored result
