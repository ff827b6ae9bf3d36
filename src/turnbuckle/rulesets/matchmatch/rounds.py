"""The round types and the numbers of resolution, as pure functions (the rulebook's IV.2-IV.3).

The engine, the tests and the automatic strategies share these; nothing here rolls a die.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

RoundType = Literal[
    "normal", "high_risk", "high_spot", "defensive", "illegal",
    "finisher", "cripple", "high_impact", "vile_cheat", "submission",
]
ROUND_TYPES: tuple[RoundType, ...] = (
    "normal", "high_risk", "high_spot", "defensive", "illegal",
    "finisher", "cripple", "high_impact", "vile_cheat", "submission",
)
SPECIALS: tuple[RoundType, ...] = ("finisher", "cripple", "high_impact", "vile_cheat", "submission")
CHEATS: tuple[RoundType, ...] = ("illegal", "vile_cheat")

TYPE_TITLES: dict[str, str] = {
    "normal": "Normal", "high_risk": "High Risk", "high_spot": "High Spot", "defensive": "Defensive",
    "illegal": "Illegal", "finisher": "Finisher", "cripple": "Cripple", "high_impact": "High Impact",
    "vile_cheat": "Vile Cheat", "submission": "Submission",
}


@dataclass(frozen=True)
class TypeEffects:
    """The fixed bonuses of a round type (the IV.3 summary): attack, damage, pin, injury-check."""

    attack: int = 0
    damage: int = 0
    pin: int = 0
    injury: int = 0


EFFECTS: dict[str, TypeEffects] = {
    "normal": TypeEffects(),
    "high_risk": TypeEffects(),
    "high_spot": TypeEffects(attack=2),
    "defensive": TypeEffects(attack=3, damage=-1),
    "illegal": TypeEffects(),
    "finisher": TypeEffects(attack=4, pin=2),
    "cripple": TypeEffects(injury=2),
    "high_impact": TypeEffects(attack=1, damage=1, pin=2),
    "vile_cheat": TypeEffects(),
    "submission": TypeEffects(pin=4),
}

DEFAULT_DQ_THRESHOLD = 10
DEFAULT_INJURY_THRESHOLD = 3
INJURY_TARGET = 10
PIN_WIN = 4
NATURAL_WIN = 18


def type_title(kind: str) -> str:
    return TYPE_TITLES[kind]


def is_special(kind: str) -> bool:
    return kind in SPECIALS


def high_risk_value(face: int) -> int:
    """What one High Risk die counts before any extra die: a 6 counts 0; every other face itself
    (a 3 also earns an extra normal die, rolled by the engine)."""
    return 0 if face == 6 else face


def is_dq(check_total: int, threshold: int) -> bool:
    """An Illegal or Vile Cheat check: 2d6 at or above the threshold is a disqualification."""
    return check_total >= threshold


def dq_probability(threshold: int) -> tuple[int, int]:
    """The chance (ways, 36) that one 2d6 check disqualifies at this threshold.

    >>> dq_probability(5)  # Zero Tolerance: a first illegal action is a DQ 5 times in 6
    (30, 36)
    """
    ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= threshold)
    return ways, 36


def slack_threshold(threshold: int, slack: int) -> int:
    """A DQ threshold raised by Ref Slack: +1 a point, never above 12 when it started below 12,
    and at most +2 when it started at 12 or more.

    >>> [slack_threshold(t, 3) for t in (14, 12, 10, 8, 5)]
    [16, 14, 12, 11, 8]
    """
    if slack <= 0:
        return threshold
    if threshold >= 12:
        return threshold + min(slack, 2)
    return max(threshold, min(12, threshold + slack))


def base_damage(margin: int) -> int:
    """1 point, plus 1 for each five full points of the winning margin."""
    return 1 + margin // 5


def round_damage(margin: int, winner_type: str, loser_defense: int, modifier: int = 0) -> tuple[int, int]:
    """(damage before reductions, damage dealt) for a won round.

    Before reductions: base + the round type's damage bonus (High Impact +1) + the match type's
    damage modifier. Then the loser's defense in the round style takes it down, never below 1;
    then a round type's damage penalty (a Defensive winner's -1) comes off, which may reach 0.
    """
    effect = EFFECTS[winner_type].damage  # the summary table: High Impact +1, Defensive -1
    raw = max(1, base_damage(margin) + max(0, effect) + modifier)
    dealt = max(1, raw - max(0, loser_defense))
    return raw, max(0, dealt + min(0, effect))


def apply_damage(styles: dict[str, int], stamina: int, target: str, damage: int) -> tuple[int, int, int]:
    """Take ``damage`` off ``target``: a style stops at 0 and the rest goes to Stamina, which stops
    at 0. Returns (taken by the style, taken by Stamina, new Stamina); ``styles`` is updated."""
    to_style = 0
    rest = damage
    if target != "stamina":
        to_style = min(styles[target], rest)
        styles[target] -= to_style
        rest -= to_style
    to_stamina = min(stamina, rest)
    return to_style, to_stamina, stamina - to_stamina


def injury_check_total(roll: int, stamina: int, style_value: int, defense: int,
                       cripple: bool, chance_modifier: int = 0) -> int:
    """3d6 - Stamina - the round style's value - its defense (+2 from a Cripple, + the match type's
    injury-chance modifier). 10 or more is an injury."""
    return roll - stamina - style_value - defense + (EFFECTS["cripple"].injury if cripple else 0) + chance_modifier


@dataclass(frozen=True)
class PinModifiers:
    """Each term of a victory check, for the log and the write-up."""

    weight: int
    zero_styles: int
    round_type: int
    injuries: int
    stamina: int
    styles: int
    match_type: int

    @property
    def total(self) -> int:
        return self.weight + self.zero_styles + self.round_type + self.injuries - self.stamina - self.styles \
            + self.match_type


def pin_modifiers(winner_weight: int, loser_weight: int, zero_styles: int, winner_type: str,
                  loser_injuries: int, loser_stamina: int, list_length: int, match_type: int = 0) -> PinModifiers:
    """The modifiers of a victory check (original Weights compared; current Stamina)."""
    return PinModifiers(
        weight=1 if winner_weight > loser_weight else 0,
        zero_styles=zero_styles,
        round_type=EFFECTS[winner_type].pin,
        injuries=loser_injuries,
        stamina=loser_stamina,
        styles=list_length,
        match_type=match_type,
    )


def count_for(total: int, natural: int) -> int:
    """0 no count, 1 a one count, 2 a two count, 3 the win. A natural 18 always wins.

    >>> [count_for(t, 10) for t in (-1, 0, 1, 2, 3, 4)], count_for(-20, 18)
    ([0, 1, 1, 2, 2, 3], 3)
    """
    if natural == NATURAL_WIN or total >= PIN_WIN:
        return 3
    if total >= 2:
        return 2
    if total >= 0:
        return 1
    return 0


def finish_method(winner_type: str, type_finish: str = "") -> str:
    """A won victory check's method. A match type with a finish of its own (from rules 1.3: the
    Cage's escape, the Strap's four corners, the Scaffold's ten count) wins by it whatever the
    round type; otherwise a Submission round wins by submission, a win from an Illegal or Vile
    Cheat round is a count-out, and anything else is a pinfall.

    >>> finish_method("submission"), finish_method("illegal"), finish_method("submission", "escape")
    ('submission', 'count-out', 'escape')
    """
    if type_finish:
        return type_finish
    if winner_type == "submission":
        return "submission"
    if winner_type in CHEATS:
        return "count-out"
    return "pinfall"


#: How a write-up says a specialty finish: "{winner} <words> {loser}".
FINISH_WORDS: dict[str, str] = {
    "escape": "escapes the cage to beat",
    "four corners": "touches all four corners to beat",
    "ten count": "wins the ten count on the scaffold over",
}


#: How a write-up says a victory check in a match type won by its own finish (no pin there): what
#: the side goes for, then the four counts ("{side}" and "{on}" filled in).
CHECK_WORDS: dict[str, tuple[str, tuple[str, str, str, str]]] = {
    "escape": ("{side} climbs for the door, {on} in pursuit",
               ("pulled back at once", "partway up the cage", "ALMOST OVER the top", "OVER AND OUT")),
    "four corners": ("{side} runs the corners, {on} dragged on the strap",
                     ("no corner touched", "a corner or two", "THREE corners", "ALL FOUR")),
    "ten count": ("{side} stands alone on the scaffold, {on} down below",
                  ("no count", "a count of four", "a count of NINE", "TEN")),
}


def check_words(method: str, side: str, on: str, count: int) -> tuple[str, str]:
    """A victory check in a match type won by ``method`` (no pin: "escape", "four corners", "ten
    count", or an organiser's own): what the side went for, and how close it came.

    >>> check_words("escape", "Ivan", "Bob", 2)
    ('Ivan climbs for the door, Bob in pursuit', 'ALMOST OVER the top')
    >>> check_words("ladder climb", "Ivan", "Bob", 3)
    ('Ivan goes for the ladder climb, Bob in the way', 'THERE')
    """
    what, counts = CHECK_WORDS.get(method, ("{side} goes for the " + method + ", {on} in the way",
                                            ("no progress", "some way", "NEARLY THERE", "THERE")))
    return what.format(side=side, on=on), counts[max(0, min(3, count))]


#: How a short account says a near miss (a count of two) in a match type with its own finish.
NEAR_WORDS: dict[str, str] = {
    "escape": "{side} was nearly out of the cage, away from {on},",
    "four corners": "{side} had three corners touched, {on} on the strap,",
    "ten count": "{side} had {on} off the scaffold to a count of nine",
}


def near_words(method: str, side: str, on: str) -> str:
    """"X was nearly out of the cage, away from Y," (then "in round N").

    >>> near_words("ten count", "Ivan", "Bob")
    'Ivan had Bob off the scaffold to a count of nine'
    """
    return NEAR_WORDS.get(method, "{side} came close to a " + method + " over {on}").format(side=side, on=on)


def specialty_finish_text(method: str, winner: str, loser: str) -> str:
    """A match type's finish in words (a type an organiser adds names its own finish).

    >>> specialty_finish_text("escape", "Ivan", "Bob")
    'Ivan escapes the cage to beat Bob'
    >>> specialty_finish_text("ladder climb", "Ivan", "Bob")
    'Ivan beats Bob by ladder climb'
    """
    if method in FINISH_WORDS:
        return f"{winner} {FINISH_WORDS[method]} {loser}"
    return f"{winner} beats {loser} by {method}"
