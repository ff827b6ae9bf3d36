"""A published show's results as a post holds them: the organiser's intro, one line a match (who
beat whom, how and when, the title, Push Level moves and new injuries), a short account of each
match, and the seeds: the values ``league/queries_posts.py`` reads from the database (published shows
only), and the wording of a result's line, worked out from plain values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: How a finish reads after "X def. Y" (a finish not here reads "by <its word>").
METHODS = {"pinfall": "by pinfall", "pin": "by pinfall", "submission": "by submission", "count-out": "by count-out",
           "dq": "by disqualification", "ko": "by knockout", "tko": "by TKO", "decision": "on points",
           "last-standing": "as the last one standing", "escape": "by escaping the cage",
           "four corners": "by touching all four corners", "ten count": "by the ten count"}
#: Where a match ended, by the record's own word for it.
WHEN = (("round", "in round"), ("period", "in period"), ("turn", "on turn"))


@dataclass(frozen=True)
class MatchLine:
    """One match of the results card."""

    position: int
    game: str
    names: tuple[str, ...]
    headline: str  # "Brother Bob def. Friendly Sam by pinfall in round 7"
    extras: tuple[str, ...]  # "retains the Light-Heavyweight Championship", "Brother Bob up to Push Level 2"
    account: tuple[str, ...]  # the short write-up, sentence by sentence
    notes: tuple[str, ...]
    seed: str
    href: str


@dataclass(frozen=True)
class ResultsCard:
    league: str
    number: int
    name: str
    date: str
    intro: str
    matches: tuple[MatchLine, ...]
    seed: str
    seed_sha256: str
    card_seed: str
    manifest_sha256: str
    show_href: str
    export_href: str
    #: whether the league's competitors play more than one game (else a line names no game)
    many_games: bool = True


def intro_of(text: str) -> str:
    """The organiser's words in a show's write-up. The run writes its plain summary into
    ``Show.writeup`` (a "# " heading, then the matches, no blank line thrice) and publish adds the
    organiser's text after a blank line: what follows the first run of three line breaks is theirs."""
    if not text.startswith("# "):
        return text.strip()
    _generated, sep, theirs = text.partition("\n\n\n")
    return theirs.strip() if sep else ""


def _listed(items: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return " and ".join(items) if len(items) <= 2 else ", ".join(items[:-1]) + " and " + items[-1]


def _sides(names: tuple[str, ...], result: dict[str, Any]) -> list[list[int]]:
    """The match's sides as the indexes of their names, partners together (the record's ``teams``),
    in the order the teams first appear; one name a side where the record gives no teams that fit."""
    teams = result.get("teams")
    if not (isinstance(teams, list) and len(teams) == len(names) and len(set(map(str, teams))) > 1):
        teams = list(range(len(names)))
    members: dict[str, list[int]] = {}
    for i, team in enumerate(teams):
        members.setdefault(str(team), []).append(i)
    return list(members.values())


def headline(names: tuple[str, ...], result: dict[str, Any]) -> str:
    """"A def. B by pinfall in round 7" (partners together: "A & B def. C & D"), or the draw or
    no-contest as the record names it."""
    method = str(result.get("method", ""))
    when = next((f" {words} {result[k]}" for k, words in WHEN if isinstance(result.get(k), int)), "")
    winner = result.get("winner")
    sides = _sides(names, result)

    def label(side: list[int]) -> str:
        return " & ".join(names[i] for i in side)

    if isinstance(winner, str) and winner in names:
        won = next(side for side in sides if names.index(winner) in side)
        how = METHODS.get(method, f"by {method.replace('-', ' ')}" if method else "")
        beaten = _listed([label(side) for side in sides if side is not won])
        return f"{label(won)} def. {beaten} {how}{when}".replace("  ", " ")
    both = _listed([label(side) for side in sides])
    if method == "draw":
        return f"{both} fight to a draw{when}"
    drawn = [n for n in result.get("drawn") or () if n in names] if isinstance(result.get("drawn"), list) else []
    if drawn:  # those still standing when the game stopped without a winner (Deathmatch's round limit)
        return f"{_listed(drawn)} fight to a draw ({method.replace('-', ' ')}){when}"
    return f"No winner between {both}: {method.replace('-', ' ')}{when}"


def shown_notes(notes: list[str], title: str | None) -> tuple[str, ...]:
    """A result's notes under its write-up: all but the title's own (the card line says it), which
    run does write as "X wins the T", "X retains the T" or "the T does not change hands on a dq"."""
    if title is None:
        return tuple(notes)
    return tuple(n for n in notes if not (n.endswith(f" wins the {title}") or n.endswith(f" retains the {title}")
                                          or n.startswith(f"the {title} does not change hands")))
