"""Each webhook receiver gets the dialect it reads: Discord's Markdown, Slack's mrkdwn (``*bold*``,
``<url|words>`` links, ``& < >`` escaped, no backslash or ``**`` or ``##`` shown raw) or plain
JSON text; guessed from the address when it is set, changeable by the organiser (service, page and
command line), kept per webhook. Each is sent for real to a loopback receiver."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.league.helpers import League
from tests.league.notify_support import receiver, set_up_webhook
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.notify import config, dialects, events
from turnbuckle.league.notify.reach import ALLOW_ENV
from turnbuckle.league.notify.sender import Timeouts, drain
from turnbuckle.league.services import shows
from turnbuckle.league.services.card import add_match

FAST = Timeouts(webhook=3.0)
NAME = "Fire & Ice <Live>"


@pytest.fixture(autouse=True)
def _receivers_on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ALLOW_ENV, "1")


def announced(lg: League, dialect: str) -> list[dict[str, Any]]:
    """The bodies a receiver reading ``dialect`` got for one announcement and one test message."""
    with receiver() as rec:
        rec.secret = set_up_webhook(lg, rec.url + "/hook", "open", dialect)
        with lg.act() as ctx:
            s = shows.create_show(ctx, NAME, "2026-11-09", lg.clock.now + timedelta(days=1))
            add_match(ctx, str(s.number), "m2", ["Friendly Sam", "Brother Bob"], None, None, None)
            shows.open_show(ctx, str(s.number))
            events.test_message(ctx)
        assert drain(lg.engine, lg.clock, timeouts=FAST).sent == 2
        assert all(g.signed for g in rec.got)
        return [json.loads(g.body) for g in rec.got]


def test_the_dialect_is_guessed_from_the_address() -> None:
    assert dialects.guess("https://discord.com/api/webhooks/1/tok") == "discord"
    assert dialects.guess("https://discordapp.com/api/webhooks/1/tok") == "discord"
    assert dialects.guess("https://canary.discord.com/api/webhooks/1/tok") == "discord"
    assert dialects.guess("https://hooks.slack.com/services/T0/B0/x") == "slack"
    for other in ("https://example.org/hook", "https://hooks.slack.com.evil.example/x", "https://discord.com/x",
                  "http://127.0.0.1:9/hook", ""):
        assert dialects.guess(other) == "json", other


def test_slack_gets_mrkdwn_with_its_links_and_nothing_raw(lite: League) -> None:
    announcement, test = announced(lite, "slack")
    text = announcement["text"]
    assert set(announcement) == {"text", "turnbuckle"}
    assert "Fire &amp; Ice &lt;Live&gt;" in text and NAME not in text  # & < > as Slack asks
    assert re.search(r"^\*Test Fed .*Show \d+: Fire &amp; Ice &lt;Live&gt; \(2026-11-09\)\*$", text, re.M)
    assert "<https://league.example/shows/" in text and "|The card on the league's pages>" in text
    for raw in ("**", "## ", "\\", "](", "](<"):
        assert raw not in text, raw
    assert test["text"] == "A test from Test Fed: the webhook works." and test["turnbuckle"]["kind"] == "test"


def test_discord_gets_its_markdown_and_no_pings(lite: League) -> None:
    announcement, test = announced(lite, "discord")
    assert set(announcement) == {"content", "allowed_mentions", "turnbuckle"}
    assert announcement["allowed_mentions"] == {"parse": []}
    content = announcement["content"]
    assert content.startswith("## Test Fed") and "**Match 1\\: Friendly Sam vs Brother Bob**" in content
    assert "](<https://league.example/shows/" in content and "Fire & Ice \\<Live>" in content
    assert test["content"] == "A test from Test Fed: the webhook works."


def test_plain_json_gets_text_without_markup(lite: League) -> None:
    announcement, test = announced(lite, "json")
    assert set(announcement) == {"text", "turnbuckle"}
    text = announcement["text"]
    assert NAME in text and "Friendly Sam" in text.title() and "https://league.example/shows/" in text
    for markup in ("**", "## ", "\\", "](", "&amp;", "&lt;"):
        assert markup not in text, markup
    assert announcement["turnbuckle"]["kind"] == "open" and test["text"].startswith("A test from Test Fed")


def test_the_organiser_changes_the_dialect_and_a_new_address_is_guessed_again(lite: League) -> None:
    with lite.act() as ctx:
        assert config.set_webhook(ctx, "https://hooks.slack.com/services/T/B/x").webhook_dialect == "slack"
        assert config.set_dialect(ctx, "JSON").webhook_dialect == "json"
        assert config.set_webhook(ctx, "https://hooks.slack.com/services/T/B/x", "open").webhook_dialect == "json"
        assert config.set_webhook(ctx, "https://discord.com/api/webhooks/1/x").webhook_dialect == "discord"
        assert config.set_webhook(ctx, "https://example.org/h", None, "slack").webhook_dialect == "slack"
        assert config.public_view(config.settings(ctx.session, ctx.league))["webhook_dialect"] == "slack"
        with pytest.raises(LeagueError, match="discord, slack, json"):
            config.set_dialect(ctx, "teams")


def test_the_command_line_sets_and_changes_the_dialect(lite: League) -> None:
    from turnbuckle.cli.app import app

    db = ["--db", lite.url]
    run = CliRunner().invoke
    out = run(app, ["league", "notify", "webhook", "https://hooks.slack.com/services/T/B/x", *db])
    assert out.exit_code == 0 and "reads: slack" in out.stdout
    out = run(app, ["league", "notify", "webhook", "--dialect", "discord", *db])
    assert out.exit_code == 0 and "reads: discord" in out.stdout
    out = run(app, ["league", "notify", "webhook", "--dialect", "teams", *db])
    assert out.exit_code == 2 and "discord, slack, json" in out.stderr
    out = run(app, ["league", "notify", "show", "-f", "json", *db])
    assert json.loads(out.stdout)["webhook_dialect"] == "discord"


def test_an_upgraded_database_keeps_its_webhook_and_reads_its_dialect_from_the_address(schema_url: str) -> None:
    """Migration 0011 on SQLite and PostgreSQL: the dialect column added, each stored address guessed."""
    from datetime import UTC, datetime

    from sqlalchemy import create_engine, text

    from turnbuckle.league.db import downgrade, upgrade

    downgrade(schema_url, "0009")
    engine = create_engine(schema_url)
    try:
        with engine.begin() as conn:
            for i, hook in enumerate(("https://hooks.slack.com/services/T/B/x", "https://discord.com/api/webhooks/1/x",
                                      "https://example.org/h", None), 1):
                conn.execute(text("INSERT INTO leagues (id, name, timezone, max_push_level, created_at) "
                                  "VALUES (:i, :n, 'UTC', 5, :t)"),
                             {"i": 100 + i, "n": f"L{i}", "t": datetime.now(UTC)})
                conn.execute(text("INSERT INTO notify_settings (league_id, webhook_url, webhook_kinds, webhook_secret,"
                                  " smtp_port, smtp_security, reminder_hours, updated_at) VALUES "
                                  "(:i, :u, 'open', 's', 587, 'starttls', '24,1', :t)"),
                             {"i": 100 + i, "u": hook, "t": datetime.now(UTC)})
        upgrade(schema_url)
        with engine.connect() as conn:
            got = conn.execute(text("SELECT webhook_dialect FROM notify_settings WHERE league_id > 100 "
                                    "ORDER BY league_id")).scalars().all()
        assert got == ["slack", "discord", "json", "json"]
    finally:
        engine.dispose()
