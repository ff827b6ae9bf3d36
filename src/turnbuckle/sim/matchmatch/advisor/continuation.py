"""A match's state after round k, read from its record, as fast-engine tables that play on from there.

The state after a round is what the record's events say: each side's style values and Stamina
(the values after the '-' halvings, less every point of damage), injury points, DQ threshold,
High Spots and Specials used, how often each style has come up, and the grid with its picks. The
tables of the whole match (``Setup.of`` of the record's sides) become a match of the rounds left
that starts in that state: the strategies' rows are shifted by the rounds played (and a by-style
row by the times its style has come up), the limits become what is left of them, the referee and
the grid are the ones the match had. A test checks the fast engine's continuations against the
reference engine playing on from the record's own dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from turnbuckle.core.events import Happening, Roll
from turnbuckle.core.match import MatchRecord
from turnbuckle.rulesets.matchmatch.grid import COLUMNS
from turnbuckle.rulesets.matchmatch.rounds import SPECIALS
from turnbuckle.rulesets.matchmatch.styles import STAMINA, STYLES
from turnbuckle.sim.matchmatch.tables import Setup


@dataclass(frozen=True)
class State:
    """The match after ``round`` rounds."""

    round: int
    values: np.ndarray  # (n, 9): styles then Stamina
    injuries: np.ndarray  # (n,)
    threshold: np.ndarray  # (n,)
    high_spots_used: np.ndarray  # (n,)
    specials_used: np.ndarray  # (n,)
    seen: np.ndarray  # (8,) times each style has come up
    grid: np.ndarray  # (9,) style codes
    column: int
    row: int


def states(record: MatchRecord) -> list[State]:
    """The state before round 1 (after the grid and the referee) and after each round played."""
    names = list(record.names)
    n = len(names)
    values = np.zeros((n, 9), np.int32)
    injuries = np.zeros(n, np.int32)
    threshold = np.zeros(n, np.int32)
    spots = np.zeros(n, np.int32)
    specials = np.zeros(n, np.int32)
    seen = np.zeros(len(STYLES), np.int32)
    grid = np.zeros(9, np.int8)
    column = row = 0
    out: list[State] = []
    current = 0

    def snapshot(k: int) -> State:
        return State(k, values.copy(), injuries.copy(), threshold.copy(), spots.copy(), specials.copy(),
                     seen.copy(), grid.copy(), column, row)

    for e in record.events:
        if not isinstance(e, Happening):
            continue
        d: Any = e.data  # the engine's own events (JSON)
        if e.type == "match_start":
            grid = np.array([STYLES.index(str(s)) for line in d["grid"] for s in line], np.int8)
            column = COLUMNS.index(str(d["column"])) if d.get("column") else 0
            row = int(d["row"]) - 1 if d.get("row") else 0
        elif e.type == "side":
            i = names.index(str(d["side"]))
            styles = d["styles"]
            values[i, :8] = [int(styles[s]) for s in STYLES]
            values[i, 8] = int(d["stamina"])
            injuries[i] = int(d["injuries"])
            threshold[i] = int(d["dq_threshold"])
        elif e.type == "round_start":
            if not out:
                out.append(snapshot(0))
            r = int(d["round"])
            if r > current + 1 or r < 1:
                raise ValueError(f"the record's round {r} follows round {current}")
            if current >= 1:
                out.append(snapshot(current))
            current = r
            seen[STYLES.index(str(d["style"]))] += 1
        elif e.type == "action":
            i = names.index(str(d["side"]))
            kind = str(d["round_type"])
            spots[i] += kind == "high_spot"
            specials[i] += kind in SPECIALS
        elif e.type == "attack":
            threshold[names.index(str(d["side"]))] = int(d["dq_threshold_after"])
        elif e.type == "damage":
            i = names.index(str(d["side"]))
            target = str(d["target"])
            if target != STAMINA:
                values[i, STYLES.index(target)] -= int(d["to_style"])
            values[i, 8] -= int(d["to_stamina"])
        elif e.type == "injury_check" and d.get("injured"):
            injuries[names.index(str(d["side"]))] += 1
    if not out:
        out.append(snapshot(0))
    return out


def continuation(base: Setup, state: State) -> Setup:
    """Tables of a match of the rounds left that starts in ``state`` (two sides, none out)."""
    k = state.round
    left = base.rounds - k
    n = base.sides
    kinds = np.zeros((n, left + 1, len(STYLES), left + 1), np.int8)
    targets = np.zeros_like(kinds)
    for r in range(1, left + 1):
        for s in range(len(STYLES)):
            occ = np.arange(1, r + 1) + state.seen[s]
            kinds[:, r, s, 1:r + 1] = base.plan_kind[:, r + k, s, occ]
            targets[:, r, s, 1:r + 1] = base.plan_target[:, r + k, s, occ]
    cond = np.full_like(base.cond, -1)
    for i in range(n):
        kept = [c for c in base.cond[i] if c[0] >= 0 and c[1] > k]
        for j, c in enumerate(kept):
            cond[i, j] = (c[0], c[1] - k, c[2], c[3])
    return replace(
        base, rounds=left, values=state.values.astype(np.int32), injuries=state.injuries.astype(np.int32),
        threshold=np.repeat(state.threshold[:, None], 13, axis=1).astype(np.int32), referee_roll=False,
        high_spots=np.maximum(base.high_spots - state.high_spots_used, 0).astype(np.int32),
        push=np.maximum(base.push - state.specials_used, 0).astype(np.int32),
        grid_fixed=state.grid.astype(np.int8), column=state.column, row=state.row,
        plan_kind=kinds, plan_target=targets, cond=cond)


def dice_before(record: MatchRecord, round_no: int) -> list[int]:
    """Every face the record rolled before round ``round_no``'s style roll (for the reference
    engine to play on from the same point)."""

    faces: list[int] = []
    for e in record.events:
        if isinstance(e, Roll):
            if e.purpose == f"round {round_no} style":
                break
            faces += list(e.faces)
    return faces


def last_round(record: MatchRecord) -> int:
    rounds: list[Any] = [e.data["round"] for e in record.events if isinstance(e, Happening) and e.type == "round_start"]
    return max((int(r) for r in rounds), default=0)


def checked_two_sides(sides: Sequence[object]) -> None:
    if len(sides) != 2:
        raise ValueError("continuations are played for two-sided matches")
