"""Shared Deathmatch armies and options for the sim tests: samples, and made-up armies that push
the fast engine's edges (many ties, 24 figures, invulnerable walls, one-shot kills)."""

from __future__ import annotations

from turnbuckle.core.options import OptionValue, resolve_options
from turnbuckle.rulesets.deathmatch.figures import Army, load_army
from turnbuckle.rulesets.registry import get_ruleset

DEATHMATCH = get_ruleset("deathmatch")


def sample(sample_id: str) -> Army:
    army = DEATHMATCH.load_text(DEATHMATCH.sample(sample_id).text, sample_id)
    assert isinstance(army, Army)
    return army


def fig(name: str, hp: int, spd: int, atk: int, defence: int, power: int = 1) -> dict[str, object]:
    return {"name": name, "hp": hp, "spd": spd, "atk": atk, "def": defence, "power": power}


def army(name: str, *figures: object) -> Army:
    return load_army({"name": name, "figures": list(figures)}, name)


def options(**given: object) -> dict[str, OptionValue]:
    return dict(resolve_options(DEATHMATCH.info.options, given))


#: Six equal figures a side: initiative ties within and across armies every round.
TWINS_A = army("Twins A", *[fig("Imp", 6, 3, 3, 2)] * 6)
TWINS_B = army("Twins B", *[fig("Rat", 6, 3, 3, 2)] * 6)
#: Six Fiends each (cap 18): 24 figures on the table, over two initiative groups of ten.
FIENDS = [army(f"Fiends {c}", *[fig(f"Fiend {c}{i}", 9 + i, i, 4 + i % 3, 2 + i % 4, 3) for i in range(6)])
          for c in "ABCD"]
#: A wall (nothing gets through DEF 20) and a one-shot killer: battles that end in draws and in round 1.
WALL = army("Wall", fig("Wall", 99, 0, 0, 20, 3), fig("Pebble", 1, 20, 20, 0, 1))
GLASS = army("Glass", fig("Glass", 1, 20, 20, 0, 1), fig("Shard", 2, 10, 2, 0, 1))
#: Reds' Wall and Blues' Wall cannot hurt each other; Blues' Runner can hurt only Greens' Pawn. Once
#: the Pawn is dead (or if it kills nothing) the battle is a stalemate between Reds and Blues.
STALE = [army("Reds", fig("Wall", 5, 9, 0, 9)),
         army("Blues", fig("Runner", 5, 8, 3, 20), fig("Wall", 5, 0, 0, 9)),
         army("Greens", fig("Pawn", 4, 3, 6, 0))]
#: Blues' Grunt can hurt only Reds' Imp, but under "strongest" always attacks Reds' Wall, and Reds
#: cannot hurt Blues: not a stalemate, yet nothing ever changes (the safety cap ends it).
ENDLESS = [army("Reds", fig("Wall", 5, 0, 0, 20, 3), fig("Imp", 1, 0, 0, 0, 1)),
           army("Blues", fig("Grunt", 5, 0, 3, 20, 2))]
