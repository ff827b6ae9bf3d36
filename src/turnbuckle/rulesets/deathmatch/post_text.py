"""A short account of a Deathmatch for a league's results post, from its events: the rounds
fought, the figures each player lost, who was eliminated when and by whom, and the end."""

from __future__ import annotations

from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord


def short_account(record: MatchRecord) -> list[str]:
    ev = [e for e in record.events if isinstance(e, Happening)]
    rounds = sum(1 for e in ev if e.type == "round_start")
    kills = sum(1 for e in ev if e.type == "killed")
    out = [f"{', '.join(record.names[:-1])} and {record.names[-1]} fought {rounds} round"
           f"{'s' if rounds != 1 else ''}, and {kills} figure{'s' if kills != 1 else ''} fell."]
    gone = [e.data for e in ev if e.type == "eliminated"]
    for d in gone[:3]:
        out.append(f"{d['player']} was eliminated in round {d['round']}" + (f" by {d['by']}" if d.get("by") else "")
                   + ".")
    if not gone:
        out.append("No player was eliminated.")
    out.append(record.result.summary or f"It ended by {record.result.method}.")
    return out
