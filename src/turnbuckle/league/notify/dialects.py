"""What the league's webhook receiver reads, its *dialect*: ``discord`` (Discord's Markdown in
``content``, mentions off), ``slack`` (Slack's mrkdwn in ``text``) or ``json`` (plain text in
``text``, for a receiver of your own). Every body carries the ``turnbuckle`` object. The dialect
is guessed from the address when it is set and may be changed by the organiser."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from turnbuckle.league.errors import LeagueError
from turnbuckle.league.post.slack import escape

DIALECTS = ("discord", "slack", "json")
LABELS = {"discord": "Discord (its Markdown)", "slack": "Slack (mrkdwn)",
          "json": "plain JSON (text without markup, for a receiver of your own)"}
#: The longest message of each dialect (Discord refuses more than 2,000 characters; Slack shows
#: 4,000 before it cuts; a receiver of your own gets the whole post at once).
LIMITS = {"discord": 2000, "slack": 3500, "json": 0}
#: The post format each dialect's posts are written in (``slack``: league/post/slack.py).
FORMATS = {"discord": "discord", "slack": "slack", "json": "text"}
_URL = re.compile(r"https?://[^\s<>|]+")


def guess(url: str | None) -> str:
    """The dialect an address's receiver most likely reads: a Discord webhook, a Slack incoming
    webhook, else plain JSON."""
    try:
        parts = urlsplit((url or "").strip())
        host = (parts.hostname or "").lower()
    except ValueError:
        return "json"
    if host in ("discord.com", "discordapp.com") or host.endswith((".discord.com", ".discordapp.com")):
        return "discord" if parts.path.startswith("/api/webhooks/") else "json"
    return "slack" if host == "hooks.slack.com" else "json"


def check(dialect: str) -> str:
    chosen = dialect.strip().lower()
    if chosen not in DIALECTS:
        raise LeagueError(f"the webhook's dialect must be one of {', '.join(DIALECTS)} (got {dialect[:20]!r})")
    return chosen


def slack_text(plain: str) -> str:
    """A short plain text (a reminder, a test) as Slack's mrkdwn: ``& < >`` escaped, addresses as links."""
    out, at = [], 0
    for m in _URL.finditer(plain):
        out.append(escape(plain[at:m.start()]))
        out.append(f"<{escape(m.group(0))}>")
        at = m.end()
    return "".join(out) + escape(plain[at:])


def shaped(body: dict[str, Any], dialect: str, *, written: bool) -> dict[str, Any]:
    """A webhook body in ``dialect``. ``body`` has the message in ``content`` (and ``text``):
    already in the dialect's markup when ``written`` (a post), else plain text (a short message)."""
    content = str(body.get("content", body.get("text", "")))
    about = body.get("turnbuckle", {})
    if dialect == "discord":
        return {"content": content, "allowed_mentions": {"parse": []}, "turnbuckle": about}
    if dialect == "slack":
        return {"text": content if written else slack_text(content), "turnbuckle": about}
    return {"text": content, "turnbuckle": about}
