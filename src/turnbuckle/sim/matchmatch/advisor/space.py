"""The strategies the advisor searches: a compact plan, its moves, and its written form.

A :class:`Plan` is one side's legal strategy in a shape a search can change one piece at a time:

- two ``+`` styles (never Teamwork), a ``-`` style and a grid pick (or none: the engine then
  picks the line that favours the side once the grid is known, as the automatic player does);
- for every style, the action of a round of that style (a by-style ``All`` row);
- exact rounds (a High Spot, a Special or an Illegal at round N), which come before the by-style
  rows, as the rulebook's strategies write them;
- first-time-this-style rounds (``Brawling section, round 1: Finisher``), in the by-style mode
  of the rulebook's Part V, each counted once against its limit;
- clear conditionals ("If I haven't used my Specials by round 15, use a Finisher now").

Every plan the moves make is within the sheet's High Spots and Push Level and never uses a round
type the match type forbids, so its written strategy passes ``validate`` as it stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from turnbuckle.rulesets.matchmatch.auto import MOVES
from turnbuckle.rulesets.matchmatch.grid import COLUMNS
from turnbuckle.rulesets.matchmatch.rounds import ROUND_TYPES, SPECIALS, RoundType
from turnbuckle.rulesets.matchmatch.strategy import Action, Conditional, Entry, RoundSpec, Strategy
from turnbuckle.rulesets.matchmatch.styles import GRID_STYLES, STAMINA, STYLES

#: Target codes: a style's index in STYLES, or this for Stamina (the fast engine's codes).
STAMINA_CODE = len(STYLES)
TARGETS = tuple(range(len(STYLES) + 1))
#: Round types a by-style row may hold (no limit on how often they are played).
FREE_KINDS: tuple[RoundType, ...] = ("normal", "high_risk", "defensive", "illegal")
NORMAL = ROUND_TYPES.index("normal")
HIGH_SPOT = ROUND_TYPES.index("high_spot")
ILLEGAL = ROUND_TYPES.index("illegal")
#: A plan's action: (round-type code, target code).
Act = tuple[int, int]
DEFAULT_ACT: Act = (NORMAL, STAMINA_CODE)


@dataclass(frozen=True)
class Limits:
    """What one side may strat in one match: its sheet's High Spots and Push Level, the match's
    rounds, the Specials the match type allows, whether it names the grid's column (first side),
    row (second side) or nothing, and whether first-time-this-style rows are read by occurrence."""

    rounds: int
    high_spots: int
    push_level: int
    specials: tuple[int, ...]  # round-type codes of the allowed Specials
    grid_word: Literal["column", "row", "none"]
    by_occurrence: bool = True

    @property
    def can_special(self) -> bool:
        return self.push_level > 0 and bool(self.specials)


@dataclass(frozen=True)
class Plan:
    plus: tuple[int, int]
    minus: int
    grid: int  # 0-2, or -1 for no pick written
    by_style: tuple[Act, ...]  # one per style in STYLES
    exact: tuple[tuple[int, int, int], ...] = ()  # (round, kind, target), sorted by round
    first_time: tuple[tuple[int, int, int], ...] = ()  # (style, kind, target): the style's first round
    conds: tuple[tuple[int, int, int, int], ...] = ()  # (resource 0 specials / 1 High Spots, by round, kind, target)

    def uses(self) -> tuple[int, int]:
        """High Spot and Special rounds stratted (each exact and first-time row counts once)."""
        kinds = [k for _, k, _ in self.exact] + [k for _, k, _ in self.first_time]
        return (sum(1 for k in kinds if k == HIGH_SPOT),
                sum(1 for k in kinds if ROUND_TYPES[k] in SPECIALS))


def _act(kind: int, target: int, notes: str) -> Action:
    return Action(ROUND_TYPES[kind], STAMINA if target == STAMINA_CODE else STYLES[target], notes)


def _notes(kind: int, style: str | None, plus: str) -> str:
    moves = MOVES[style or plus]
    word = ROUND_TYPES[kind]
    if word == "defensive":
        return "Cover up and wait for an opening."
    if word in ("illegal", "vile_cheat"):
        return f"Behind the referee's back: {MOVES['cheating']}."
    if word in SPECIALS:
        return f"Go for the {word.replace('_', ' ')}: {moves}, then the cover."
    if word == "high_spot":
        return f"Trademark high spot: {moves}."
    if word == "high_risk":
        return f"Take the risk: {moves}."
    return f"Work the match: {moves}."


def to_strategy(plan: Plan, limits: Limits) -> Strategy:
    """The plan as a strategy (written: ``strategy_text.format_strategy_text``)."""
    lead = STYLES[plan.plus[0]]
    rounds = tuple(Entry(RoundSpec(r, r), _act(k, t, _notes(k, None, lead))) for r, k, t in plan.exact)
    sections = []
    for si, style in enumerate(STYLES):
        entries = [Entry(RoundSpec(1, 1), _act(k, t, _notes(k, style, lead)))
                   for s, k, t in plan.first_time if s == si]
        if plan.by_style[si] != DEFAULT_ACT:
            k, t = plan.by_style[si]
            entries.append(Entry(RoundSpec(1, None), _act(k, t, _notes(k, style, lead))))
        if entries:
            sections.append((style, tuple(entries)))
    conds = tuple(Conditional("specials" if res == 0 else "high_spots", by, _act(k, t, _notes(k, None, lead)))
                  for res, by, k, t in plan.conds)
    column = COLUMNS[plan.grid] if plan.grid >= 0 and limits.grid_word == "column" else None
    row = plan.grid + 1 if plan.grid >= 0 and limits.grid_word == "row" else None
    return Strategy((STYLES[plan.plus[0]], STYLES[plan.plus[1]]), STYLES[plan.minus], column, row, rounds,
                    tuple(sections), conds)


def tidy(plan: Plan, seen: set[int]) -> Plan:
    """The plan without rows for styles its match never has (they change nothing played)."""
    rows = tuple(act if si in seen else DEFAULT_ACT for si, act in enumerate(plan.by_style))
    return replace(plan, by_style=rows, first_time=tuple(f for f in plan.first_time if f[0] in seen))


def plan_arrays(plan: Plan, limits: Limits) -> tuple[np.ndarray, np.ndarray]:
    """The plan's (round, style, occurrence) action codes, as the fast engine's tables hold them
    (``Strategy.planned`` of :func:`to_strategy`, computed directly; a test checks they agree)."""
    r1 = limits.rounds + 1
    kind = np.zeros((r1, len(STYLES), r1), np.int8)
    target = np.zeros((r1, len(STYLES), r1), np.int8)
    for si, (k, t) in enumerate(plan.by_style):
        kind[1:, si, 1:] = k
        target[1:, si, 1:] = t
    for si, k, t in plan.first_time:
        if limits.by_occurrence:
            kind[1:, si, 1] = k
            target[1:, si, 1] = t
        else:
            kind[1, si, 1:] = k
            target[1, si, 1:] = t
    for r, k, t in plan.exact:
        kind[r, :, 1:] = k
        target[r, :, 1:] = t
    # Occurrences past the round number never happen; the tables leave them at 0 (Normal on Technical).
    for r in range(1, r1):
        kind[r, :, r + 1:] = 0
        target[r, :, r + 1:] = 0
    kind[0] = 0
    target[0] = 0
    return kind, target


def from_strategy(strategy: Strategy, limits: Limits) -> Plan | None:
    """The plan of a strategy written round by round with exact rounds and one ``All`` row (the
    automatic player's shape), or None when it has another shape."""
    if strategy.by_style or strategy.conditionals:
        return None
    exact = []
    fill = DEFAULT_ACT
    for e in strategy.rounds:
        act = (ROUND_TYPES.index(e.action.kind), target_code(e.action.target))
        if e.rounds.exact:
            if e.rounds.first <= limits.rounds:
                exact.append((e.rounds.first, *act))
        elif e.rounds.first == 1 and e.rounds.last is None:
            fill = act
        else:
            return None
    grid = -1
    if limits.grid_word == "column" and strategy.grid_column:
        grid = COLUMNS.index(strategy.grid_column)
    elif limits.grid_word == "row" and strategy.grid_row:
        grid = strategy.grid_row - 1
    plus = (STYLES.index(strategy.plus[0]), STYLES.index(strategy.plus[1]))
    return Plan(plus, STYLES.index(strategy.minus), grid, (fill,) * len(STYLES), tuple(sorted(exact)))


def target_code(target: str) -> int:
    return STAMINA_CODE if target == STAMINA else STYLES.index(target)


# -- moves ------------------------------------------------------------------------------------------
_PLUS_PAIRS = tuple((a, b) for a in range(len(GRID_STYLES)) for b in range(a + 1, len(GRID_STYLES)))
_FREE = tuple(ROUND_TYPES.index(k) for k in FREE_KINDS)


def _target(rng: np.random.Generator) -> int:
    """A target: Stamina half the time (it decides pins), else a style."""
    return STAMINA_CODE if rng.random() < 0.5 else int(rng.integers(len(STYLES)))


def _resource_kind(rng: np.random.Generator, limits: Limits, plan: Plan) -> int | None:
    """A High Spot or Special round type still within the limits, or None."""
    spots, specials = plan.uses()
    options: list[int] = []
    if spots < limits.high_spots:
        options.append(HIGH_SPOT)
    if specials < limits.push_level:
        options += list(limits.specials)
    return int(rng.choice(options)) if options else None


def random_plan(rng: np.random.Generator, limits: Limits) -> Plan:
    """A legal plan drawn at random (the benchmark's rivals, the search's restarts)."""
    pair = _PLUS_PAIRS[int(rng.integers(len(_PLUS_PAIRS)))]
    plus = (pair[0], pair[1]) if rng.random() < 0.5 else (pair[1], pair[0])
    grid = -1 if limits.grid_word == "none" else int(rng.integers(-1, 3))
    by_style = tuple((int(rng.choice(_FREE)), _target(rng)) if rng.random() < 0.4 else DEFAULT_ACT
                     for _ in STYLES)
    plan = Plan(plus, int(rng.integers(len(STYLES))), grid, by_style)
    free = list(range(1, limits.rounds + 1))
    rng.shuffle(free)
    for r in free:
        kind = _resource_kind(rng, limits, plan)
        if kind is None or rng.random() < 0.15:
            break
        plan = replace(plan, exact=tuple(sorted((*plan.exact, (r, kind, _target(rng))))))
    return plan


def _with_exact(plan: Plan, items: Sequence[tuple[int, int, int]]) -> Plan:
    return replace(plan, exact=tuple(sorted(items)))


def mutate(plan: Plan, rng: np.random.Generator, limits: Limits) -> Plan:
    """One small change, still legal: a style pick, the grid pick, a by-style row, an exact round
    moved, changed, added or dropped, a first-time row or a conditional."""
    for _ in range(20):
        out = _mutate_once(plan, rng, limits)
        if out is not None and out != plan:
            return out
    return plan


def _mutate_once(plan: Plan, rng: np.random.Generator, limits: Limits) -> Plan | None:
    move = int(rng.integers(9))
    used = {r for r, _, _ in plan.exact}
    if move == 0:
        pair = _PLUS_PAIRS[int(rng.integers(len(_PLUS_PAIRS)))]
        return replace(plan, plus=(pair[0], pair[1]) if rng.random() < 0.5 else (pair[1], pair[0]))
    if move == 1:
        return replace(plan, minus=int(rng.integers(len(STYLES))))
    if move == 2:
        return None if limits.grid_word == "none" else replace(plan, grid=int(rng.integers(-1, 3)))
    if move == 3:
        si = int(rng.integers(len(STYLES)))
        act = DEFAULT_ACT if rng.random() < 0.3 else (int(rng.choice(_FREE)), _target(rng))
        rows = list(plan.by_style)
        rows[si] = act
        return replace(plan, by_style=tuple(rows))
    if move == 4 and plan.exact:  # move an exact round
        i = int(rng.integers(len(plan.exact)))
        r, k, t = plan.exact[i]
        step = int(rng.choice([-3, -2, -1, 1, 2, 3]))
        nr = min(max(1, r + step), limits.rounds)
        if nr in used:
            return None
        return _with_exact(plan, [*plan.exact[:i], (nr, k, t), *plan.exact[i + 1:]])
    if move == 5 and plan.exact:  # change or drop one
        i = int(rng.integers(len(plan.exact)))
        r, k, t = plan.exact[i]
        rest = [*plan.exact[:i], *plan.exact[i + 1:]]
        if rng.random() < 0.25:
            return _with_exact(plan, rest)
        if rng.random() < 0.5:
            return _with_exact(plan, [*rest, (r, k, _target(rng))])
        shrunk = _with_exact(plan, rest)
        kind = _resource_kind(rng, limits, shrunk)
        if kind is None:
            return None
        return _with_exact(plan, [*rest, (r, kind, t)])
    if move == 6:  # add one (a resource round, or now and then an Illegal)
        free = [r for r in range(1, limits.rounds + 1) if r not in used]
        if not free:
            return None
        # Normal, High Risk and Defensive rounds come from the by-style rows: placed at exact rounds
        # too, they gained about a point less (20.9 against 21.9 over 16 searches of 3 million
        # matches: within the noise, so the smaller space stays).
        kind = ILLEGAL if rng.random() < 0.15 else _resource_kind(rng, limits, plan)
        if kind is None:
            return None
        return _with_exact(plan, [*plan.exact, (int(rng.choice(free)), kind, _target(rng))])
    if move == 7 and limits.by_occurrence:  # a first-time-this-style row
        if plan.first_time and rng.random() < 0.5:
            i = int(rng.integers(len(plan.first_time)))
            return replace(plan, first_time=plan.first_time[:i] + plan.first_time[i + 1:])
        kind = _resource_kind(rng, limits, plan)
        si = int(rng.integers(len(STYLES)))
        if kind is None or any(s == si for s, _, _ in plan.first_time):
            return None
        return replace(plan, first_time=tuple(sorted((*plan.first_time, (si, kind, _target(rng))))))
    if move == 8:  # a conditional: use what is left by a round
        if plan.conds and rng.random() < 0.4:
            return replace(plan, conds=())
        if limits.can_special and (limits.high_spots == 0 or rng.random() < 0.6):
            cond = (0, int(rng.integers(max(1, limits.rounds // 2), limits.rounds + 1)),
                    int(rng.choice(limits.specials)), STAMINA_CODE)
        elif limits.high_spots > 0:
            cond = (1, int(rng.integers(1, limits.rounds + 1)), HIGH_SPOT, STAMINA_CODE)
        else:
            return None
        return replace(plan, conds=(cond,))
    return None
