"""The boxing tables as pure functions: punch types, damage, knockdowns, get-ups, penalties.

Everything here is a function of numbers, so the engine, the exact-odds code and the tests all
share one statement of each rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: Punch names by the first die; the second die picks the left (1-3) or right (4-6) name.
PUNCH_NAMES: dict[int, tuple[str, str]] = {
    1: ("Left Jab", "Series of Left Jabs"),
    2: ("Left Body Blow", "Right Body Blow"),
    3: ("Straight Left", "Straight Right"),
    4: ("Left Hook", "Right Hook"),
    5: ("Left Uppercut", "Right Uppercut"),
    6: ("Counterpunch", "Special Move"),
}

#: HP bands before a punch: (lowest HP, highest HP, damage that knocks down, get-up KO at or below).
BANDS: tuple[tuple[int, int, int, int], ...] = (
    (15, 40, 16, 2),
    (10, 14, 13, 3),
    (1, 9, 7, 3),
)

GETUP_READINGS = ("ruling", "literal")
#: What happens after the final bell: ``none`` (no interval: the judges score the HP as it
#: stands) or ``heal`` (the literal reading: both heal 2 HP before the decision).
LAST_INTERVALS = ("none", "heal")


def punch_name(first: int, second: int) -> str:
    return PUNCH_NAMES[first][0 if second <= 3 else 1]


def is_left_jab(first: int, second: int) -> bool:
    """Only the single Left Jab has the floor at 1 HP; a Series of Left Jabs does not."""
    return first == 1 and second <= 3


def is_special(first: int, second: int) -> bool:
    return first == 6 and second >= 4


def punch_damage(first: int, second: int, power: int, toughness: int) -> int:
    """2d6 + Power - Toughness; below 1 the punch is blocked (0 damage)."""
    return max(0, first + second + power - toughness)


def hp_after_punch(hp: int, damage: int, left_jab: bool) -> int:
    """HP after the damage; a Left Jab never takes HP below 1 (and never lowers HP already below 1)."""
    if left_jab:
        return min(hp, max(1, hp - damage))
    return hp - damage


def band_of(hp: int) -> tuple[int, int, int, int] | None:
    for band in BANDS:
        if band[0] <= hp <= band[1]:
            return band
    return None


def knocked_down(hp_before: int, hp_after: int, special: bool) -> bool:
    """A Special Move always knocks down; so does a punch that takes HP to 0 or less; otherwise
    the damage actually taken (``hp_before - hp_after``: a Left Jab stopped by its floor counts
    only what it took, a combo its two punches together) is tested against the threshold of the
    HP band the fighter was in before."""
    if special:
        return True
    if hp_after < hp_before and hp_after <= 0:
        return True
    band = band_of(hp_before)
    return band is not None and hp_before - hp_after >= band[2]


@dataclass(frozen=True)
class GetUpTable:
    """A get-up roll on 2d6: at or below ``ko_max`` is a KO, at or below ``one_max`` +1 HP, else +2.
    ``tko`` means no roll: the fighter loses at once."""

    name: str
    ko_max: int = 0
    one_max: int = 0
    tko: bool = False

    def outcome(self, total: int) -> int:
        """0 for a KO, else the HP regained (1 or 2)."""
        if total <= self.ko_max:
            return 0
        return 1 if total <= self.one_max else 2


def getup_table(hp_before: int, hp_after: int, reading: str = "ruling") -> GetUpTable:
    """Which get-up table applies. ``reading`` picks how the overlapping 0/-3/-4 bands are read:
    ``ruling`` (0 to -3 lenient, -4 harsh) or ``literal`` (-3 lenient, the rest of -4..0 harsh)."""
    if hp_after <= -5:
        return GetUpTable("-5 or less: TKO", tko=True)
    if hp_after > 0:
        band = band_of(hp_before)
        if band is None:  # only reachable with HP above 40, which the engine never allows
            raise ValueError(f"no HP band for {hp_before}")
        return GetUpTable(f"HP {band[0]}-{band[1]} before the punch", ko_max=band[3], one_max=6)
    lenient = GetUpTable("HP 0 to -3", ko_max=4, one_max=6)
    harsh = GetUpTable("HP -4", ko_max=6, one_max=7)
    if reading == "literal":
        return GetUpTable("HP -3", 4, 6) if hp_after == -3 else GetUpTable("HP -4 to 0", 6, 7)
    return lenient if hp_after >= -3 else harsh


def knockdown_penalty(first: int, second: int) -> int:
    """-2 for a Special Move, -1 for every other punch."""
    return 2 if is_special(first, second) else 1


def penalty_punch(punches: Sequence[tuple[int, int, int]], special_own: bool = True) -> int:
    """Which of the punches that caused a knockdown (each ``(first die, second die, HP it took)``:
    one punch, or a combo's two) gives the knockdown its penalty: the one that took more HP (on
    equal HP the heavier penalty, the first of equals after that). With ``special_own`` (rules 1.2
    on) a Special Move among them always does: a fighter hit by one takes its -2.

    >>> penalty_punch([(5, 6, 14), (6, 4, 13)], special_own=False)  # rules 1.1: the Right Uppercut
    0
    >>> penalty_punch([(5, 6, 14), (6, 4, 13)])  # rules 1.2: the Special Move carries its own -2
    1
    """
    if special_own:
        for i, (first, second, _) in enumerate(punches):
            if is_special(first, second):
                return i
    return max(range(len(punches)),
               key=lambda i: (punches[i][2], knockdown_penalty(punches[i][0], punches[i][1])))


def apply_penalty(toughness: int, speed: int, amount: int) -> tuple[int, int]:
    """Take a knockdown penalty from Toughness; what Toughness cannot give (it stays at least 1)
    comes off Speed, which a penalty never takes below 1 either.

    >>> apply_penalty(1, 5, 2)  # Toughness 1 hit by a Special Move: Speed 5 becomes 3
    (1, 3)
    """
    from_toughness = min(amount, toughness - 1)
    rest = amount - from_toughness
    return toughness - from_toughness, max(1, speed - rest) if rest else speed


def fatigue_for(attacks: int) -> int:
    """Interval fatigue: attacking in 2 of a round's 3 turns costs 1 Speed, all 3 cost 2."""
    return {2: 1, 3: 2}.get(attacks, 0)
