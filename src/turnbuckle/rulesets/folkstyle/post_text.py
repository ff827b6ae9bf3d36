"""A short account of a folkstyle bout for a league's results post, from its events: who wrestled
in which colour, the score at the end of each period (or, over inside the first, how many turns
it took), riding time, and the end."""

from __future__ import annotations

from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord


def short_account(record: MatchRecord) -> list[str]:
    ev = [e for e in record.events if isinstance(e, Happening)]
    colours = next((e.data for e in ev if e.type == "colours"), None)
    if colours is not None:
        out = [f"{colours['red']} wrestled in red, {colours['green']} in green."]
    else:
        out = [f"{' and '.join(record.names)} wrestled."]
    scores = [f"{e.data['score']} after period {e.data['label']}" for e in ev if e.type == "period_end"]
    if scores:
        out.append("The score (red-green) stood at " + ", then ".join(scores) + ".")
    else:  # over inside the first period: say how quickly
        turns = sum(1 for e in ev if e.type == "turn")
        period = record.result.at.get("period", 1)
        out.append(f"It was over {turns} turn{'s' if turns != 1 else ''} into period {period}.")
    riding = next((e.data for e in ev if e.type == "riding_time" and e.data.get("awarded")), None)
    if riding is not None:
        out.append(f"Riding time went to {riding['awarded']}.")
    out.append(record.result.summary or f"It ended by {record.result.method}.")
    return out
