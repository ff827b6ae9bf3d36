"""``SIDE=VALUE`` pairs, as the command line's ``--player 1=human`` and the odds form's policies
give them: SIDE is a number from 1, a letter from A or a side's name."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from turnbuckle.core.errors import OptionError
from turnbuckle.core.hints import near_miss


def side_index(who: str, names: Sequence[str], flag: str, pair: str) -> int:
    """A side by number (from 1), letter (from A) or name (any case), as a 0-based index."""
    who = who.strip()
    if re.fullmatch(r"[0-9]{1,3}", who):
        index = int(who) - 1
    elif len(who) == 1 and "a" <= who.lower() <= "z":
        index = ord(who.upper()) - ord("A")
    else:
        folded = [n.casefold() for n in names]
        if who.casefold() not in folded:
            raise OptionError(f"{flag} '{pair}': no side '{who}'{near_miss(who, names)}; "
                              "use 1, 2... or A, B... or a side's name")
        return folded.index(who.casefold())
    if not 0 <= index < len(names):
        raise OptionError(f"{flag} '{pair}': no side {who}; sides are numbered 1 to {len(names)} (or A, B...)")
    return index


def side_pairs(flag: str, pairs: Iterable[str], names: Sequence[str], example: str) -> dict[int, str]:
    """``SIDE=VALUE`` pairs (``--player 1=human``) by side index; a side named twice is refused."""
    out: dict[int, str] = {}
    for pair in pairs:
        who, sep, value = pair.rpartition("=")
        if not sep or not who.strip() or not value.strip():
            raise OptionError(f"{flag} '{pair}' must be SIDE=VALUE, e.g. {flag} {example}")
        index = side_index(who, names, flag, pair)
        if index in out and out[index] != value.strip():
            raise OptionError(f"{flag}: side {index + 1} is given twice; keep one")
        out[index] = value.strip()
    return out


def players_and_policies(players: Iterable[str] | None, policies: Iterable[str] | None,
                         names: Sequence[str]) -> dict[int, str]:
    """``--player`` and ``--policy`` together (the same setting under two words)."""
    chosen = side_pairs("--player", players or [], names, "1=human")
    for index, value in side_pairs("--policy", policies or [], names, "2=weakest").items():
        if index in chosen and chosen[index] != value:
            raise OptionError(f"side {index + 1} is given --player {chosen[index]} and --policy {value}; give one")
        chosen[index] = value
    return chosen
