"""What each message says. The announcement and the results post are read by ``league.queries_posts``
and laid out by ``league.post`` (the formats shared with the organiser's copy-and-paste posts); the
reminder, the commitment at lock, the receipt and the address confirmation are short texts written
here. A webhook body is written here with its text in ``content`` and ``text`` and a stable
``turnbuckle`` object, then shaped for the dialect the receiver reads (``dialects.shaped``: Discord,
Slack or plain JSON); an e-mail is a subject, a text body and, for the posts, an HTML alternative."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from turnbuckle.league import queries_posts
from turnbuckle.league.context import context
from turnbuckle.league.models import League, Show
from turnbuckle.league.notify.dialects import LIMITS
from turnbuckle.league.post import compose, slack
from turnbuckle.league.post.discord import pack
from turnbuckle.league.post.links import base_links
from turnbuckle.league.queries_posts import announcement_of, results_card

#: The webhook body's format version (the ``turnbuckle`` object's ``version``).
BODY_VERSION = 1
#: Discord refuses a message over 2,000 characters.
MAX_CONTENT = 2000


def show_url(base: str, s: Show) -> str:
    return f"{base}/shows/{s.number}" if base else ""


def local(league: League, when: datetime) -> str:
    return when.astimezone(ZoneInfo(league.timezone)).strftime("%Y-%m-%d %H:%M %Z")


def post_parts(session: Session, s: Show, kind: str, fmt: str, base: str) -> list[str]:
    """The announcement (``open``) or the results post (``results``) of ``s`` in ``fmt``."""
    make = queries_posts.announcement if kind == "open" else queries_posts.results_post
    return [p for p in make(session, str(s.number), fmt, base_url=base) if p.strip()]


def dialect_parts(session: Session, s: Show, kind: str, dialect: str, base: str) -> list[str]:
    """The announcement or results post as a webhook in ``dialect`` sends it: Discord's messages,
    Slack's (mrkdwn, each at most its limit), or the whole plain text as one."""
    if dialect == "discord":
        return fit(post_parts(session, s, kind, "discord", base))
    if dialect == "slack":
        return fit(pack(slack_units(session, s, kind, base), LIMITS["slack"], "\n\n"), LIMITS["slack"])
    return ["\n\n".join(post_parts(session, s, kind, "text", base))]


def slack_units(session: Session, s: Show, kind: str, base: str) -> list[str]:
    """The post's units in Slack's mrkdwn (league/post/slack.py; not a ``league post`` format)."""
    ctx, links = context(session), base_links(base)
    if kind == "open":
        doc = compose.announcement(announcement_of(ctx, str(s.number), links))
    else:
        doc = compose.results_post(results_card(ctx, str(s.number), links))
    return [u for u in slack.render(doc) if u.strip()]


def fit(parts: list[str], limit: int = MAX_CONTENT) -> list[str]:
    """``parts`` with any part longer than ``limit`` cut at line ends (a line longer than that in pieces)."""
    out: list[str] = []
    for part in parts:
        chunk = ""
        for line in part.splitlines(keepends=True):
            while len(line) > limit:
                if chunk:
                    out.append(chunk)
                    chunk = ""
                out.append(line[:limit])
                line = line[limit:]
            if len(chunk) + len(line) > limit:
                out.append(chunk)
                chunk = ""
            chunk += line
        if chunk.strip():
            out.append(chunk)
    return out


def hours_left(deadline: datetime, now: datetime) -> str:
    minutes = max(0, int((deadline - now).total_seconds() // 60))
    if minutes >= 120:
        return f"{round(minutes / 60)} hours"
    if minutes >= 60:
        return "1 hour" if minutes < 90 else f"{round(minutes / 60)} hours"
    return f"{minutes} minutes"


def reminder_text(league: League, s: Show, now: datetime, base: str) -> str:
    link = show_url(base, s)
    return (f"Strategies for show {s.number}, {s.name} ({league.name}), are due in {hours_left(s.deadline, now)}: "
            f"by {local(league, s.deadline)}." + (f"\nThe card: {link}" if link else ""))


def receipt_text(league: League, s: Show, competitor: str, position: int, digest: str, at: datetime) -> str:
    return (f"Your strategy for {competitor} in match {position} of show {s.number}, {s.name} ({league.name}), "
            f"was received at {local(league, at)}.\nIts SHA-256: {digest}\n"
            "The show's manifest lists this hash when the show locks; check it there.")


def locked_text(league: League, s: Show, at: datetime, base: str) -> str:
    """The commitment sent at lock: the hash the show seed revealed with the results must have."""
    link = show_url(base, s)
    return (f"Show {s.number}, {s.name} ({league.name}), locked at {local(league, at)}: no more strategies.\n"
            f"The SHA-256 of its secret show seed: {s.seed_sha256}\n"
            "Keep this message. The seed is revealed with the results and must hash to this value; "
            f"check it with: turnbuckle verify EXPORT --commitment {s.number}={s.seed_sha256}"
            + (f"\nThe show: {link}" if link else ""))


def show_facts(s: Show, base: str) -> dict[str, Any]:
    return {"number": s.number, "uid": s.uid, "name": s.name, "date": s.show_date,
            "deadline": s.deadline.isoformat(), "url": show_url(base, s)}


def webhook_body(league: League, event_id: str, kind: str, content: str, facts: dict[str, Any], *,
                 part: int = 1, parts: int = 1, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """A webhook's JSON body before its dialect (``dialects.shaped`` keeps what the receiver reads):
    the text in ``content`` and ``text``; ``allowed_mentions`` with nothing to parse keeps Discord
    from pinging anyone; ``turnbuckle`` is for receivers of our own."""
    about = {"version": BODY_VERSION, "event_id": event_id, "kind": kind, "part": part, "parts": parts,
             "league": league.name} | ({"show": facts} if facts else {}) | (extra or {})
    return {"content": content, "text": content, "allowed_mentions": {"parse": []}, "turnbuckle": about}


SUBJECTS = {"open": "Show {n} is open for strategies", "results": "Results of show {n}",
            "deadline": "Strategies for show {n} are due in {left}",
            "locked": "Show {n} is locked: the hash of its seed", "receipt": "Strategy received for show {n}"}


def subject(league: League, kind: str, s: Show, left: str = "") -> str:
    return f"[{league.name}] " + SUBJECTS[kind].format(n=s.number, left=left) + f": {s.name}"
