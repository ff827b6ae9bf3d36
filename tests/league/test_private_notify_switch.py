"""--allow-private-notify holds the switch on for the command's run, without writing the
environment: once the command ends, an inside address is refused again."""

from __future__ import annotations

import os

import pytest
from typer.testing import CliRunner

from tests.league.helpers import League
from turnbuckle.cli.app import app
from turnbuckle.league.notify import reach


def test_the_switch_is_held_for_a_block_and_let_go(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(reach.ALLOW_ENV, raising=False)
    assert not reach.private_allowed()
    with reach.allowing_private():
        assert reach.private_allowed()
        with reach.allowing_private(False):
            assert not reach.private_allowed()
        assert reach.private_allowed()
    assert not reach.private_allowed() and reach.ALLOW_ENV not in os.environ
    monkeypatch.setenv(reach.ALLOW_ENV, "1")  # the setting still turns it on
    assert reach.private_allowed()


def test_league_notify_flag_allows_for_its_run_only(lite: League, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(reach.ALLOW_ENV, raising=False)
    db = ["--db", lite.url]
    taken = CliRunner().invoke(app, ["league", "notify", "--allow-private-notify", "webhook",
                                     "http://127.0.0.1:9/hook", *db])
    assert taken.exit_code == 0 and "http://127.0.0.1:9/" in taken.stdout
    assert reach.ALLOW_ENV not in os.environ and not reach.private_allowed()
    refused = CliRunner().invoke(app, ["league", "notify", "webhook", "http://127.0.0.2:9/hook", *db])
    assert refused.exit_code == 2 and "public addresses" in refused.stderr
