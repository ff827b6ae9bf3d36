"""A key names one kind of row: ``#27`` (or ``id:27``) an id, ``uid:...`` a uid, anything else a
name, so a wrestler named "27" and competitor #27 are each reached by their own key (on both
databases, through the services and the command line); names that look like ids are refused."""

from __future__ import annotations

import pytest
from sqlalchemy import select, update
from typer.testing import CliRunner

from tests.league.helpers import SAM_STRATEGY, League, open_show, sample
from turnbuckle.cli.app import app
from turnbuckle.league.errors import LeagueError, NotFound
from turnbuckle.league.keys import MAX_ID, Key, as_id, id_like, parse_key
from turnbuckle.league.models import CardSide, Competitor, PushChange, Submission
from turnbuckle.league.services import roster, shows

BOB = "Strategy: +Cheating +Brawling -MA, Grid 2\nRound\tTarget\tType\tNotes\n1\tMA\tNormal\tSmack.\n"


def test_a_key_is_an_id_a_uid_or_a_name_by_its_form_alone() -> None:
    assert parse_key("27") == Key("name", "27")
    assert parse_key(" #27 ") == parse_key("id:27") == parse_key("ID:27") == Key("id", "27")
    assert parse_key("uid:0A1B2C3D4E5F6071") == Key("uid", "0a1b2c3d4e5f6071")
    assert parse_key("#1 Contender") == Key("name", "#1 Contender")
    assert parse_key("0a1b2c3d4e5f6071") == Key("name", "0a1b2c3d4e5f6071")
    assert parse_key("#٢٧") == Key("name", "#٢٧") and as_id("²") is None
    assert Key("id", "9" * 5000).number is None and as_id(str(MAX_ID + 1)) is None and as_id("007") == 7
    assert all(id_like(n) for n in ("27", "#27", "id: 27", "0a1b2c3d4e5f6071", "uid:0a1b2c3d4e5f6071", "UID:abc"))
    assert all(parse_key(n).kind != "name" for n in ("#27", "id: 27", "uid:0a1b2c3d4e5f6071", "UID:abc"))
    assert not any(id_like(n) for n in ("No. 27", "#1 Contender", "27 Club", "Agent 47", "deadbeef"))


def _twins(lg: League) -> tuple[int, str, int]:
    """Ann's Friendly Sam renamed after Bo's Brother Bob's id (as a database from before the rule
    may hold it), Bob given an id above every other (the tests' PostgreSQL keeps its sequences
    between tests, so no fixed number is free); the wrestler named after it has the lower id, so it
    comes first. Returns (Sam's id, Bob's uid, Bob's id)."""
    from sqlalchemy import func

    with lg.act() as ctx:
        bob = roster.competitor_named(ctx, "Brother Bob")
        uid = bob.uid
        twin = (ctx.session.scalar(select(func.max(Competitor.id))) or 0) + 1000
        ctx.session.execute(update(Competitor).where(Competitor.id == bob.id).values(id=twin))
        ctx.session.execute(update(Competitor).where(Competitor.name == "Friendly Sam").values(name=str(twin)))
    with lg.act() as ctx:
        sam = roster.competitor_named(ctx, str(twin))
        assert sam.id < twin and sam.owner.name == "Ann"
        return sam.id, uid, twin


def test_a_wrestler_named_27_and_competitor_27_each_by_its_own_key(lg: League) -> None:
    sam_id, bob_uid, twin = _twins(lg)
    with lg.act() as ctx:
        assert roster.competitor(ctx, str(twin)).id == roster.competitor_named(ctx, str(twin)).id == sam_id
        for key in (f"#{twin}", f"id:{twin}", f"uid:{bob_uid}"):
            assert roster.competitor(ctx, key).name == "Brother Bob", key
        assert roster.competitor_by_id(ctx, twin).name == roster.competitor_by_uid(ctx, bob_uid).name == "Brother Bob"
        assert roster.competitor_by_id(ctx, sam_id).name == str(twin)
        for key in (f"#{2**63}", f"#{2**64}", "#" + "9" * 5000, bob_uid, f"#{twin + 1}"):
            with pytest.raises(NotFound, match="no competitor"):
                roster.competitor(ctx, key)
        for cid in (-1, 2**63, 2**64):
            with pytest.raises(NotFound):
                roster.competitor_by_id(ctx, cid)
    number = open_show(lg, [("m2", [str(twin), f"#{twin}"])])
    with lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, str(twin), SAM_STRATEGY)
    with lg.act("Bo") as ctx:
        shows.submit(ctx, number, 1, f"#{twin}", BOB)
        with pytest.raises(LeagueError, match="belongs to Ann"):
            shows.submit(ctx, number, 1, str(twin), BOB)
    with lg.act() as ctx:
        q = select(CardSide.competitor_id, Submission.text).join(CardSide, Submission.side_id == CardSide.id)
        sent = sorted(tuple(row) for row in ctx.session.execute(q))
        assert sent == [(sam_id, SAM_STRATEGY), (twin, BOB)]


def test_the_command_line_books_and_awards_by_name_or_by_hash_id(lg: League) -> None:
    sam_id, _, twin = _twins(lg)
    with lg.act() as ctx:
        number = str(shows.create_show(ctx, "Week", "2099-01-05", lg.clock.now.replace(year=2099)).number)
    runner = CliRunner()
    booked = runner.invoke(app, ["league", "card", "add", number, "m2", str(twin), f"#{twin}", "--db", lg.url])
    assert booked.exit_code == 0, booked.stderr
    assert f"show {number} match 1: {twin} vs Brother Bob" in booked.stdout
    for key, points in ((f"#{twin}", "1"), (str(twin), "1/2")):
        awarded = runner.invoke(app, ["league", "award", key, points, "--reason", "promo", "--db", lg.url])
        assert awarded.exit_code == 0, awarded.stderr
    missing = runner.invoke(app, ["league", "award", f"#{2**64}", "1", "--reason", "x", "--db", lg.url])
    assert missing.exit_code == 2 and f"no competitor #{2**64}" in missing.stderr
    with lg.act() as ctx:
        got = {(c.competitor_id, c.points_after) for c in ctx.session.scalars(select(PushChange))}
    assert got == {(twin, "1"), (sam_id, "1/2")}


def test_names_that_look_like_ids_are_refused_and_others_kept(lg: League) -> None:
    with lg.act() as ctx:
        for bad in ("27", "#27", "id:27", "0a1b2c3d4e5f6071"):
            with pytest.raises(LeagueError, match=f"may not be named '{bad}'.*add a word"):
                roster.add_member(ctx, bad)
        with pytest.raises(LeagueError, match="a title may not be named '42'"):
            roster.add_title(ctx, "42", "m2")
        with pytest.raises(LeagueError, match="a team may not be named '123'"):
            roster.add_team(ctx, "123", ["Friendly Sam", "Iron Ivan"], owner="Ann")
        with pytest.raises(LeagueError, match="a referee may not be named '99'"):
            roster.add_referee(ctx, "name: '99'\ntype: By the Book\ndq_threshold: 4\n", "ref.yaml")
        sam = sample("m2", "friendly-sam")
        with pytest.raises(LeagueError, match="a competitor may not be named '1234'"):
            roster.add_competitor(ctx, "m2", sam.replace("name: Friendly Sam", "name: '1234'"), "sam.yaml", "Ann")
        with pytest.raises(LeagueError, match="a competitor may not be named '77'"):
            roster.replace_sheet(ctx, "Friendly Sam", sam.replace("name: Friendly Sam", "name: '77'"), "sam.yaml")
        title = roster.add_title(ctx, "#1 Contender", "m2")
        assert roster.title(ctx, "#1 contender").id == roster.title(ctx, f"#{title.id}").id == title.id
        ref = roster.referee(ctx, "Sam Atan")
        assert roster.referee(ctx, f"#{ref.id}").id == roster.referee(ctx, f"uid:{ref.uid}").id == ref.id
        with pytest.raises(NotFound, match="no referee #"):
            roster.referee(ctx, f"#{2**63}")
        assert roster.add_member(ctx, "No. 27").name == "No. 27"
    _, _, twin = _twins(lg)
    with lg.act() as ctx:  # a row named before the rule keeps its name when its sheet is replaced
        text = sample("m2", "friendly-sam").replace("name: Friendly Sam", f"name: '{twin}'")
        kept = roster.replace_sheet(ctx, str(twin), text, "s.yaml")
        assert kept.name == str(twin)


def test_a_show_by_number_or_uid(lg: League) -> None:
    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    with lg.act() as ctx:
        s = shows.show(ctx, number)
        for key in (f"#{number}", f"id:{number}", f"uid:{s.uid}", s.uid, f" {number} "):
            assert shows.show(ctx, key).id == s.id, key
        for key in ("99", str(2**63), str(2**64), "9" * 5000, "-1", "uid:0000000000000000", "Week", "²", "#٢"):
            with pytest.raises(NotFound, match="no show"):
                shows.show(ctx, key)
