"""An iCalendar (RFC 5545) writer for the league's feeds: text escaped, lines folded at 75 octets,
CRLF line ends. Only what the feeds need: all-day and timed events with stable UIDs and SEQUENCE."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta


@dataclass(frozen=True)
class Event:
    uid: str
    summary: str
    sequence: int
    stamp: datetime  # DTSTAMP: when this version of the event was made
    day: date | None = None  # an all-day event on this date
    at: datetime | None = None  # else a timed event at this moment (no end: a moment)
    description: str = ""
    url: str = ""


#: The controls RFC 5545 allows in no TEXT value (a line break is written as \\n; a tab stays).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")


def escape(text: str) -> str:
    text = _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def fold(line: str) -> str:
    """A content line folded into lines of at most 75 octets (never splitting a character)."""
    out: list[str] = []
    current, size = "", 0
    for ch in line:
        n = len(ch.encode())
        if size + n > (75 if not out else 74):
            out.append(current)
            current, size = "", 0
        current += ch
        size += n
    out.append(current)
    return "\r\n ".join(out)


def _utc(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def calendar(name: str, events: list[Event], *, description: str = "") -> str:
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//turnbuckle//league feed//EN", "CALSCALE:GREGORIAN",
             "METHOD:PUBLISH", f"X-WR-CALNAME:{escape(name)}"]
    if description:
        lines.append(f"X-WR-CALDESC:{escape(description)}")
    for e in events:
        lines += ["BEGIN:VEVENT", f"UID:{escape(e.uid)}", f"DTSTAMP:{_utc(e.stamp)}", f"SEQUENCE:{e.sequence}"]
        if e.day is not None:
            lines += [f"DTSTART;VALUE=DATE:{e.day:%Y%m%d}", f"DTEND;VALUE=DATE:{e.day + timedelta(days=1):%Y%m%d}",
                      "TRANSP:TRANSPARENT"]
        elif e.at is not None:
            lines.append(f"DTSTART:{_utc(e.at)}")
        lines.append(f"SUMMARY:{escape(e.summary)}")
        if e.description:
            lines.append(f"DESCRIPTION:{escape(e.description)}")
        if e.url:
            lines.append(f"URL:{e.url}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)
