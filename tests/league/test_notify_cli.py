"""``turnbuckle league notify`` (set the webhook, read the settings and the log, --drain with exit 1
while a try failed), and the rule that the webhook's secret and address never leave through an
export, a backup, the static archive, the API, another command's output or the log."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tests.league.helpers import League, open_show
from tests.league.notify_support import receiver
from turnbuckle.cli.app import app
from turnbuckle.league.backup import backup
from turnbuckle.league.export import export_league
from turnbuckle.league.notify.reach import ALLOW_ENV
from turnbuckle.league.services import running, shows
from turnbuckle.web.app import create_app

runner = CliRunner()
CARD = [("m2", ["Friendly Sam", "Brother Bob"])]


@pytest.fixture(autouse=True)
def _receivers_on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The receivers here listen on 127.0.0.1: the server's switch that allows them is on."""
    monkeypatch.setenv(ALLOW_ENV, "1")


def tb(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["league", "notify", *args])
    return result.exit_code, result.stdout, result.stderr


def test_the_command_line_sets_the_webhook_and_drains_the_outbox(lite: League,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    db = ["--db", lite.url]
    assert tb("webhook", "gopher://x", *db)[0] == 2
    code, _out, err = tb("webhook", *db)
    assert code == 2 and "--off" in err and err.count("\n") == 1
    assert tb("reminders", "24,abc", *db)[0] == 2
    assert tb("show", *db, "--as", "Ann")[0] == 2  # the organiser only
    with receiver([(500, 0)]) as rec:
        code, out, _err = tb("webhook", rec.url + "/hook/their-token", "--kinds", "open,results", *db)
        assert code == 0 and "their-token" not in out and "open, results" in out
        code, secret, _err = tb("secret", *db)
        rec.secret = secret.strip()
        assert code == 0 and rec.secret.startswith("whsec_")
        assert tb("secret", *db, "--as", "Bo")[0] == 2
        code, out, _err = tb("show", *db, "--format", "json")
        view = json.loads(out)
        assert view["webhook"].startswith("http://127.0.0.1:") and rec.secret not in out and "token" not in out
        assert view["reminder_hours"] == [24, 1]
        open_show(lite, CARD)
        caplog.set_level(logging.DEBUG)
        code, out, _err = tb("--drain", *db)
        assert (code, out.strip()) == (1, "sent 0, failed 1 (tried again later), dropped 0")
        code, out, _err = tb("log", *db)
        assert code == 0 and "open by webhook: pending (1 tries)" in out and "failed 500" in out
        code, out, _err = tb("test", *db)
        assert code == 0 and out.startswith("queued tb:test:")
        assert tb("--drain", *db, "-f", "json")[1].strip() == '{"sent": 1, "failed": 0, "dropped": 0}'
        assert len(rec.got) == 2 and all(g.signed for g in rec.got)
        assert json.loads(rec.got[1].body)["turnbuckle"]["kind"] == "test"
    log_text = caplog.text + out
    assert rec.secret not in log_text and "their-token" not in log_text
    assert tb("webhook", "--off", *db)[1].startswith("webhook: none")


def test_the_secret_and_the_address_never_leave(lite: League, tmp_path: Path) -> None:
    with lite.act() as ctx:
        from turnbuckle.league.notify import config

        config.set_webhook(ctx, "https://discord.example/api/webhooks/1/the-receivers-token")
        config.set_smtp(ctx, "smtp.example.org", user="fed", password="smtp-password-9", sender="fed@example.org")
        secret = config.webhook_secret(ctx)
    number = open_show(lite, CARD)
    lite.clock.advance(days=1, minutes=1)
    with lite.act() as ctx:
        shows.lock(ctx, number)
        running.run_show(ctx, number)
        running.publish(ctx, number)
    secrets_ = (secret, "the-receivers-token", "smtp-password-9")
    outputs = [json.dumps(backup(lite.engine), default=str)]
    with lite.act() as ctx:
        outputs.append(json.dumps(export_league(ctx), default=str))
    with TestClient(create_app(lite.url, clock=lite.clock, notify_every=None)) as client:
        for path in ("/api/shows", f"/api/shows/{number}", f"/api/shows/{number}/results", "/api/standings",
                     "/api/competitors", "/", f"/shows/{number}", "/feeds/league.ics", "/feeds/shows.atom",
                     "/organiser/notifications"):
            r = client.get(path)
            assert r.status_code in (200, 404), path
            outputs.append(r.text)
    _code, out, _err = tb("show", "--db", lite.url, "--format", "json")
    outputs.append(out)
    _code, out, _err = tb("log", "--db", lite.url, "--format", "json")
    outputs.append(out)
    site = tmp_path / "archive"
    assert runner.invoke(app, ["league", "archive", str(site), "--db", lite.url]).exit_code == 0
    archived = [f.read_text(errors="replace") for f in sorted(site.rglob("*")) if f.is_file()]
    assert any("Friendly Sam" in text for text in archived)  # the published show is in it
    outputs += archived
    everything = "\n".join(outputs)
    assert "smtp.example.org" in everything  # the settings were read: only the secrets are kept back
    for s in secrets_:
        assert s not in everything, s
