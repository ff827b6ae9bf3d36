"""What the corners see at the table between entries: the round, each fighter's HP and Speed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from turnbuckle.core.events import Event, Happening
from turnbuckle.core.facets import TableView


def board(names: Sequence[str], events: Sequence[Event], viewer: str | None,
          sheets: Mapping[str, tuple[int, int]] | None = None) -> list[str]:
    """The round and, for each fighter, HP, the Speed the next turn uses and knockdowns, as the
    events so far leave them; with ``sheets`` (each fighter's Toughness and Power as written) also
    the Toughness after knockdown penalties and the Power."""
    toughness = {n: t for n, (t, _p) in (sheets or {}).items()}
    hp: dict[str, object] = {}
    speed: dict[str, object] = {}  # the Speed the next turn uses (after fatigue and knockdowns)
    base: dict[str, int] = {}  # Speed before fatigue: round 1's, less knockdown penalties
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
            if d["round"] == 1:  # no fatigue yet: the Speed in force is the fighter's own
                base.update({k: int(str(v)) for k, v in _named(d["speed"]).items()})
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
                who = str(d["fighter"])
                speed[who] = after_knockdown(speed.get(who), base.get(who), int(str(d["speed"])))
                toughness[who] = int(str(d["toughness"]))
                base[who] = int(str(d["speed"]))
                downs[who] = int(str(d["count"]))
    lines = [where] if where else []
    for name in names:
        if name in hp:
            stats = f", Toughness {toughness[name]}, Power {sheets[name][1]}" if sheets and name in sheets else ""
            lines.append(f"{name}: HP {hp[name]}, Speed {speed.get(name, '?')}{stats}, knockdowns {downs[name]}")
    return lines


def _named(value: object) -> dict[str, object]:
    return {str(k): v for k, v in value.items()} if isinstance(value, dict) else {}


def after_knockdown(now: object, before: int | None, after: int) -> object:
    """The Speed in force after a knockdown took the fighter's own Speed from ``before`` to
    ``after``: the fatigue in force this round still comes off it (a knockdown in round 2 after
    1 fatigue: own Speed 8 -> 7 means 6 this round, not 7)."""
    if before is None or not isinstance(now, int):
        return after
    fatigue = before - now
    return max(0, after - fatigue)


class BoxingTable(TableView):
    """The corners' board; with the fighters' sheets at hand, their Toughness and Power too."""

    def board(self, names: Sequence[str], events: Sequence[Event], viewer: str | None) -> list[str]:
        return board(names, events, viewer)

    def table_board(self, sides: Sequence[Any], names: Sequence[str], events: Sequence[Event],
                    viewer: str | None) -> list[str]:
        return board(names, events, viewer, {n: (f.toughness, f.power) for n, f in zip(names, sides, strict=True)})
