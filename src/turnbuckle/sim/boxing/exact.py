"""Exact odds of one boxing exchange, by enumerating the dice over the rule functions.

- :func:`initiative`: one turn's 2d12 + Speed against 2d12 + Speed: who attacks, a clinch, and
  who gets a combo (a natural 21+ for the side that wins).
- :func:`punch`: one punch's 2d6 (ordered faces) with Power against Toughness at a given HP:
  the damage distribution, the chance it is blocked, knocks down, and stops the bout (a TKO, or
  a KO on the get-up roll that follows).

All values are exact ``Fraction``s; tests check them against icepool.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.boxing.engine import COMBO_NATURAL
from turnbuckle.rulesets.boxing.options import bout_options
from turnbuckle.rulesets.boxing.punches import (
    getup_table,
    hp_after_punch,
    is_left_jab,
    is_special,
    knocked_down,
    punch_damage,
)
from turnbuckle.rulesets.boxing.sheet import START_HP, Fighter

D6 = range(1, 7)
D12 = range(1, 13)


@dataclass(frozen=True)
class Initiative:
    """One turn's initiative between sides A and B."""

    a_attacks: Fraction
    b_attacks: Fraction
    clinch: Fraction
    a_combo: Fraction
    b_combo: Fraction


def _sum_2d(sides: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x in range(1, sides + 1):
        for y in range(1, sides + 1):
            out[x + y] = out.get(x + y, Fraction(0)) + Fraction(1, sides * sides)
    return out


def initiative(speed_a: int, speed_b: int) -> Initiative:
    """Exact initiative odds for the Speeds in use this turn."""
    two = _sum_2d(12)
    a = b = clinch = a_combo = b_combo = Fraction(0)
    for na, pa in two.items():
        for nb, pb in two.items():
            p = pa * pb
            ta, tb = na + speed_a, nb + speed_b
            if ta == tb:
                clinch += p
            elif ta > tb:
                a += p
                a_combo += p if na >= COMBO_NATURAL else 0
            else:
                b += p
                b_combo += p if nb >= COMBO_NATURAL else 0
    return Initiative(a, b, clinch, a_combo, b_combo)


@dataclass(frozen=True)
class Punch:
    """One punch (not part of a combo) landing on a defender at ``hp``."""

    hp: int
    damage: dict[int, Fraction]
    blocked: Fraction
    down: Fraction
    stopped: Fraction  # TKO at once, or KO on the get-up roll

    @property
    def mean_damage(self) -> Fraction:
        return sum((d * p for d, p in self.damage.items()), Fraction(0))


def punch(power: int, toughness: int, hp: int = START_HP, reading: str = "ruling") -> Punch:
    """Exact odds of one punch of ``power`` on ``toughness`` at ``hp`` HP."""
    damage: dict[int, Fraction] = {}
    down = stopped = Fraction(0)
    two = _sum_2d(6)
    for first in D6:
        for second in D6:
            p = Fraction(1, 36)
            d = punch_damage(first, second, power, toughness)
            damage[d] = damage.get(d, Fraction(0)) + p
            after = hp_after_punch(hp, d, is_left_jab(first, second))
            if not knocked_down(hp, after, is_special(first, second)):
                continue
            down += p
            table = getup_table(hp, after, reading)
            if table.tko:
                stopped += p
            else:
                stopped += p * sum((q for total, q in two.items() if table.outcome(total) == 0), Fraction(0))
    return Punch(hp, dict(sorted(damage.items())), damage.get(0, Fraction(0)), down, stopped)


#: HP values shown by ``--exchange``: the edges of the knockdown bands and a few inside them.
SHOWN_HP = (40, 15, 14, 10, 9, 5, 1)


def _pct(x: Fraction) -> str:
    return f"{float(x) * 100:6.2f}%"


def exchange_tables(sides: Sequence[Any], names: Sequence[str],
                    options: Mapping[str, OptionValue]) -> tuple[dict[str, Any], str]:
    """Exact per-exchange odds for a boxing matchup at the opening bell (as JSON data and text)."""
    a, b = (cast(Fighter, s) for s in sides)
    reading = bout_options(options).getup
    ini = initiative(a.speed, b.speed)
    data: dict[str, Any] = {
        "sides": list(names),
        "initiative": {
            "speeds": [a.speed, b.speed],
            "attacks": [str(ini.a_attacks), str(ini.b_attacks)],
            "clinch": str(ini.clinch),
            "combo": [str(ini.a_combo), str(ini.b_combo)],
        },
        "punches": [],
    }
    lines = [f"One turn at the opening bell (Speed {a.speed} vs {b.speed}):",
             f"  {names[0]} attacks {_pct(ini.a_attacks)}   {names[1]} attacks {_pct(ini.b_attacks)}   "
             f"clinch {_pct(ini.clinch)}",
             f"  combo: {names[0]} {_pct(ini.a_combo)}   {names[1]} {_pct(ini.b_combo)}"]
    for att, dfn, an, dn in ((a, b, names[0], names[1]), (b, a, names[1], names[0])):
        rows: list[dict[str, Any]] = []
        lines += ["", f"One punch by {an} (Power {att.power}) on {dn} (Toughness {dfn.toughness}):",
                  "  HP before   mean damage   blocked    down      stopped"]
        for hp in SHOWN_HP:
            pu = punch(att.power, dfn.toughness, hp, reading)
            rows.append({"hp": hp, "damage": {str(k): str(v) for k, v in pu.damage.items()},
                         "mean_damage": str(pu.mean_damage), "blocked": str(pu.blocked),
                         "down": str(pu.down), "stopped": str(pu.stopped)})
            lines.append(f"  {hp:>9}   {float(pu.mean_damage):11.3f}   {_pct(pu.blocked)}   {_pct(pu.down)}   "
                         f"{_pct(pu.stopped)}")
        data["punches"].append({"attacker": an, "defender": dn, "power": att.power,
                                "toughness": dfn.toughness, "rows": rows})
    lines += ["", "(exact: every face of the dice enumerated; 'stopped' is a TKO or a KO on the get-up roll)"]
    return data, "\n".join(lines) + "\n"
