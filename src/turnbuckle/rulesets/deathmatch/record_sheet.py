"""The paper sheet of the rulebook: each figure's name and starting HP at the top, then one line a
round with every figure's HP at the end of the round (and its speed total that round).

Built from the event log alone, so the engine's result and the write-ups show the same sheet.
"""

from __future__ import annotations

from collections.abc import Sequence

from turnbuckle.core.events import Event, Happening, Json


def paper_sheet(events: Sequence[Event]) -> dict[str, Json]:
    """``{"figures": [{tag, name, player, hp}...], "rounds": [{round, speed, hp}...]}``; a figure
    not in play in a round (dead) has no speed that round and 0 HP."""
    figures: list[Json] = []
    rounds: list[Json] = []
    speed: dict[str, Json] = {}
    for e in events:
        if not isinstance(e, Happening):
            continue
        if e.type == "battle_start":
            raw = e.data["figures"]
            if isinstance(raw, list):
                for f in raw:
                    if isinstance(f, dict):
                        figures.append({k: f[k] for k in ("tag", "name", "player", "hp")})
        elif e.type == "initiative":
            totals = e.data["totals"]
            speed = dict(totals) if isinstance(totals, dict) else {}
        elif e.type == "round_end":
            rounds.append({"round": e.data["round"], "speed": speed, "hp": e.data["hp"]})
            speed = {}
    return {"figures": figures, "rounds": rounds}
