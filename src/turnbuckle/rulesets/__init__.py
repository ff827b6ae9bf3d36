"""The bundled games. Importing this package registers each one."""

from turnbuckle.core.registry import register
from turnbuckle.rulesets.boxing import BoxingRuleset
from turnbuckle.rulesets.folkstyle import FolkstyleRuleset

register(BoxingRuleset())
register(FolkstyleRuleset())
