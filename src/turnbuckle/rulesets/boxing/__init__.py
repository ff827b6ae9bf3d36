"""The boxing dice game: two fighters, 2d12 for initiative, 2d6 punches, knockdowns and get-ups."""

from turnbuckle.rulesets.boxing.ruleset import BoxingRuleset

__all__ = ["BoxingRuleset"]
