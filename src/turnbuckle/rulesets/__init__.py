"""The bundled games. Importing this package registers each one."""

from turnbuckle.core.registry import register
from turnbuckle.rulesets.boxing import BoxingRuleset
from turnbuckle.rulesets.matchmatch import MatchMatchRuleset

register(BoxingRuleset())
register(MatchMatchRuleset())
