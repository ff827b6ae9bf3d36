"""MatchMatch (M2): pro-wrestling e-fed rules with wrestlers, teams, strategies and a style grid."""

from turnbuckle.rulesets.matchmatch.ruleset import MatchMatchRuleset

__all__ = ["MatchMatchRuleset"]
