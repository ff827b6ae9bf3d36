"""A short account of a bout for a league's results post, from its events: how many rounds, the
hardest punch landed, each knockdown and whether the fighter beat the count, and the end."""

from __future__ import annotations

from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def short_account(record: MatchRecord) -> list[str]:
    ev = [e for e in record.events if isinstance(e, Happening)]
    rounds = sum(1 for e in ev if e.type == "round_start")
    out = [f"{' and '.join(record.names)} boxed {rounds} round{'s' if rounds != 1 else ''}."]
    punches = [e.data for e in ev if e.type == "punch" and int(str(e.data.get("damage", 0))) > 0]
    if punches:
        hard = max(punches, key=lambda d: int(str(d["damage"])))
        out.append(f"The hardest shot was {hard['attacker']}'s {hard['punch']} in round {hard['round']}, "
                   f"for {hard['damage']} damage.")
    downs: dict[str, list[str]] = {}
    for e in ev:
        if e.type == "knockdown":
            downs.setdefault(str(e.data["fighter"]), []).append(str(e.data["round"]))
    for who, when in list(downs.items())[:2]:
        distinct = sorted(set(when), key=int)
        rounds_text = ("round " if len(distinct) == 1 else "rounds ") + (
            " and ".join(distinct) if len(distinct) <= 2 else ", ".join(distinct[:-1]) + " and " + distinct[-1])
        up = sum(1 for e in ev if e.type == "getup" and e.data.get("fighter") == who and e.data.get("outcome") != "ko")
        beat = f", and beat the count {_times(up)}" if up else ""
        out.append(f"{who} went down {_times(len(when))} ({rounds_text}){beat}.")
    out.append(record.result.summary or f"It ended by {record.result.method}.")
    return out
