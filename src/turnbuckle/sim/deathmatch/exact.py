"""Exact odds of one Deathmatch attack between two figures, from the rules package's own odds.

One attack is d6 + ATK against d6 + DEF: 36 equally likely face pairs, each sent through the
rules' ``damage`` function (``rulesets/deathmatch/odds.py``). For every figure of every army
against every enemy figure this gives the hit chance, the damage distribution, the mean damage
and the chance to kill at each HP the defender might have left. All values are exact fractions;
tests check them against icepool.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.deathmatch.figures import Army, Figure
from turnbuckle.rulesets.deathmatch.odds import damage_distribution, expected_damage, hit_chance, kill_chance


@dataclass(frozen=True)
class Attack:
    """One attack of a figure with ``atk`` on a figure with ``defence``."""

    atk: int
    defence: int
    damage: dict[int, Fraction]
    hit: Fraction
    mean: Fraction

    @classmethod
    def of(cls, atk: int, defence: int) -> Attack:
        return cls(atk, defence, damage_distribution(atk, defence), hit_chance(atk, defence),
                   expected_damage(atk, defence))

    @property
    def most(self) -> int:
        """The most damage one attack can do."""
        return max(self.damage)

    def kill(self, hp: int) -> Fraction:
        """The chance this attack takes a defender with ``hp`` HP left to 0."""
        return kill_chance(self.atk, self.defence, hp)

    def kill_table(self) -> dict[int, Fraction]:
        """HP left -> kill chance, for every HP one attack can still kill (1 to the most damage)."""
        return {hp: self.kill(hp) for hp in range(1, self.most + 1)}


def _figures(army: Army) -> list[Figure]:
    """An army's distinct figures, in its order (two of the same card give one row)."""
    seen: list[Figure] = []
    for fig in army.figures:
        if fig not in seen:
            seen.append(fig)
    return seen


def _label(fig: Figure, stat: str, value: int) -> str:
    return f"{fig.name} ({stat} {value})"


def _pct(x: Fraction) -> str:
    return f"{float(x) * 100:6.2f}%"


def exchange_tables(sides: Sequence[Any], names: Sequence[str],
                    options: Mapping[str, OptionValue]) -> tuple[dict[str, Any], str]:
    """Exact odds of one attack by every figure on every enemy figure (as JSON data and text)."""
    armies = [cast(Army, s) for s in sides]
    pairs: list[dict[str, Any]] = []
    lines: list[str] = []
    for ai, (att_army, att_name) in enumerate(zip(armies, names, strict=True)):
        for di, (def_army, def_name) in enumerate(zip(armies, names, strict=True)):
            if ai == di:
                continue
            # Columns as wide as their longest label, two spaces apart, so names never run together.
            att_w = max(len("attacker"), *(len(_label(f, "ATK", f.atk)) for f in att_army.figures)) + 2
            def_w = max(len("defender"), *(len(_label(f, "DEF", f.defence)) for f in def_army.figures))
            lines += [f"One attack by {att_name} on {def_name} (d6 + ATK against d6 + DEF):",
                      f"  {'attacker':<{att_w}}{'defender':<{def_w}}{'hit':>9}{'mean dmg':>10}{'kill at full HP':>17}"
                      "   kill chance by HP left"]
            for a in _figures(att_army):
                for d in _figures(def_army):
                    at = Attack.of(a.atk, d.defence)
                    kills = at.kill_table()
                    pairs.append({
                        "attacker_army": att_name, "defender_army": def_name,
                        "attacker": a.name, "defender": d.name, "atk": a.atk, "def": d.defence,
                        "defender_hp": d.hp, "hit": str(at.hit), "mean_damage": str(at.mean),
                        "damage": {str(k): str(v) for k, v in at.damage.items()},
                        "kill_at_full_hp": str(at.kill(d.hp)),
                        "kill_by_hp": {str(k): str(v) for k, v in kills.items()},
                    })
                    by_hp = "  ".join(f"{hp}:{float(p) * 100:.1f}%" for hp, p in kills.items() if hp <= 6)
                    more = " ..." if at.most > 6 else ""
                    lines.append(f"  {_label(a, 'ATK', a.atk):<{att_w}}{_label(d, 'DEF', d.defence):<{def_w}}"
                                 f"{_pct(at.hit):>9}{float(at.mean):>10.3f}{_pct(at.kill(d.hp)):>17}   "
                                 f"{by_hp or '-'}{more}")
            lines.append("")
    lines.append("(exact: all 36 pairs of faces enumerated; 'kill chance by HP left' is the chance one attack "
                 "deals at least that much damage)")
    return {"sides": list(names), "attacks": pairs}, "\n".join(lines) + "\n"
