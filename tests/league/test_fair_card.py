"""Issue 25 on both servers: the grid and referee come from the organiser or the card seed, never
a player; every card entry is checked when it is made; the card can be mended (edit, remove, move,
deadline, delete); nothing is left stuck (auto-lock, a failed run stays locked with its reason, a
strategy that no longer fits plays the automatic player); submit checks use the published view."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest
from sqlalchemy import select

from tests.league.helpers import SAM_STRATEGY, League, open_show
from turnbuckle.core.errors import RulesError
from turnbuckle.league import canonical
from turnbuckle.league.errors import LeagueError, SubmissionRefused
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.models import Notice, Result, ShowEvent, Submission
from turnbuckle.league.services import card, roster, running, shows
from turnbuckle.league.services.roster import record_push
from turnbuckle.league.services.sides import standing
from turnbuckle.rulesets.matchmatch.between import Push

ROLL_GRID = league_rules("matchmatch").roll_grid  # the grid MatchMatch draws at open

GRID = "Po Te Br / We MA HF / Br MA Ch"
ALL_CHEAT = "Br Ch Br / Ch Br Ch / Br Ch Br"
BOB = "Strategy: +Cheating +Brawling -MA, Grid 2\nRound\tTarget\tType\tNotes\n1\tMA\tNormal\tSmack.\n"


def printed(grid_rows: list[str], pick: str = "Grid B") -> str:
    """A strategy in the rulebook's layout that prints the grid it was written for."""
    rows = "\n".join(f"{i}\t" + "\t".join(r.split()) for i, r in enumerate(grid_rows, start=1))
    return (f"Strategy: +High Flying +Technical -Brawl, {pick}\nFirst name chooses A-C, second chooses 1-3\n"
            f"\tA\tB\tC\n{rows}\nRound\tTarget\tType\tNotes\n1\tStam\tHigh Spot\tUp top.\n")


def new_show(lg: League, name: str = "Week") -> str:
    with lg.act() as ctx:
        return str(shows.create_show(ctx, name, "2026-11-09", lg.clock.now + timedelta(days=1)).number)


def test_the_grid_is_the_organisers_or_the_draw_and_a_printed_grid_is_only_compared(lg: League) -> None:
    number = new_show(lg)
    with lg.act() as ctx:
        card.add_match(ctx, number, "m2", ["Friendly Sam", "Brother Bob"], {"grid": GRID})
        card.add_match(ctx, number, "m2", ["Iron Ivan", "Lady Lightning"])
        shows.open_show(ctx, number)
    with lg.act() as ctx:
        s = shows.show(ctx, number)
        first, second = s.matches
        assert first.grid == GRID and not first.grid_drawn
        key = card.match_key(s, second)
        assert second.grid == canonical.grid_draw(s.card_seed or "", key, ROLL_GRID) and second.grid_drawn
    # A strategy written for another grid (a player's all-Brawling/Cheating grid) is refused at submit.
    with pytest.raises(LeagueError, match="written for the grid 'Br Ch Br / Ch Br Ch / Br Ch Br'"), \
            lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", printed(ALL_CHEAT.split(" / ")))
    with lg.act("Ann") as ctx:  # the match's own grid, printed, is fine
        shows.submit(ctx, number, 1, "Friendly Sam", printed(GRID.split(" / ")))
    with lg.act("Ann") as ctx, pytest.raises(LeagueError, match="fixed when the show opened"):
        shows.submit(ctx, number, 2, "Iron Ivan", printed(ALL_CHEAT.split(" / ")))  # the drawn grid too
    lg.clock.advance(days=2)
    with lg.act() as ctx:
        running.run_show(ctx, number)  # past the deadline: the league locks it first
    with lg.act() as ctx:
        results = {r.match_id: r for r in ctx.session.scalars(select(Result))}
        s = shows.show(ctx, number)
        for m in s.matches:
            start = next(e for e in results[m.id].record["events"] if e["type"] == "match_start")
            assert " / ".join(" ".join(_abbr(x) for x in row) for row in start["grid"]) == m.grid


def _abbr(style: str) -> str:
    from turnbuckle.rulesets.matchmatch.styles import abbreviation

    return abbreviation(style)


def test_grid_picks_follow_the_sides_axis_and_a_third_side_picks_nothing(lg: League) -> None:
    number = open_show(lg, [("m2", ["Iron Ivan", "Brother Bob", "Friendly Sam"])])
    with pytest.raises(SubmissionRefused, match="only the first two sides choose on the grid") as third, \
            lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)  # third side, 'Grid B'
    assert third.value.of_text and [(p.line, p.field) for p in third.value.problems] == [(None, "grid")]
    with pytest.raises(LeagueError, match="named second, so it picks the grid's row"), lg.act("Bo") as ctx:
        shows.submit(ctx, number, 1, "Brother Bob", SAM_STRATEGY)
    with pytest.raises(LeagueError, match="named first, so it picks the grid's column"), lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Iron Ivan", BOB.replace("Cheating", "Power"))
    with lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY.replace(", Grid B", ""))


def test_a_card_entry_is_checked_when_it_is_made(lg: League) -> None:
    number = new_show(lg)
    with pytest.raises(LeagueError, match="no match type 'cgae'; the types are cage"), lg.act() as ctx:
        card.add_match(ctx, number, "m2", ["Friendly Sam", "Brother Bob"], {"type": "cgae"})
    with pytest.raises(LeagueError, match="'Qx' is not one of the seven grid styles"), lg.act() as ctx:
        card.add_match(ctx, number, "m2", ["Friendly Sam", "Brother Bob"], {"grid": "Qx Te Br / We MA HF / Br MA Ch"})
    with pytest.raises(LeagueError, match="is a boxing competitor"), lg.act() as ctx:
        card.add_match(ctx, number, "m2", ["Friendly Sam", "Mika Sato"])
    with pytest.raises(LeagueError, match="takes 2 to 2 sides"), lg.act() as ctx:
        card.add_match(ctx, number, "boxing", ["Mika Sato"])
    with lg.act() as ctx:
        card.add_match(ctx, number, "m2", ["Friendly Sam", "Brother Bob"], {"type": "CAGE"})
    with pytest.raises(LeagueError, match="already booked in match 1"), lg.act() as ctx:
        card.add_match(ctx, number, "m2", ["Iron Ivan", "Friendly Sam"])
    with lg.act() as ctx:
        card.add_match(ctx, number, "m2", ["Iron Ivan", "Friendly Sam"], rebook=True)
        assert len(shows.show(ctx, number).matches) == 2


def test_titles_fit_their_matches(lg: League) -> None:
    with lg.act() as ctx:
        roster.add_title(ctx, "Light-Heavyweight Belt", "m2", max_weight=3)
        roster.add_title(ctx, "Tag Straps", "m2", kind="tag")
        roster.add_title(ctx, "Main Event Belt", "m2", min_push_level=2)
        roster.add_team(ctx, "Odd Couple", ["Friendly Sam", "Brother Bob"])
        roster.add_team(ctx, "Steel", ["Iron Ivan", "Lady Lightning"])
    number = new_show(lg)
    with pytest.raises(LeagueError, match="Bob has Weight 5; the Light-Heavyweight Belt is for Weight 0 to 3"), \
            lg.act() as ctx:
        card.add_match(ctx, number, "m2", ["Friendly Sam", "Brother Bob"], title_key="Light-Heavyweight Belt")
    with pytest.raises(LeagueError, match="tag-team title; every side must be a team"), lg.act() as ctx:
        card.add_match(ctx, number, "m2", ["Friendly Sam", "Brother Bob"], title_key="Tag Straps")
    with pytest.raises(LeagueError, match="singles title"), lg.act() as ctx:
        card.add_match(ctx, number, "m2", ["Odd Couple", "Steel"], title_key="Light-Heavyweight")
    with pytest.raises(LeagueError, match="Friendly Sam is at Push Level 1; a shot at the Main Event Belt needs"), \
            lg.act() as ctx:
        card.add_match(ctx, number, "m2", ["Friendly Sam", "Iron Ivan"], title_key="Main Event Belt")
    with lg.act() as ctx:
        roster.add_title(ctx, "Boxing Belt", "boxing")
    with pytest.raises(LeagueError, match="boxing title"), lg.act() as ctx:
        card.add_match(ctx, number, "m2", ["Friendly Sam", "Brother Bob"], title_key="Boxing Belt")
    with lg.act() as ctx:
        card.add_match(ctx, number, "m2", ["Odd Couple", "Steel"], title_key="Tag Straps")
        card.add_match(ctx, number, "m2", ["Lady Lightning", "Iron Ivan"], title_key="Main Event Belt", rebook=True)


def test_draws_are_keyed_on_content_and_survive_removal_re_adding_and_moves(lg: League) -> None:
    number = new_show(lg)
    with lg.act() as ctx:
        card.add_match(ctx, number, "m2", ["Friendly Sam", "Brother Bob"])
        card.add_match(ctx, number, "m2", ["Iron Ivan", "Lady Lightning"], {"type": "cage"})
        shows.open_show(ctx, number)
    with lg.act() as ctx:
        s = shows.show(ctx, number)
        before = {card.match_key(s, m): (m.referee.name if m.referee else None, m.grid) for m in s.matches}
        card.move_match(ctx, number, 2, 1)
        card.remove_match(ctx, number, 2)  # Sam vs Bob
        card.add_match(ctx, number, "m2", ["Friendly Sam", "Brother Bob"])
    with lg.act() as ctx:
        s = shows.show(ctx, number)
        assert [m.position for m in s.matches] == [1, 2]
        assert [sd.competitor.name for sd in s.matches[0].sides] == ["Iron Ivan", "Lady Lightning"]
        after = {card.match_key(s, m): (m.referee.name if m.referee else None, m.grid) for m in s.matches}
        assert after == before
        history = [e.kind for e in ctx.session.scalars(select(ShowEvent).where(ShowEvent.show_id == s.id))]
        assert history.count("card") == 5 and "draw" in history


def test_an_edit_after_open_makes_strategies_stale_and_tells_their_owners(lg: League) -> None:
    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    with lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
    with lg.act("Bo") as ctx:
        shows.submit(ctx, number, 1, "Brother Bob", BOB)
    lg.clock.advance(hours=1)
    with lg.act() as ctx:
        m = card.edit_match(ctx, number, 1, options={"type": "strap"})
        assert m.grid and card.is_stale(m, lg.clock.now - timedelta(minutes=5))
        assert m.sides[0].sheet == roster.competitor(ctx, "Friendly Sam").sheet
    with lg.act() as ctx:
        card.edit_match(ctx, number, 1, sides=["Friendly Sam", "Iron Ivan"])  # Bob leaves: his strategy goes
    with lg.act() as ctx:
        texts = {ctx.session.get_one(type(ctx.actor), n.member_id).name: n.text
                 for n in ctx.session.scalars(select(Notice).order_by(Notice.id))}
        assert "stale" in texts["Ann"]
        assert "no longer counts" in texts["Bo"] and "Smack." in texts["Bo"]  # nothing he wrote is lost
        assert [s.text for s in ctx.session.scalars(select(Submission))] == [SAM_STRATEGY]


def test_the_deadline_moves_and_a_draft_or_open_show_is_deleted(lg: League) -> None:
    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    with lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
    with lg.act() as ctx:
        card.move_deadline(ctx, number, lg.clock.now + timedelta(days=3))
    lg.clock.advance(days=2)
    with lg.act() as ctx:
        assert shows.lock_due(ctx) == []
    lg.clock.advance(days=2)
    with lg.act("Ann") as ctx:  # anyone's unit of work may lock a show that is due
        assert [s.status for s in shows.lock_due(ctx)] == ["locked"]
    other = open_show(lg, [("m2", ["Iron Ivan", "Lady Lightning"])])
    with lg.act() as ctx:
        card.delete_show(ctx, other)
    with pytest.raises(LeagueError, match="only a draft or open show is deleted"), lg.act() as ctx:
        card.delete_show(ctx, number)
    with lg.act() as ctx:  # the deleted show keeps its row (and its number), marked deleted
        assert [(s.number, s.status) for s in shows.shows(ctx)] == [(int(number), "locked"), (int(other), "deleted")]


def test_submit_checks_use_the_published_view_and_reveal_nothing_unpublished(lg: League) -> None:
    two = ("Strategy: +High Flying +Technical -Brawl\nRound\tTarget\tType\tNotes\n"
           "3\tStam\tFinisher\tOne.\n7\tStamina\tFinisher\tTwo.\n")
    first = open_show(lg, [("m2", ["Iron Ivan", "Lady Lightning"])])
    second = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    with lg.act() as ctx:
        shows.lock(ctx, first)
    with lg.act() as ctx:
        running.run_show(ctx, first)
        s = shows.show(ctx, first)
        sam = roster.competitor(ctx, "Friendly Sam")  # as if show 1 had moved Sam up a level
        record_push(ctx, sam, Push(1), Push(2), "test", s.id, None, None)
    with lg.act("Ann") as ctx:
        assert standing(ctx, roster.competitor(ctx, "Friendly Sam"), "current").push_level == 2
        assert standing(ctx, roster.competitor(ctx, "Friendly Sam"), "published").push_level == 1
    with pytest.raises(LeagueError, match="Push Level 1") as refused, lg.act("Ann") as ctx:
        shows.submit(ctx, second, 1, "Friendly Sam", two)
    assert "2" not in str(refused.value).split("Push Level")[1][:3]
    with lg.act() as ctx:
        running.publish(ctx, first)
    with lg.act("Ann") as ctx:
        shows.submit(ctx, second, 1, "Friendly Sam", two)  # now level 2 is public: two Specials fit


def test_a_strategy_the_run_finds_invalid_plays_the_automatic_player_and_the_owner_is_told(lg: League) -> None:
    two = ("Strategy: +High Flying +Technical -Brawl\nRound\tTarget\tType\tNotes\n"
           "3\tStam\tFinisher\tOne.\n7\tStamina\tFinisher\tTwo.\n")
    with lg.act() as ctx:
        roster.award_push(ctx, "Friendly Sam", Fraction(2), "a great promo")
    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    with lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", two)
    with lg.act() as ctx:  # Sam drops a level before the run (a show run in between would do this)
        sam = roster.competitor(ctx, "Friendly Sam")
        record_push(ctx, sam, Push(2), Push(1), "a loss", None, None, None)
        shows.lock(ctx, number)
    with lg.act() as ctx:
        s = running.run_show(ctx, number)
        assert s.status == "run"
        result = ctx.session.scalars(select(Result)).one()
        assert any("no longer fits" in n for n in result.notes)
        notice = ctx.session.scalars(select(Notice)).one()
        assert notice.visible_from_show == s.id and "automatic player" in notice.text


def test_a_team_special_limit_follows_its_members_current_levels(lg: League) -> None:
    two = ("Strategy: +Brawling +Cheating -Technical\nRound\tTarget\tType\tNotes\n"
           "3\tStam\tFinisher\tOne.\n7\tStamina\tFinisher\tTwo.\n")
    with lg.act() as ctx:
        roster.add_team(ctx, "Odd Couple", ["Friendly Sam", "Brother Bob"], owner="Ann")
        roster.add_team(ctx, "Steel", ["Iron Ivan", "Lady Lightning"], owner="Bo")
        roster.award_push(ctx, "Friendly Sam", Fraction(2), "promo")
        roster.award_push(ctx, "Brother Bob", Fraction(2), "promo")
    number = open_show(lg, [("m2", ["Odd Couple", "Steel"])])
    with lg.act("Ann") as ctx:  # the team sheet froze level 1 when the team was made; its level is 2 now
        shows.submit(ctx, number, 1, "Odd Couple", two)
    with lg.act() as ctx:
        shows.lock(ctx, number)
    with lg.act() as ctx:
        s = running.run_show(ctx, number)
        assert s.status == "run", s.run_error
        result = ctx.session.scalars(select(Result)).one()
        assert result.inputs[0]["strategy"] and result.inputs[0]["team"]["push_level"] == 2
        assert not any("no longer fits" in n for n in result.notes)
        for name in ("Odd Couple", "Friendly Sam", "Brother Bob"):  # members' records count the team's result
            c = roster.competitor(ctx, name)
            assert c.wins + c.losses + c.draws == 1


def test_a_team_enters_as_hurt_as_its_most_hurt_member(lg: League) -> None:
    with lg.act() as ctx:
        roster.add_team(ctx, "Odd Couple", ["Friendly Sam", "Brother Bob"], owner="Ann")
        roster.add_team(ctx, "Steel", ["Iron Ivan", "Lady Lightning"], owner="Bo")
        roster.competitor(ctx, "Brother Bob").injuries = 3
        roster.competitor(ctx, "Friendly Sam").injuries = 1
    number = open_show(lg, [("m2", ["Odd Couple", "Steel"])])
    with lg.act() as ctx:
        shows.lock(ctx, number)
    with lg.act() as ctx:
        running.run_show(ctx, number)
        result = ctx.session.scalars(select(Result)).one()
        assert result.inputs[0]["team"]["injuries"] == 3
        assert roster.competitor(ctx, "Odd Couple").injuries == 0  # injuries belong to wrestlers


def test_a_team_with_its_own_scores_is_built_and_saved(lg: League) -> None:
    # The rulebook's own sample team of Sam and Bob (Part I.3), with its own scores.
    doc = ("team:\n  name: Odd Couple\n  members: [Friendly Sam, Brother Bob]\n"
           "  stamina: 10\n  styles: {technical: 3, power: 1, martial_arts: 1, brawling: 3, weight: 5,"
           " high_flying: 2, cheating: 4, teamwork: 0}\n"
           "  defenses: {technical: 1, martial_arts: 1, high_flying: 1, cheating: 2}\n  high_spots: 1\n")
    with lg.act("Ann") as ctx, pytest.raises(LeagueError, match="no competitor 'Brother Bob' of yours"):
        roster.add_competitor(ctx, "m2", doc, "team.yaml")  # Bob is Bo's
    with lg.act() as ctx:
        team = roster.add_competitor(ctx, "m2", doc, "team.yaml", owner="Ann")
        assert team.members and team.sheet["team"]["stamina"] == 10
        assert "use" not in team.sheet["team"]


def test_reigns_are_dated_by_the_show_and_name_it(lg: League) -> None:
    from turnbuckle.league.queries import title_rows

    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])], title="Light-Heavyweight")
    with lg.act() as ctx:
        shows.lock(ctx, number)
    lg.clock.advance(days=5)
    with lg.act() as ctx:
        running.run_show(ctx, number)
        result = ctx.session.scalars(select(Result)).one()
    with lg.act() as ctx:
        rows = title_rows(ctx)[0]
        if result.winner_index is not None and result.method not in ("dq", "count-out"):
            assert rows["reigns"][0]["from"].startswith("2026-11-09")
            assert rows["reigns"][0]["show"] == int(number)


def test_a_teams_injury_point_goes_to_the_member_its_die_picked(lg: League) -> None:
    from turnbuckle.league.services.standing import apply_injuries

    with lg.act() as ctx:
        roster.add_team(ctx, "Odd Couple", ["Friendly Sam", "Brother Bob"], owner="Ann")
        roster.add_team(ctx, "Steel", ["Iron Ivan", "Lady Lightning"], owner="Bo")
    number = open_show(lg, [("m2", ["Odd Couple", "Steel"])])
    with lg.act() as ctx:
        shows.lock(ctx, number)
    with lg.act() as ctx:
        running.run_show(ctx, number)
    with lg.act() as ctx:
        for name in WRESTLER_NAMES:
            roster.competitor(ctx, name).injuries = 0
        result = ctx.session.scalars(select(Result)).one()
        events = [{"type": "injury_check", "side": "Odd Couple", "injured": True, "member_index": 1},
                  {"type": "injury_check", "side": "Odd Couple", "injured": True, "member_index": 1},
                  {"type": "injury_check", "side": "Steel", "injured": True, "member_index": 1},
                  {"type": "injury_check", "side": "Steel", "injured": False, "member_index": None}]
        comps = [roster.competitor(ctx, "Odd Couple"), roster.competitor(ctx, "Steel")]
        apply_injuries(ctx, comps, {"events": events}, ["Odd Couple", "Steel"], result, result.show_id, 1)
        hurt = {n: roster.competitor(ctx, n).injuries for n in (*WRESTLER_NAMES, "Odd Couple", "Steel")}
        assert hurt == {"Friendly Sam": 0, "Brother Bob": 2, "Iron Ivan": 0, "Lady Lightning": 1,
                        "Odd Couple": 0, "Steel": 0}


WRESTLER_NAMES = ("Friendly Sam", "Brother Bob", "Iron Ivan", "Lady Lightning")


def test_a_top_level_wrestler_with_two_points_who_loses_to_a_lower_level_drops_a_level() -> None:
    from turnbuckle.rulesets.matchmatch.between import after_match

    assert after_match(Push(5, Fraction(2)), 3, "loss", 5) == Push(4, Fraction(2))  # D2: not back to 5 with 0
    assert after_match(Push(3, Fraction(1, 2)), 1, "loss", 5) == Push(2, Fraction(1, 2))
    assert after_match(Push(1, Fraction(2)), 1, "loss", 5) == Push(1, Fraction(1))


@pytest.mark.parametrize("method", ["escape", "four corners", "ten count"])
def test_a_specialty_finish_changes_a_titles_hands_where_a_count_out_does_not(lg: League, method: str) -> None:
    from turnbuckle.league.services.standing import apply_title, current_reign

    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])], title="Light-Heavyweight")
    with lg.act() as ctx:
        shows.lock(ctx, number)
    with lg.act() as ctx:
        running.run_show(ctx, number)
    with lg.act() as ctx:
        s = shows.show(ctx, number)
        m = s.matches[0]
        result = ctx.session.scalars(select(Result)).one()
        title_id = m.title_id
        assert title_id is not None
        reign = current_reign(ctx, title_id)
        holder = reign.competitor_id if reign is not None else None
        comps = [sd.competitor for sd in m.sides]
        loser = next(i for i, c in enumerate(comps) if c.id != holder)  # the challenger wins
        assert apply_title(ctx, m, comps, loser, "count-out", result) == \
            "the Light-Heavyweight does not change hands on a count-out"
        assert "wins the Light-Heavyweight" in (apply_title(ctx, m, comps, loser, method, result) or "")
        new = current_reign(ctx, title_id)
        assert new is not None and new.competitor_id == comps[loser].id


def test_the_league_check_of_a_team_document_agrees_with_saving_it(lg: League) -> None:
    good = ("team:\n  name: Odd Couple\n  members: [Friendly Sam, Brother Bob]\n  use: Friendly Sam\n"
            "  styles: {weight: 2}\n")  # Sam's sheet, Teamwork lowered to 0, the freed point on Weight
    bad = good.replace("weight: 2", "weight: 9")
    with lg.act() as ctx:
        assert roster.check_sheet(ctx, "m2", good, "sheet") == ([], [])
        problems, _ = roster.check_sheet(ctx, "m2", bad, "sheet")
        assert problems and any("Weight" in p for p in problems)
        assert roster.competitors(ctx, "m2")[-1].name == "Lady Lightning"  # the check saved nothing
    with pytest.raises(RulesError), lg.act() as ctx:
        roster.add_competitor(ctx, "m2", bad, "sheet", owner="Ann")
    with lg.act() as ctx:
        team = roster.add_competitor(ctx, "m2", good, "sheet", owner="Ann")
        assert team.sheet["team"]["styles"]["weight"] == 2 and len(team.members) == 2


def test_unlocking_after_the_deadline_leaves_the_show_to_the_organiser_until_they_lock_it(lg: League) -> None:
    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    lg.clock.advance(days=2)
    with lg.act("Bo") as ctx:
        assert [s.number for s in shows.lock_due(ctx)] == [int(number)]
    with lg.act() as ctx:
        shows.unlock(ctx, number)
    with lg.act("Bo") as ctx:  # not locked again behind the organiser's back while they mend the card
        assert shows.lock_due(ctx) == []
    with lg.act() as ctx:
        card.edit_match(ctx, number, 1, options={"type": "cage"})
    with lg.act() as ctx:
        shows.lock(ctx, number)
        assert running.run_show(ctx, number).status == "run"


def test_an_edit_that_changes_nothing_makes_nothing_stale_but_a_sheet_change_refreezes(lg: League) -> None:
    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    with lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
    lg.clock.advance(hours=1)
    with lg.act() as ctx:
        m = card.edit_match(ctx, number, 1, options={})
        assert m.edited_at is None and ctx.session.scalars(select(Notice)).first() is None
    sheet = roster.competitor
    with lg.act("Ann") as ctx:
        text = get_sample("friendly-sam").replace("technical: 5", "technical: 4").replace("power: 1", "power: 2")
        roster.replace_sheet(ctx, "Friendly Sam", text, "sam.yaml")
    with lg.act() as ctx:
        m = card.edit_match(ctx, number, 1)  # the organiser lets the new sheet in: it is frozen anew
        assert m.edited_at is not None and m.sides[0].sheet == sheet(ctx, "Friendly Sam").sheet
        assert m.sides[0].sheet is not None and m.sides[0].sheet["wrestler"]["styles"]["power"] == 2
        assert "stale" in ctx.session.scalars(select(Notice)).one().text


def get_sample(sample_id: str) -> str:
    from tests.league.helpers import sample

    return sample("m2", sample_id)
