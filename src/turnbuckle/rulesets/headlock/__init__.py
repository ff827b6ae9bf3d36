"""Headlock: the cards-and-dice wrestling game (a standard deck, a d6, d8, d12 and d20)."""

from turnbuckle.rulesets.headlock.ruleset import HeadlockRuleset

__all__ = ["HeadlockRuleset"]
