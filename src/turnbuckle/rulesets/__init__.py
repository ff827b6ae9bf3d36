"""The bundled games. Importing this package registers each one."""

from turnbuckle.core.registry import register
from turnbuckle.rulesets.boxing import BoxingRuleset
from turnbuckle.rulesets.deathmatch import DeathmatchRuleset
from turnbuckle.rulesets.folkstyle import FolkstyleRuleset
from turnbuckle.rulesets.headlock import HeadlockRuleset
from turnbuckle.rulesets.matchmatch import MatchMatchRuleset

register(BoxingRuleset())
register(DeathmatchRuleset())
register(FolkstyleRuleset())
register(HeadlockRuleset())
register(MatchMatchRuleset())
