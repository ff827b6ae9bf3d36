"""What the corners see at the table between entries: the round, each fighter's HP and Speed."""

from __future__ import annotations

from collections.abc import Sequence

from turnbuckle.core.events import Event, Happening


def board(names: Sequence[str], events: Sequence[Event], viewer: str | None) -> list[str]:
    """The round and, for each fighter, HP, Speed and knockdowns, as the events so far leave them."""
    hp: dict[str, object] = {}
    speed: dict[str, object] = {}
    downs = dict.fromkeys(names, 0)
    rounds: object = "?"
    where = ""
    for e in events:
        if not isinstance(e, Happening):
            continue
        d = e.data
        if e.type == "bout_start":
            rounds = d["rounds"]
        elif e.type == "round_start":
            where = f"Round {d['round']} of {rounds}"
            hp.update(_named(d["hp"]))
            speed.update(_named(d["speed"]))
        elif e.type in ("clinch", "interval"):
            hp.update(_named(d["hp"]))
            if e.type == "interval":
                speed.update(_named(d["speed_next"]))
                where = f"Interval after round {d['round']}"
        elif e.type == "punch":
            hp[str(d["defender"])] = d["hp_after"]
        elif e.type in ("knockdown", "getup"):
            hp[str(d["fighter"])] = d["hp"]
            if e.type == "knockdown":
                speed[str(d["fighter"])] = d["speed"]
                downs[str(d["fighter"])] = int(str(d["count"]))
    lines = [where] if where else []
    for name in names:
        if name in hp:
            lines.append(f"{name}: HP {hp[name]}, Speed {speed.get(name, '?')}, knockdowns {downs[name]}")
    return lines


def _named(value: object) -> dict[str, object]:
    return {str(k): v for k, v in value.items()} if isinstance(value, dict) else {}
