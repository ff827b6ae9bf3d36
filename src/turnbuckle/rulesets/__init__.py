"""The bundled games, imported only when asked for.

``BUNDLED`` names each game's id and aliases and where its ``Ruleset`` class lives, so that the
registry can import one game without the other four (``turnbuckle odds boxing`` never loads
Deathmatch). A test checks every entry against its class's own ``info``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BundledRuleset:
    """A bundled game: its id and aliases (as in its ``info``) and its class, as ``"module:Class"``."""

    id: str
    aliases: tuple[str, ...]
    path: str

    def names(self) -> tuple[str, ...]:
        """The id and aliases, lowercase: every name the game is looked up by."""
        return tuple(name.lower() for name in (self.id, *self.aliases))


BUNDLED: tuple[BundledRuleset, ...] = (
    BundledRuleset("boxing", ("box",), "turnbuckle.rulesets.boxing:BoxingRuleset"),
    BundledRuleset("deathmatch", ("uov",), "turnbuckle.rulesets.deathmatch:DeathmatchRuleset"),
    BundledRuleset("folkstyle", ("big-tcg", "bigtcg"), "turnbuckle.rulesets.folkstyle:FolkstyleRuleset"),
    BundledRuleset("headlock", (), "turnbuckle.rulesets.headlock:HeadlockRuleset"),
    BundledRuleset("matchmatch", ("m2", "mm"), "turnbuckle.rulesets.matchmatch:MatchMatchRuleset"),
)
