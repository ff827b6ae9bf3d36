"""Shared helpers for the sim tests: boxing fighters by sample id or by stats."""

from __future__ import annotations

import os

import pytest

from turnbuckle.core.options import OptionValue, resolve_options
from turnbuckle.core.registry import get_ruleset
from turnbuckle.rulesets.boxing.sheet import Fighter, load_fighter

BOXING = get_ruleset("boxing")


def sample(sample_id: str) -> Fighter:
    fighter = BOXING.load_text(BOXING.sample(sample_id).text, sample_id)
    assert isinstance(fighter, Fighter)
    return fighter


def fighter(name: str, power: int, speed: int, toughness: int) -> Fighter:
    return load_fighter({"name": name, "power": power, "speed": speed, "toughness": toughness}, name)


def options(**given: object) -> dict[str, OptionValue]:
    return dict(resolve_options(BOXING.info.options, given))


@pytest.fixture(autouse=True)
def _tables_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep built tables and ahead-of-time builds out of the user's home during tests: one folder
    per test run, shared by the xdist workers of the run (builds are locked and written
    atomically, so each is made once)."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    monkeypatch.setenv("TURNBUCKLE_CACHE_DIR", str(shared / "turnbuckle-cache"))
