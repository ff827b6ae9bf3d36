"""Shared helpers for the sim tests: boxing fighters by sample id or by stats."""

from __future__ import annotations

from turnbuckle.core.options import OptionValue, resolve_options
from turnbuckle.rulesets.boxing.sheet import Fighter, load_fighter
from turnbuckle.rulesets.registry import get_ruleset

BOXING = get_ruleset("boxing")


def sample(sample_id: str) -> Fighter:
    fighter = BOXING.load_text(BOXING.sample(sample_id).text, sample_id)
    assert isinstance(fighter, Fighter)
    return fighter


def fighter(name: str, power: int, speed: int, toughness: int) -> Fighter:
    return load_fighter({"name": name, "power": power, "speed": speed, "toughness": toughness}, name)


def options(**given: object) -> dict[str, OptionValue]:
    return dict(resolve_options(BOXING.info.options, given))

