"""The ways a Headlock match ends on a hit: a held submission (and the choke), a pin, a knockdown.

Each function rolls through the table, logs what happens and returns the winning method
(``submission``, ``choke``, ``pinfall``, ``knockout``) or None when the defender survives.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from turnbuckle.core.table import Table
from turnbuckle.rulesets.headlock.holds import (
    CHOKE_ON_ROLL,
    PIN_ROLLS,
    SUBMISSION_ROLLS,
    breakout_die,
    breakout_target,
    choke_target,
    getup_need,
)
from turnbuckle.rulesets.headlock.prompts import breakout_note, choke_note, getup_note
from turnbuckle.rulesets.headlock.sheet import Character, Move


@dataclass
class InRing:
    """A wrestler's state during the match."""

    side: int
    name: str
    sheet: Character
    player: str
    hp: int
    knockdowns: int = 0

    @property
    def start_hp(self) -> int:
        return self.sheet.hp


def hold(table: Table, attacker: InRing, defender: InRing, move: Move, turn: int, pin: bool,
         choke_rule: bool) -> str | None:
    """The defender's break-out rolls against a held submission (5 rolls) or a pin (3 rolls).

    The die and the target come from the defender's HP now (after the hit) and whether the move
    was the special. A target at or above the die's size breaks out without rolling. With the
    choke rule, a held choke gives the attacker a roll after the defender's fourth failure."""
    kind = "pin" if pin else "submission"
    die = breakout_die(defender.hp, move.special)
    target = breakout_target(defender.hp, defender.start_hp, defender.sheet.res)
    rolls = PIN_ROLLS if pin else SUBMISSION_ROLLS
    choking = choke_rule and not pin and move.is_choke
    table.happen("hold", turn=turn, kind=kind, attacker=attacker.name, defender=defender.name,
                 move=move.name, special=move.special, hp=defender.hp, die=die, target=target,
                 rolls=rolls, choke=choking)
    if target >= die:
        table.happen("escape", turn=turn, kind=kind, fighter=defender.name, roll=0, face=None, automatic=True)
        return None
    failed: list[int] = []
    for i in range(1, rolls + 1):
        face = table.roll(1, die, f"{defender.name} break-out roll {i}", defender.name, note=partial(
            breakout_note, defender.name, kind, die, target, i, rolls, move.name, tuple(failed),
            CHOKE_ON_ROLL if choking and i <= CHOKE_ON_ROLL else None)).total
        failed.append(face)
        if face <= target:
            table.happen("escape", turn=turn, kind=kind, fighter=defender.name, roll=i, face=face,
                         automatic=False)
            return None
        if choking and i == CHOKE_ON_ROLL:
            cdie, need = choke_target(die, defender.sheet.res)
            cface = table.roll(1, cdie, f"{attacker.name} choke roll", attacker.name,
                               note=partial(choke_note, attacker.name, defender.name, cdie, need)).total
            out = cface >= need
            table.happen("choke_roll", turn=turn, attacker=attacker.name, defender=defender.name,
                         die=cdie, need=need, face=cface, out=out)
            if out:
                return "choke"
    table.happen("pinfall" if pin else "tap_out", turn=turn, attacker=attacker.name, defender=defender.name)
    return "pinfall" if pin else "submission"


def knockdown(table: Table, attacker: InRing, defender: InRing, turn: int, rolls: int, die: int) -> str | None:
    """A knockdown in the knockout variant: up to ``rolls`` rolls of a d``die`` to beat the count,
    each needing more than 6 - RES plus one per earlier knockdown."""
    defender.knockdowns += 1
    need = getup_need(defender.sheet.res, defender.knockdowns)
    table.happen("knockdown", turn=turn, fighter=defender.name, by=attacker.name, count=defender.knockdowns,
                 need=need, die=die, rolls=rolls)
    if need < 1:
        table.happen("getup", turn=turn, fighter=defender.name, roll=0, face=None, automatic=True)
        return None
    if need < die:
        for i in range(1, rolls + 1):
            face = table.roll(1, die, f"{defender.name} get-up roll {i}", defender.name,
                              note=partial(getup_note, defender.name, die, need, i, rolls)).total
            if face > need:
                table.happen("getup", turn=turn, fighter=defender.name, roll=i, face=face, automatic=False)
                return None
    table.happen("knockout", turn=turn, fighter=defender.name, by=attacker.name, count=defender.knockdowns,
                 need=need, possible=need < die)
    return "knockout"
