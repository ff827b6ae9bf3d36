"""BIG TCG folkstyle wrestling: wrestler cards, move and quality dice, periods and overtime."""

from turnbuckle.rulesets.folkstyle.ruleset import FolkstyleRuleset

__all__ = ["FolkstyleRuleset"]
