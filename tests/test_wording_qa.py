"""Wording a user reads in refusals: a side count names the game's own plural ('armies' in
Deathmatch, never 'armys'), in odds, odds --exchange, sweep and advise."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from turnbuckle.cli import advise_cmds
from turnbuckle.cli.app import app
from turnbuckle.core.errors import RulesError
from turnbuckle.lab.sweep import make_sweep
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.sim.odds import simulate

runner = CliRunner()
DEATHMATCH = get_ruleset("deathmatch")


def _one_army() -> list[Any]:
    sample = DEATHMATCH.samples()[0]
    return [DEATHMATCH.load_text(sample.text, sample.id)]


def test_odds_counts_armies() -> None:
    with pytest.raises(RulesError, match=r"^UOV Deathmatch needs 2 to 4 armies, got 1$"):
        simulate(DEATHMATCH, _one_army(), {}, 10, seed=1, engine="reference")


def test_odds_exchange_counts_armies_and_the_whole_range() -> None:
    out = runner.invoke(app, ["odds", "deathmatch", "ash-court", "--exchange"])
    assert out.exit_code == 2
    assert "UOV Deathmatch needs 2 to 4 armies for --exchange, got 1" in out.output
    assert "armys" not in out.output


def test_sweep_counts_armies() -> None:
    with pytest.raises(RulesError, match=r"^a sweep needs at least 2 armies, got 1$"):
        make_sweep(DEATHMATCH, _one_army(), {}, 10, 1)
    two = _one_army() * 2
    with pytest.raises(RulesError, match=r"^--sizes 3 needs at least 3 armies, got 2$"):
        make_sweep(DEATHMATCH, two, {}, 10, 1, sizes=(3,))


def test_advise_counts_armies(monkeypatch: pytest.MonkeyPatch) -> None:
    # No game but MatchMatch has an advisor yet; pretend Deathmatch has one to reach the count check.
    monkeypatch.setattr(advise_cmds, "advisor_for", lambda rs, command: object())
    out = runner.invoke(app, ["advise", "deathmatch", *["ash-court"] * 5])
    assert out.exit_code == 2
    assert "UOV Deathmatch needs 2 to 4 armies, got 5" in out.output
