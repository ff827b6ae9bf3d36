"""The feeds with hostile text, read back with real parsers: characters XML 1.0 forbids (a control
character, U+FFFE: a strategy's note may hold them, and the results post quotes a note) are left out,
so the Atom feed stays well-formed; names with commas, semicolons, backslashes and quotes come back
from the calendar as written, its lines folded at 75 octets."""

from __future__ import annotations

import xml.dom.minidom
from datetime import UTC, datetime, timedelta

import feedparser
import icalendar

from tests.web.support import Site
from turnbuckle.league.notify import atom, ical
from turnbuckle.league.services import shows
from turnbuckle.league.services.card import add_match


def test_text_xml_and_icalendar_forbid_is_left_out() -> None:
    when = datetime(2026, 11, 2, 18, 0, tzinfo=UTC)
    hostile = "a\x00b\x1bc\x7fd\ufffee\ufffff \u2603, \\; \"q\""
    doc = atom.feed("urn:x", hostile, "https://x.example/self", "https://x.example/",
                    [atom.Entry("urn:e", hostile, when, "https://x.example/e", f"<p>{hostile}</p>", hostile)], when)
    xml.dom.minidom.parseString(doc.encode())
    assert feedparser.parse(doc).feed.title == "abcdef \u2603, \\; \"q\""
    cal = ical.calendar(hostile, [ical.Event("u@x", hostile, 0, when, at=when + timedelta(days=1),
                                             description="tab\tkept")])
    assert all(ord(c) >= 32 or c in "\r\n\t" for c in cal) and "\x7f" not in cal
    [event] = icalendar.Calendar.from_ical(cal).walk("VEVENT")
    assert str(event["SUMMARY"]) == "abcd\ufffee\uffff" + "f \u2603, \\; \"q\""  # not XML: no rule against these
    assert str(event["DESCRIPTION"]) == "tab\tkept"


def test_hostile_names_come_back_from_the_calendar_as_written(site: Site) -> None:
    lg = site.league
    name = 'Week, 1; a\\b "quoted" <b>&amp;</b> ' + "\u2603" * 40
    with lg.act() as ctx:
        s = shows.create_show(ctx, name, "2026-11-09", lg.clock.now + timedelta(days=1))
        add_match(ctx, str(s.number), "m2", ["Friendly Sam", "Brother Bob"], None, None, None, rebook=True)
        shows.open_show(ctx, str(s.number))
    text = site.client().get("/feeds/league.ics").text
    assert all(len(line.encode()) <= 75 for line in text.split("\r\n"))
    events = icalendar.Calendar.from_ical(text).walk("VEVENT")
    assert any(str(e["SUMMARY"]).endswith(f"show {s.number}, {name}") for e in events)
    assert any(str(e.get("DESCRIPTION", "")) == f"The strategy deadline for {name}." for e in events)
