"""``turnbuckle league`` mending a card, on SQLite and PostgreSQL: ``card add --rebook``, ``card
edit|remove|move``, ``show deadline|delete``, ``unlock --deadline``, a failed ``run`` (exit 1, the
show stays locked with its reason, and how to mend it), and ``notices`` for the acting member.
Every refusal is one line, exit 2, with the database unchanged."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select

from tests.cli.helpers import one_error_line, tb
from tests.league.conftest import pg_admin, pg_session_db, sqlite_template, url  # noqa: F401  (fixtures)
from tests.league.helpers import SAM_STRATEGY, League, build
from turnbuckle.league.backup import backup
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.models import Member, Notice
from turnbuckle.league.services import card, running, shows

DEADLINE = "2099-01-04 20:00"


@pytest.fixture
def lg(url: str) -> Iterator[League]:  # noqa: F811  (the url fixture above)
    """Organiser Fran, players Ann and Bo with their wrestlers (tests/league/helpers), and show 1, a
    draft due in 2099 with Friendly Sam vs Brother Bob on its card."""
    league = build(url)
    ok(league, "show", "create", "Week 1", "--date", "2099-01-05", "--deadline", DEADLINE)
    ok(league, "card", "add", "1", "m2", "Friendly Sam", "Brother Bob")
    yield league
    league.close()


def ok(lg: League, *args: str) -> str:
    result = tb("league", *args, "--db", lg.url)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return str(result.stdout)


def refused(lg: League, *args: str) -> str:
    """The command fails with one line, exit 2, and the database is as it was."""
    before = backup(lg.engine)["tables"]
    message = one_error_line(tb("league", *args, "--db", lg.url))
    assert backup(lg.engine)["tables"] == before
    return message


def card_of(lg: League) -> list[dict[str, Any]]:
    return json.loads(ok(lg, "card", "view", "1", "-f", "json"))  # type: ignore[no-any-return]


def test_a_competitor_booked_twice_needs_rebook(lg: League) -> None:
    assert "already booked in match 1 of show 1" in refused(lg, "card", "add", "1", "m2", "Iron Ivan", "Brother Bob")
    ok(lg, "card", "add", "1", "m2", "Iron Ivan", "Brother Bob", "--rebook")
    assert [[s["name"] for s in m["sides"]] for m in card_of(lg)] == [["Friendly Sam", "Brother Bob"],
                                                                       ["Iron Ivan", "Brother Bob"]]


def test_card_edit_changes_sides_options_referee_and_title(lg: League) -> None:
    out = ok(lg, "card", "edit", "1", "1", "--side", "Iron Ivan", "--sides", "Lady Lightning", "-o", "type=cage",
             "-o", "rounds=10", "--referee", "Zero Tolerance", "--title", "Light-Heavyweight")
    assert "show 1 match 1 changed:" in out and "Iron Ivan vs Lady Lightning" in out
    m = card_of(lg)[0]
    assert m["options"] == {"type": "cage", "rounds": "10"} and m["referee"] == "Zero Tolerance"
    assert m["title"] == "Light-Heavyweight" and not m["referee_drawn"]
    ok(lg, "card", "edit", "1", "1", "-o", "rounds=", "--drawn-referee", "--no-title")  # KEY= takes one off
    m = card_of(lg)[0]
    assert m["options"] == {"type": "cage"} and m["referee"] is None and m["title"] is None
    ok(lg, "card", "edit", "1", "1", "--clear-options")
    assert card_of(lg)[0]["options"] == {}
    assert "give --referee NAME or --drawn-referee, not both" in refused(
        lg, "card", "edit", "1", "1", "--referee", "Sam Atan", "--drawn-referee")
    assert "give --title NAME or --no-title, not both" in refused(lg, "card", "edit", "1", "1", "--title", "X",
                                                                 "--no-title")
    assert refused(lg, "card", "edit", "1", "1").startswith("nothing to change")
    assert "show 1 has no match 3" in refused(lg, "card", "edit", "1", "3", "--no-title")
    assert "only the organiser may edit the card" in refused(lg, "card", "edit", "1", "1", "--no-title",
                                                             "--as", "Ann")


def test_an_edit_on_an_open_show_makes_strategies_stale_and_notices_tell_their_owner(lg: League) -> None:
    ok(lg, "open", "1")
    with lg.act("Ann") as ctx:
        shows.submit(ctx, "1", 1, "Friendly Sam", SAM_STRATEGY)
    out = ok(lg, "card", "edit", "1", "1", "-o", "type=strap")
    assert "grid " in out and "the strategies sent for 1 of its sides are stale now" in out
    listed = ok(lg, "notices", "--as", "Ann")
    assert "show 1" in listed and "your strategy for Friendly Sam is stale" in listed
    assert ok(lg, "notices", "--as", "Bo").strip() == "no unread notices for Bo"
    data = json.loads(ok(lg, "notices", "--as", "Ann", "-f", "json", "--mark-read"))
    assert [n["show"] for n in data] == [1] and data[0]["read"] is None
    assert ok(lg, "notices", "--as", "Ann").strip() == "no unread notices for Ann"
    assert "(read " in ok(lg, "notices", "--as", "Ann", "--all")
    with lg.act() as ctx:  # a notice held back until a show is published is not listed before then
        s = shows.show(ctx, "1")
        ann = ctx.session.scalars(select(Member).where(Member.name == "Ann")).one()
        card.notify(ctx, ann.id, s, "held until published", hold_until=s)
    assert "held until published" not in ok(lg, "notices", "--as", "Ann", "--all")
    with lg.act() as ctx:
        shows.show(ctx, "1").status = "published"
    assert "held until published" in ok(lg, "notices", "--as", "Ann")
    with lg.act() as ctx:
        assert len(ctx.session.scalars(select(Notice)).all()) == 2


def test_matches_move_and_come_off(lg: League) -> None:
    ok(lg, "card", "add", "1", "m2", "Iron Ivan", "Lady Lightning")
    out = ok(lg, "card", "move", "1", "2", "1")
    assert out.splitlines()[0] == "show 1: match 2 is match 1 now"
    assert [m["sides"][0]["name"] for m in card_of(lg)] == ["Iron Ivan", "Friendly Sam"]
    assert "the card has places 1 to 2, not 3" in refused(lg, "card", "move", "1", "1", "3")
    out = ok(lg, "card", "remove", "1", "1")
    assert "match 1 is off the card; it has 1 now" in out
    assert [m["sides"][0]["name"] for m in card_of(lg)] == ["Friendly Sam"]
    assert "show 1 has no match 4" in refused(lg, "card", "remove", "1", "4")


def test_the_deadline_moves_in_league_time(lg: League) -> None:
    out = ok(lg, "show", "deadline", "1", "2099-01-05 09:30")
    assert out.strip() == "show 1: strategies due 2099-01-05 09:30 GMT"  # Europe/London in winter
    assert "'Friday' is not a time" in refused(lg, "show", "deadline", "1", "Friday")
    assert "no show '9'" in refused(lg, "show", "deadline", "9", "2099-01-05 09:30")


def test_a_show_is_deleted_only_with_yes_and_only_before_lock(lg: League) -> None:
    assert "add --yes to delete show 1" in refused(lg, "show", "delete", "1")
    assert ok(lg, "show", "delete", "1", "--yes").strip() == "show 1 (Week 1) is deleted"
    listed = ok(lg, "show", "list").splitlines()  # kept, as deleted, so that its number is never reused
    assert len(listed) == 2 and listed[1].split()[:3] == ["1", "Week", "1"] and " deleted " in listed[1]
    ok(lg, "show", "create", "Week 2", "--date", "2099-01-12", "--deadline", "2099-01-11 20:00")
    ok(lg, "card", "add", "2", "m2", "Friendly Sam", "Brother Bob")
    ok(lg, "open", "2")
    ok(lg, "lock", "2")
    assert "only a draft or open show is deleted" in refused(lg, "show", "delete", "2", "--yes")


def test_a_failed_run_exits_1_keeps_the_show_locked_and_says_how_to_mend_it(
        lg: League, monkeypatch: pytest.MonkeyPatch) -> None:
    ok(lg, "open", "1")
    ok(lg, "lock", "1")

    def broken(*args: object) -> list[str]:
        raise LeagueError("the power went out")

    monkeypatch.setattr(running, "play_match", broken)
    message = one_error_line(tb("league", "run", "1", "-q", "--db", lg.url), code=1)
    assert message.startswith("show 1 did not run: the power went out. Nothing was applied and it stays locked")
    assert "'turnbuckle league unlock 1'" in message and "'turnbuckle league lock 1'" in message
    with lg.act() as ctx:  # the reason is kept with the show
        s = shows.show(ctx, "1")
        assert s.status == "locked" and s.run_error == "the power went out"
    monkeypatch.undo()
    assert "'Soon' is not a time" in refused(lg, "unlock", "1", "--deadline", "Soon")  # nor is it unlocked
    out = ok(lg, "unlock", "1", "--deadline", "2099-01-06 18:00")
    assert out.strip() == "show 1 is open; strategies due 2099-01-06 18:00 GMT"
    ok(lg, "card", "edit", "1", "1", "-o", "rounds=8")
    ok(lg, "lock", "1")
    out = ok(lg, "run", "1", "-q")
    assert "show 1 has run; seed revealed:" in out


def test_a_deadline_already_past_is_refused_at_create_and_at_deadline(lg: League) -> None:
    """A past deadline would lock the show at once: refused in one line, exit 2, nothing stored."""
    assert "has passed" in refused(lg, "show", "deadline", "1", "2020-01-05 09:30")
    assert "has passed" in refused(lg, "show", "create", "Late", "--date", "2020-01-06",
                                   "--deadline", "2020-01-05 09:30")
