"""A short account of a Headlock match for a league's results post, from its events: the turns
wrestled, the hardest hit and its move, the holds escaped, and the end."""

from __future__ import annotations

from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord


def _sides(record: MatchRecord) -> str:
    """"A and B", or a tag match's teams: "A & B and C & D"."""
    teams = record.result.teams if len(record.result.teams) == len(record.names) else range(len(record.names))
    members: dict[int, list[str]] = {}
    for name, team in zip(record.names, teams, strict=True):
        members.setdefault(team, []).append(name)
    return " and ".join(" & ".join(who) for who in members.values())


def short_account(record: MatchRecord) -> list[str]:
    ev = [e for e in record.events if isinstance(e, Happening)]
    turns = sum(1 for e in ev if e.type == "turn")
    out = [f"{_sides(record)} went {turns} turn{'s' if turns != 1 else ''}."]
    hits = [e.data for e in ev if e.type == "hit" and int(str(e.data.get("damage", 0))) > 0]
    if hits:
        hard = max(hits, key=lambda d: int(str(d["damage"])))
        out.append(f"The biggest blow was {hard['attacker']}'s {hard['move']} on turn {hard['turn']}, "
                   f"for {hard['damage']} damage.")
    escapes: dict[str, int] = {}
    for e in ev:
        if e.type == "escape":
            who = str(e.data["fighter"])
            escapes[who] = escapes.get(who, 0) + 1
    if escapes:
        out.append("Holds escaped: " + ", ".join(f"{who} {n}" for who, n in escapes.items()) + ".")
    out.append(record.result.summary or f"It ended by {record.result.method}.")
    return out
