"""The feeds, read back with real parsers: the league's calendar (icalendar) has each public show on
its date and its deadline at its time, with stable UIDs and a SEQUENCE that goes up when the
deadline moves; a member's private calendar holds their own matches only and stops at revocation;
the Atom feed (feedparser) has each published show with its results post; every page links both."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import feedparser
import icalendar
from fastapi.testclient import TestClient

from tests.league.helpers import SAM_STRATEGY, open_show
from tests.web.support import Site, post_form, sign_in
from turnbuckle.league.backup import backup, restore_into
from turnbuckle.league.services import card, running, shows
from turnbuckle.web.app import create_app

CARD = [("m2", ["Friendly Sam", "Brother Bob"])]


def events(text: str) -> dict[str, icalendar.cal.Component]:
    cal = icalendar.Calendar.from_ical(text)
    return {str(e["UID"]): e for e in cal.walk("VEVENT")}


def seq(event: icalendar.cal.Component) -> int:
    return int(str(event["SEQUENCE"]))


def test_the_league_calendar_moves_its_events_instead_of_adding_them(site: Site, tmp_path: Path) -> None:
    lg = site.league
    client = site.client()
    with lg.act() as ctx:
        shows.create_show(ctx, "Draft", "2026-12-01", lg.clock.now + timedelta(days=20))  # not public yet
    number = open_show(lg, CARD)
    r = client.get("/feeds/league.ics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/calendar")
    assert all(len(line.encode()) <= 75 for line in r.text.split("\r\n"))
    first = events(r.text)
    assert len(first) == 2  # the open show and its deadline; the draft is not shown
    day = next(e for uid, e in first.items() if uid.startswith("show-"))
    deadline = next(e for uid, e in first.items() if uid.startswith("deadline-"))
    assert day.decoded("DTSTART") == date(2026, 11, 9) and seq(day) == 0
    assert deadline.decoded("DTSTART") == lg.clock.now + timedelta(days=1)
    assert "Test Fed" in str(day["SUMMARY"]) and str(day["URL"]).endswith(f"/shows/{number}")
    assert events(client.get("/feeds/league.ics").text).keys() == first.keys()
    with lg.act() as ctx:
        card.move_deadline(ctx, number, datetime(2026, 11, 4, 20, 0, tzinfo=UTC))
    moved = events(client.get("/feeds/league.ics").text)
    assert moved.keys() == first.keys()
    assert seq(moved[str(deadline["UID"])]) == 1
    assert moved[str(deadline["UID"])].decoded("DTSTART") == datetime(2026, 11, 4, 20, 0, tzinfo=UTC)
    assert seq(moved[str(day["UID"])]) == 0  # the date did not move
    restored = f"sqlite:///{tmp_path / 'restored.db'}"  # a backup keeps the numbers: a restored feed goes on
    restore_into(restored, backup(lg.engine))
    with TestClient(create_app(restored, clock=lg.clock, notify_every=None)) as again:
        assert {u: seq(e) for u, e in events(again.get("/feeds/league.ics").text).items()} == {
            u: seq(e) for u, e in moved.items()}


def test_a_private_calendar_holds_the_members_matches_until_revoked(site: Site) -> None:
    lg = site.league
    open_show(lg, CARD)
    open_show(lg, [("boxing", ["Mika Sato", "Rico Vance"])])  # Ann's Mika Sato is here
    open_show(lg, [("m2", ["Lady Lightning", "Brother Bob"])])  # Bo's only
    ann = site.client()
    sign_in(ann, "Ann")
    page = post_form(ann, "/account/notifications/feeds", {}, "/account/notifications")
    address = page.text.split('id="new-feed">')[1].split("<")[0]
    assert address.startswith("http://testserver/feeds/member/cal_")
    path = address.removeprefix("http://testserver")
    mine = events(site.client().get(path).text)
    summaries = sorted(str(e["SUMMARY"]) for uid, e in mine.items() if uid.startswith("match-"))
    assert len(summaries) == 2 and "Friendly Sam vs Brother Bob" in summaries[0]
    assert "Mika Sato vs Rico Vance" in summaries[1]
    assert not any("Lady Lightning" in str(e["SUMMARY"]) for e in mine.values())
    assert len([u for u in mine if u.startswith("deadline-")]) == 2
    revoke = page.text.split('action="/account/notifications/feeds/')[1].split('"')[0]
    post_form(ann, f"/account/notifications/feeds/{revoke}", {}, "/account/notifications")
    assert site.client().get(path).status_code == 404
    assert site.client().get("/feeds/member/cal_nothing.ics").status_code == 404


def test_the_atom_feed_has_each_published_show_with_its_results(site: Site) -> None:
    lg = site.league
    client = site.client()
    home = client.get("/").text
    assert '<link rel="alternate" type="application/atom+xml"' in home and 'href="/feeds/shows.atom"' in home
    assert '<link rel="alternate" type="text/calendar"' in home and 'href="/feeds/league.ics"' in home
    empty = feedparser.parse(client.get("/feeds/shows.atom").text)
    assert empty.bozo == 0 and empty.entries == []
    number = open_show(lg, CARD)
    with lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
    lg.clock.advance(days=1, minutes=1)
    with lg.act() as ctx:
        shows.lock(ctx, number)
        running.run_show(ctx, number)
    [locked] = feedparser.parse(client.get("/feeds/shows.atom").text).entries  # run, not published: the lock only
    assert locked.id.endswith(":locked:" + locked.summary.split()[-1]) and "Friendly Sam" not in locked.content[0].value
    with lg.act() as ctx:
        running.publish(ctx, number)
    r = client.get("/feeds/shows.atom")
    assert r.headers["content-type"].startswith("application/atom+xml")
    feed = feedparser.parse(r.text)
    assert feed.bozo == 0 and feed.feed.title == "Test Fed: results"
    entry, lock_entry = feed.entries  # newest first: the results, then the commitment made at lock
    assert lock_entry.id == locked.id
    assert entry.title.startswith(f"Show {number}: Week") and entry.link == f"http://testserver/shows/{number}"
    assert entry.id.startswith("urn:turnbuckle:show:")
    assert "Friendly Sam" in entry.content[0].value and entry.content[0].type == "text/html"
    assert feedparser.parse(client.get("/feeds/shows.atom").text).entries[0].id == entry.id
