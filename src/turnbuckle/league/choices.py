"""A side's pre-match choice in the games without written strategies: which automatic player
plays it (Deathmatch's target policy, Headlock's smart or solo player). It is sent as one line,
``player: weakest`` (or ``policy: weakest``, or the kind alone), through the same ``submit`` as a
MatchMatch strategy, so it is hashed, kept and counted the same way. This one reader serves the
submission check, the run and ``verify``, so the three cannot disagree. No database here."""

from __future__ import annotations

import re
from collections.abc import Sequence

from turnbuckle.core.errors import RulesError, StrategyError
from turnbuckle.core.hints import near_miss
from turnbuckle.league.game_rules import written_strategies
from turnbuckle.rulesets.registry import get_ruleset

KEYS = ("player", "policy")
#: What the league never plays: a human needs people at a table.
TABLE_ONLY = "human"


def kinds(ruleset: str) -> tuple[str, ...]:
    """The automatic players a side of this game may be given, the default first."""
    return get_ruleset(ruleset).info.automatic_players


def takes_choice(ruleset: str) -> bool:
    """Whether a side of this game has a player to choose (more than one automatic player)."""
    return not written_strategies(ruleset) and len(kinds(ruleset)) > 1


def default_kind(ruleset: str) -> str:
    """The player of a side that chose none (the first the game lists)."""
    return kinds(ruleset)[0]


def explained(ruleset: str) -> list[tuple[str, str]]:
    """Each kind with its one-line explanation where the game gives one (else the name alone)."""
    helps = dict(get_ruleset(ruleset).info.player_help)
    return [(k, helps.get(k, "")) for k in kinds(ruleset)]


def _fold(word: str) -> str:
    """Case, spaces and underscores forgiven: ``Lowest HP`` and ``lowest_hp`` are ``lowest-hp``."""
    return re.sub(r"[\s_-]+", "-", word.strip().casefold())


def read_choice(ruleset: str, text: str, label: str) -> str:
    """The kind a choice text names, or a RulesError saying in one line what to fix."""
    rs = get_ruleset(ruleset)
    allowed = kinds(ruleset)
    if not takes_choice(ruleset):
        raise RulesError(f"{rs.info.id} takes no written strategy and has nothing to choose before a match: "
                         "its automatic player plays every side")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    example = f"e.g. 'player: {allowed[1]}'"
    if len(lines) != 1:
        raise StrategyError.listing(label, [f"a {rs.info.id} choice is one line, {example}"])
    key, sep, value = lines[0].partition(":")
    if not sep:
        key, sep, value = lines[0].partition("=")
    if not sep:
        key, value = "player", lines[0]
    if _fold(key) not in KEYS:
        raise StrategyError.listing(label, [f"'{key.strip()}' is not 'player' or 'policy'; write the line as "
                                            f"{example}"])
    word = _fold(value)
    if word in allowed:
        return word
    if word == TABLE_ONLY:
        raise StrategyError.listing(label, ["'human' is for play at a table; a league show needs an automatic "
                                            f"player: {', '.join(allowed)}"])
    shown = value.strip() or "(nothing)"
    raise StrategyError.listing(label, [f"'{shown}' is not a {rs.info.id} player{near_miss(word, allowed)}; "
                                        f"pick one of: {', '.join(allowed)}"])


def chosen_players(ruleset: str, texts: Sequence[str | None], names: Sequence[str]) -> tuple[dict[int, str], list[str]]:
    """The players a match's sides play with, read from each side's counting submission text (None:
    none sent), and notes for the write-up: which player played a side when it was not the default,
    and a choice that no longer reads (the default then plays). Empty for a game without choices."""
    players: dict[int, str] = {}
    notes: list[str] = []
    if not takes_choice(ruleset):
        return players, notes
    default = default_kind(ruleset)
    for i, (text, name) in enumerate(zip(texts, names, strict=True)):
        if text is None:
            continue
        try:
            kind = read_choice(ruleset, text, f"choice for {name}")
        except RulesError as exc:
            notes.append(f"{name}'s choice no longer reads ({exc}); the {default} player played instead")
            continue
        players[i] = kind
        if kind != default:
            notes.append(f"{name} played with the {kind} player (chosen before the show)")
    return players, notes
