"""UOV Deathmatch: monster-figure armies fight until one player is left standing."""

from turnbuckle.rulesets.deathmatch.ruleset import DeathmatchRuleset

__all__ = ["DeathmatchRuleset"]
