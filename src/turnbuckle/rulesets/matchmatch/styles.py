"""The eight styles, their names and the abbreviations players write, and round targets."""

from __future__ import annotations

import re

from turnbuckle.core.errors import RulesError
from turnbuckle.rulesets.matchmatch.wording import did_you_mean

#: Canonical style ids, in the rulebook's order.
STYLES: tuple[str, ...] = (
    "technical", "power", "martial_arts", "brawling", "high_flying", "weight", "cheating", "teamwork",
)
#: The seven styles that may appear on a grid or be chosen as a `+` style.
GRID_STYLES: tuple[str, ...] = STYLES[:7]
STAMINA = "stamina"

#: How each style is shown in write-ups and text layouts.
TITLES: dict[str, str] = {
    "technical": "Technical", "power": "Power", "martial_arts": "Martial Arts", "brawling": "Brawling",
    "high_flying": "High Flying", "weight": "Weight", "cheating": "Cheating", "teamwork": "Teamwork",
    STAMINA: "Stamina",
}
#: The two-letter abbreviations of the rulebook's grids.
ABBREVIATIONS: dict[str, str] = {
    "technical": "Te", "power": "Po", "martial_arts": "MA", "brawling": "Br",
    "high_flying": "HF", "weight": "We", "cheating": "Ch", "teamwork": "Tw",
}

_ALIASES: dict[str, str] = {
    "te": "technical", "tech": "technical", "technical": "technical",
    "po": "power", "pow": "power", "power": "power",
    "ma": "martial_arts", "martialarts": "martial_arts", "martial": "martial_arts",
    "br": "brawling", "brawl": "brawling", "brawling": "brawling",
    "hf": "high_flying", "highflying": "high_flying", "highfly": "high_flying", "flying": "high_flying",
    "we": "weight", "wt": "weight", "weight": "weight",
    "ch": "cheating", "cheat": "cheating", "cheating": "cheating",
    "tw": "teamwork", "team": "teamwork", "teamwork": "teamwork",
}
_TARGET_ALIASES: dict[str, str] = {"stam": STAMINA, "stamina": STAMINA, "st": STAMINA}


def _key(text: str) -> str:
    return re.sub(r"[\s_\-.]", "", text.strip().lower())


def find_style(text: str) -> str | None:
    """The style id a player's word means (``MA``, ``Brawl``, ``High-Flying``...), or None."""
    return _ALIASES.get(_key(text))


def parse_style(text: str, where: str = "") -> str:
    """Like :func:`find_style` but raises a RulesError that lists what is accepted."""
    found = find_style(text)
    if found is None:
        hint = did_you_mean(text, style_words()) or (
            f"; use one of {', '.join(TITLES[s] for s in STYLES)} (or Te, Po, MA, Br, HF, We, Ch, Tw)")
        raise RulesError(f"{where}'{text}' is not a style{hint}")
    return found


def find_target(text: str) -> str | None:
    """A round target: a style or Stamina (``Stam``)."""
    return _TARGET_ALIASES.get(_key(text)) or find_style(text)


def parse_target(text: str, where: str = "") -> str:
    found = find_target(text)
    if found is None:
        hint = did_you_mean(text, target_words())
        raise RulesError(f"{where}'{text}' is not a target{hint or '; a round targets a style or Stamina'}")
    return found


def style_words() -> dict[str, str]:
    """Every word read as a style (lookup key -> the style's title), for did-you-mean hints."""
    return {alias: TITLES[style] for alias, style in _ALIASES.items()}


def target_words() -> dict[str, str]:
    """Every word read as a round target, for did-you-mean hints."""
    return {**style_words(), **{alias: TITLES[t] for alias, t in _TARGET_ALIASES.items()}}


def title(style: str) -> str:
    return TITLES[style]


def abbreviation(style: str) -> str:
    return ABBREVIATIONS[style]
