"""The scoresheet: one row per turn (and one for riding time), built from the event log, for
the JSON result and the text/Markdown write-ups alike."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from turnbuckle.core.events import Event, Happening, Json

HEADERS = ("Period", "Turn", "Position", "Red move", "Green move", "Quality", "Result", "Points", "Score")
KEYS = ("period", "turn", "position", "red_move", "green_move", "quality", "result", "points", "score")


def _dict(value: Json) -> Mapping[str, Json]:
    return value if isinstance(value, dict) else {}


def move_text(move: Mapping[str, Json]) -> str:
    """``3 Single Leg (10)``: the face rolled, the move and its base."""
    extra = f", scramble {move['scramble']}" if move.get("effect") == "scramble" else ""
    return f"{move['face']} {move['name']} ({move['base']}{extra})"


def result_text(data: Mapping[str, Json]) -> str:
    """What happened in a turn, in a few words: ``Red takedown``, ``Green scramble (5 v 3) won:
    reversal``, ``tie: no change``; stalling calls are added."""
    kind = str(data["result"])
    by = data.get("by")
    follow = _dict(data.get("follow_up"))
    if follow.get("what") == "scramble":
        head = kind.replace("scramble", f"scramble ({follow['face']} v {follow['number']})", 1)
        text = f"{follow['colour']} {head}"
    elif follow.get("what") == "near-fall":
        face = follow["face"]
        text = f"{by} near fall, pin (die {face})" if data.get("pin") else f"{by} near fall, {face} s"
    elif kind == "push away: escape":
        text = f"{by} escape (push away)"
    elif by is None:
        text = kind
    else:
        text = f"{by} {kind}"
    stalls = data.get("stalling")
    if isinstance(stalls, list):
        for s in stalls:
            d = _dict(s)
            text += f"; stalling on {d['colour']} ({d['move']}, call {d['call']})"
    return text


def points_text(points: Mapping[str, Json]) -> str:
    parts = [f"{colour} +{n}" for colour, n in points.items() if isinstance(n, int) and n > 0]
    return ", ".join(parts) or "-"


def scoresheet(events: Sequence[Event]) -> list[Json]:
    """Every scoring row of a match so far, as plain JSON rows keyed by :data:`KEYS`."""
    rows: list[Json] = []
    for e in events:
        if not isinstance(e, Happening):
            continue
        d = e.data
        if e.type == "turn":
            moves = _dict(d["moves"])
            red, green = _dict(moves["Red"]), _dict(moves["Green"])
            rows.append({
                "period": d["label"], "turn": d["turn"], "position": d["position"],
                "red_move": move_text(red), "green_move": move_text(green),
                "quality": f"{red['quality']}-{green['quality']}",
                "result": result_text(d), "points": points_text(_dict(d["points"])), "score": d["score"],
            })
        elif e.type == "riding_time" and d.get("awarded"):
            turns = _dict(d["top_turns"])
            rows.append({
                "period": "RT", "turn": "-", "position": "-", "red_move": "-", "green_move": "-",
                "quality": "-",
                "result": f"{d['awarded']} riding time (top turns {turns['Red']}-{turns['Green']})",
                "points": f"{d['awarded']} +1", "score": d["score"],
            })
    return rows


def table_rows(rows: Sequence[Json]) -> list[list[object]]:
    """The scoresheet rows as table cells in :data:`HEADERS` order."""
    return [[_dict(r).get(k, "") for k in KEYS] for r in rows]
