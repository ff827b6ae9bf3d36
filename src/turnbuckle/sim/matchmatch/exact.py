"""Exact odds of one MatchMatch round between two sides, by enumerating the dice over the rules.

:func:`attack` gives one side's attack total (3d6, High Risk's counted faces and extra dice, a
cheat's DQ check and added dice, the style value and the round type's bonus) as an exact
distribution with the chance of a disqualification. :func:`round_odds` puts two attacks together:
who wins the round and by how much, a tie, a DQ, and the damage dealt to the loser after its
defense. All values are exact ``Fraction``s; tests check them against icepool.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.matchmatch.rounds import (
    CHEATS,
    EFFECTS,
    ROUND_TYPES,
    high_risk_value,
    is_dq,
    round_damage,
    type_title,
)
from turnbuckle.rulesets.matchmatch.styles import GRID_STYLES, STYLES, title
from turnbuckle.sim.matchmatch.tables import HIGH_RISK_EXTRA_FACE, Setup

D6 = range(1, 7)
Dist = dict[int, Fraction]


def _add(dist: Dist, value: int, p: Fraction) -> None:
    dist[value] = dist.get(value, Fraction(0)) + p


def _convolve(a: Dist, b: Dist) -> Dist:
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            _add(out, x + y, p * q)
    return out


def _nd6(n: int) -> Dist:
    out: Dist = {0: Fraction(1)}
    for _ in range(n):
        out = _convolve(out, {f: Fraction(1, 6) for f in D6})
    return out


@cache
def _dice(kind: str) -> Dist:
    """The attack dice of a round type, before any cheat: 3d6, or High Risk's counted faces with
    an extra d6 for each face that earns one."""
    if kind != "high_risk":
        return _nd6(3)
    one: Dist = {}
    for f in D6:
        base = high_risk_value(f)
        if f == HIGH_RISK_EXTRA_FACE:
            for g in D6:
                _add(one, base + g, Fraction(1, 36))
        else:
            _add(one, base, Fraction(1, 6))
    return _convolve(_convolve(one, one), one)


@dataclass(frozen=True)
class Attack:
    """One side's attack: the distribution of its total when it stands, and the chance of a DQ."""

    totals: Dist
    dq: Fraction


def attack(value: int, kind: str, threshold: int) -> Attack:
    """One attack with ``value`` in the round style, of round type ``kind``, at DQ ``threshold``."""
    dice = _dice(kind)
    bonus = EFFECTS[kind].attack + value
    if kind not in CHEATS:
        return Attack({t + bonus: p for t, p in dice.items()}, Fraction(0))
    added: Dist = {}
    dq = Fraction(0)
    extra = _nd6(2) if kind == "vile_cheat" else {0: Fraction(1)}
    for check, p in _nd6(2).items():
        if is_dq(check, threshold):
            dq += p
            continue
        for e, q in extra.items():
            _add(added, check + e, p * q)
    totals: Dist = {}
    for t, p in dice.items():
        for a, q in added.items():
            _add(totals, t + a + bonus, p * q)
    return Attack(totals, dq)


@dataclass(frozen=True)
class RoundOdds:
    """One round between sides A and B."""

    a_wins: Fraction
    b_wins: Fraction
    tie: Fraction
    a_dq: Fraction  # A alone disqualified
    b_dq: Fraction
    double_dq: Fraction
    a_margin: Dist  # chance of each winning margin of A (joint with A winning)
    b_margin: Dist
    to_b: Dist  # damage dealt to B when A wins the round (joint)
    to_a: Dist

    def mean(self, dist: Dist) -> Fraction:
        total = sum(dist.values(), Fraction(0))
        return sum((k * p for k, p in dist.items()), Fraction(0)) / total if total else Fraction(0)


def round_odds(value_a: int, kind_a: str, value_b: int, kind_b: str, defense_a: int = 0, defense_b: int = 0,
               threshold_a: int = 10, threshold_b: int = 10, damage_modifier: int = 0) -> RoundOdds:
    """Exact odds of one round: A's and B's values in the round style, round types, defenses in
    the round style and DQ thresholds, and the match type's damage modifier."""
    a = attack(value_a, kind_a, threshold_a)
    b = attack(value_b, kind_b, threshold_b)
    a_wins = b_wins = tie = Fraction(0)
    a_margin: Dist = {}
    b_margin: Dist = {}
    to_b: Dist = {}
    to_a: Dist = {}
    for x, p in a.totals.items():
        for y, q in b.totals.items():
            pq = p * q
            if x > y:
                a_wins += pq
                _add(a_margin, x - y, pq)
                _add(to_b, round_damage(x - y, kind_a, defense_b, damage_modifier)[1], pq)
            elif y > x:
                b_wins += pq
                _add(b_margin, y - x, pq)
                _add(to_a, round_damage(y - x, kind_b, defense_a, damage_modifier)[1], pq)
            else:
                tie += pq
    return RoundOdds(a_wins, b_wins, tie, a.dq * (1 - b.dq), b.dq * (1 - a.dq), a.dq * b.dq,
                     dict(sorted(a_margin.items())), dict(sorted(b_margin.items())),
                     dict(sorted(to_b.items())), dict(sorted(to_a.items())))


def _pct(x: Fraction) -> str:
    return f"{float(x) * 100:6.2f}%"


def _row(r: RoundOdds) -> dict[str, Any]:
    return {"a_wins": str(r.a_wins), "b_wins": str(r.b_wins), "tie": str(r.tie), "a_dq": str(r.a_dq),
            "b_dq": str(r.b_dq), "double_dq": str(r.double_dq),
            "damage_to_b": {str(k): str(v) for k, v in r.to_b.items()},
            "damage_to_a": {str(k): str(v) for k, v in r.to_a.items()}}


def exchange_tables(sides: Sequence[Any], names: Sequence[str],
                    options: Mapping[str, OptionValue]) -> tuple[dict[str, Any], str]:
    """Exact odds of a first round for a two-side matchup (values after the '-' styles' halving),
    in every style, and for each of side A's round types in its first '+' style."""
    setup = Setup.of(sides, options)
    v, d = setup.values, setup.defenses
    thr = [int(setup.threshold[i, 7]) for i in range(2)]  # a rolled referee: the middle of the table
    mod = setup.damage_modifier
    listed = list(GRID_STYLES) + (["teamwork"] if STYLES.index("teamwork") in setup.style_list.tolist() else [])
    data: dict[str, Any] = {"sides": list(names), "dq_thresholds": thr, "styles": [], "types": []}
    a, b = names[0], names[1]
    lines = [f"One round, Normal against Normal, at the start of the match ({a} is A, {b} is B):",
             f"  {'style':<13}{'A':>4}{'B':>4}   {'A wins':>8}{'tie':>9}{'B wins':>9}   dmg to B  dmg to A"]
    for style in listed:
        i = STYLES.index(style)
        r = round_odds(int(v[0, i]), "normal", int(v[1, i]), "normal", int(d[0, i]), int(d[1, i]),
                       thr[0], thr[1], mod)
        data["styles"].append({"style": style, "values": [int(v[0, i]), int(v[1, i])], **_row(r)})
        lines.append(f"  {title(style):<13}{v[0, i]:>4}{v[1, i]:>4}   {_pct(r.a_wins):>8}{_pct(r.tie):>9}"
                     f"{_pct(r.b_wins):>9}   {float(r.mean(r.to_b)):8.2f}  {float(r.mean(r.to_a)):8.2f}")
    first = STYLES[int(setup.style_list[0])]
    i = STYLES.index(first)
    lines += ["", f"{a}'s round types in {title(first)} ({v[0, i]} vs {v[1, i]}) against a Normal round:",
              f"  {'type':<13}{'A wins':>8}{'tie':>9}{'B wins':>9}{'A DQ':>9}   dmg to B"]
    for kind in ROUND_TYPES:
        r = round_odds(int(v[0, i]), kind, int(v[1, i]), "normal", int(d[0, i]), int(d[1, i]), thr[0], thr[1], mod)
        data["types"].append({"type": kind, "style": first, **_row(r)})
        lines.append(f"  {type_title(kind):<13}{_pct(r.a_wins):>8}{_pct(r.tie):>9}{_pct(r.b_wins):>9}"
                     f"{_pct(r.a_dq):>9}   {float(r.mean(r.to_b)):8.2f}")
    lines += ["", "(exact: every face enumerated; wins and ties count rounds with no DQ; 'dmg' is the mean "
              "damage dealt to the loser after its defense, given that side loses)"]
    return data, "\n".join(lines) + "\n"
