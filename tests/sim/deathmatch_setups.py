"""Shared Deathmatch armies and options for the sim tests: samples, and made-up armies that push
the fast engine's edges (many ties, 24 figures, invulnerable walls, one-shot kills)."""

from __future__ import annotations

from turnbuckle.core.options import OptionValue, resolve_options
from turnbuckle.core.registry import get_ruleset
from turnbuckle.rulesets.deathmatch.figures import Army, load_army

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
