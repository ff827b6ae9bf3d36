"""The registry of rulesets by id and alias: the bundled games (imported one at a time, on first
use) and any ruleset added with :func:`register`."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from turnbuckle.core.errors import UnknownRulesetError
from turnbuckle.core.hints import near_miss
from turnbuckle.core.registry import Ruleset
from turnbuckle.rulesets import BUNDLED, BundledRuleset

_REGISTRY: dict[str, Ruleset[Any]] = {}
_ALIASES: dict[str, str] = {}


def register(ruleset: Ruleset[Any]) -> Ruleset[Any]:
    """Add a ruleset under its id and aliases. Registering the same id twice is an error, and the
    bundled games' ids are taken even before those games are loaded."""
    info = ruleset.info
    if info.id in _REGISTRY or any(b.id == info.id for b in _bundled()):
        raise ValueError(f"ruleset '{info.id}' is already registered")
    _add(ruleset)
    return ruleset


def get_ruleset(name: str) -> Ruleset[Any]:
    """The ruleset with this id or alias (any case). A bundled game is imported on first use,
    and only that game."""
    key = name.lower()
    for bundled in _bundled():
        if bundled.id not in _REGISTRY and key in bundled.names():  # a loaded game needs no look
            _load(bundled)
    ruleset_id = _ALIASES.get(key)
    if ruleset_id is None:
        known = ", ".join(sorted({*_REGISTRY, *(b.id for b in _bundled())}))
        names = [n for b in _bundled() for n in b.names()] + list(_ALIASES)
        raise UnknownRulesetError(f"no ruleset named '{name}'{near_miss(name, names)}; known rulesets: {known}")
    return _REGISTRY[ruleset_id]


def all_rulesets() -> list[Ruleset[Any]]:
    """Every registered ruleset, sorted by id (this imports every bundled game)."""
    for bundled in _bundled():
        _load(bundled)
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def _add(ruleset: Ruleset[Any]) -> None:
    info = ruleset.info
    _REGISTRY[info.id] = ruleset
    for alias in (info.id, *info.aliases):
        _ALIASES[alias.lower()] = info.id


def _bundled() -> tuple[BundledRuleset, ...]:
    return BUNDLED


def _load(bundled: BundledRuleset) -> None:
    """Import a bundled game and register it, once."""
    if bundled.id not in _REGISTRY:
        module, _, cls = bundled.path.partition(":")
        _add(getattr(import_module(module), cls)())
