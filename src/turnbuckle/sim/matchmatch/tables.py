"""The fast MatchMatch engine's tables, built in Python from the rules package's own functions.

A matchup (2 to 8 sides) and option set become a :class:`Setup`: every number the kernel needs, as scalars and
small numpy arrays. Strategies (written or automatic) are compiled into per-round action arrays
with ``Strategy.planned``; damage, DQ thresholds, victory-check and injury constants come from the
pure functions of ``rulesets/matchmatch/rounds.py`` (the starting values from ``halving.py``).
Whatever the kernel does not cover raises :class:`FastEngineUnsupported`, so ``odds`` plays it on
the reference engine instead.

The fast engine plays the current rules version (1.3): compound halvings, a match type's own
finish, a roll-off among sides tied for the lowest total and the die that picks the team member
an injury goes to (a die the kernel rolls so its dice stay the reference engine's; it changes
nothing counted). A match stored under 1.2 is replayed by the reference engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from turnbuckle.core.errors import StrategyError
from turnbuckle.core.match import unique_names
from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.matchmatch.auto import advantage, auto_strategy
from turnbuckle.rulesets.matchmatch.engine import die_for, printed_grids
from turnbuckle.rulesets.matchmatch.grid import COLUMNS, agreed_grid
from turnbuckle.rulesets.matchmatch.halving import compound_halvings
from turnbuckle.rulesets.matchmatch.match_types import MatchType
from turnbuckle.rulesets.matchmatch.options import match_options
from turnbuckle.rulesets.matchmatch.referees import referee_for_roll
from turnbuckle.rulesets.matchmatch.rounds import (
    CHEATS,
    DEFAULT_DQ_THRESHOLD,
    EFFECTS,
    INJURY_TARGET,
    NATURAL_WIN,
    ROUND_TYPES,
    SPECIALS,
    count_for,
    finish_method,
    high_risk_value,
    injury_check_total,
    pin_modifiers,
    round_damage,
    slack_threshold,
)
from turnbuckle.rulesets.matchmatch.side import Side
from turnbuckle.rulesets.matchmatch.strategy import ByStyleMode, Strategy, strategy_problems
from turnbuckle.rulesets.matchmatch.styles import GRID_STYLES, STAMINA, STYLES
from turnbuckle.sim.specs import FastEngineUnsupported

#: The options this engine plays; any other makes it step aside for the reference engine.
KNOWN_OPTIONS = frozenset({"rounds", "type", "types", "referee", "grid", "by_style_rounds"})
#: The most sides the kernel plays (its work rows hold this many; kernel.MAX_SIDES, checked by a test).
MAX_SIDES = 8
#: Target codes: a style's index in STYLES, or STAMINA_CODE.
STAMINA_CODE = len(STYLES)
#: A High Risk die showing this face earns an extra die (engine.py's rule, mirrored here and
#: checked by the trace-replay tests).
HIGH_RISK_EXTRA_FACE = 3
#: The finish methods of the kernel's outcome codes, in order: code = n * method + winner for
#: the first four; then the three finishes without a winner. A match type with a finish of its
#: own names the first three so (``outcomes``).
WIN_METHODS = ("pinfall", "submission", "count-out", "dq")
NO_WINNER = ("double dq", "double count-out", "draw")


def target_code(target: str) -> int:
    return STAMINA_CODE if target == STAMINA else STYLES.index(target)


def _strategies(sides: Sequence[Side], rounds: int, mt: MatchType, tag: bool) -> list[Strategy]:
    """Each side's strategy as the reference engine gets it: written, or automatic (no grid yet:
    the automatic grid pick is made in the kernel with the same advantages)."""
    out: list[Strategy] = []
    problems: list[str] = []
    names = unique_names([s.name for s in sides])
    for i, side in enumerate(sides):
        others = [s.sheet for j, s in enumerate(sides) if j != i]
        if side.strategy is None:
            out.append(auto_strategy(side.sheet, others, rounds, None, mt.forbidden_specials, tag))
            continue
        found = strategy_problems(side.strategy, side.sheet.high_spots, side.sheet.push_level, rounds,
                                  mt.forbidden_specials, mt.name)
        problems += [f"{names[i]}: {p}" for p in found]
        out.append(side.strategy)
    if problems:
        raise StrategyError("; ".join(problems))
    return out


def _thresholds(base_by_roll: Sequence[int], slack: int) -> list[int]:
    return [slack_threshold(b, slack) for b in base_by_roll]


@dataclass(frozen=True)
class Setup:
    """Everything the kernel needs for one matchup and option set."""

    rounds: int
    style_list: np.ndarray  # int8 style codes; GRID_SLOT holds the grid's style, filled per match
    grid_slot: int
    die: int
    grid_fixed: np.ndarray  # 9 style codes, or -1s when the grid is rolled
    column: int  # the first side's written column (0-2), or -1 for the automatic pick
    row: int  # the second side's written row (0-2), or -1
    adv: np.ndarray  # (2, 7) the first two sides' advantage in each grid style (for the automatic picks)
    values: np.ndarray  # (n, 9) style values after halving, then Stamina
    defenses: np.ndarray  # (n, 8)
    injuries: np.ndarray  # (n,)
    members: np.ndarray  # (n,) a team's members (0 for a wrestler): the die an injury's member is picked by
    threshold: np.ndarray  # (n, 13) DQ threshold by the referee roll (2-12), or the same in every cell
    referee_roll: bool
    high_spots: np.ndarray  # (n,)
    push: np.ndarray  # (n,)
    plan_kind: np.ndarray  # (n, rounds + 1, 8, rounds + 1) by round, style and occurrence
    plan_target: np.ndarray
    cond: np.ndarray  # (n, k, 4): resource (0 specials, 1 High Spots), by round, kind, target; -1 padded
    forbidden: np.ndarray  # (10,) 1 where the match type forbids the kind
    attack_bonus: np.ndarray  # (10,)
    is_cheat: np.ndarray  # (10,)
    is_vile: np.ndarray  # (10,)
    is_special: np.ndarray  # (10,)
    is_high_risk: np.ndarray  # (10,)
    is_cripple: np.ndarray  # (10,)
    method: np.ndarray  # (10,) index into WIN_METHODS of a win from this kind
    hr_value: np.ndarray  # (7,) what a High Risk face counts
    damage: np.ndarray  # (10, margins, defenses) damage dealt
    injury_threshold: int
    injury_const: np.ndarray  # (2,) injury_check_total of zeros, without and with a Cripple
    injury_target: int
    pin_base: np.ndarray  # (n, n, 10): the victory-check modifiers of side w beating side v, but
    # for the zero styles, the loser's injuries and Stamina
    pin_need: int
    natural: int
    #: Not a kernel argument (the damage table holds it): for the exact tables.
    damage_modifier: int = 0
    #: Not a kernel argument: the match type's own finish, the method of every won victory check
    #: (empty: pinfall, submission or count-out by the round type), for the outcome names.
    finish: str = ""

    def args(self) -> tuple[Any, ...]:
        """The kernel's arguments, packed into few arrays (numba inlines only calls of up to about
        30 arguments): scalars, per-side limits and per-round-type flags each in one array."""
        scalars = np.array([self.rounds, self.grid_slot, self.die, self.column, self.row, int(self.referee_roll),
                            self.injury_threshold, int(self.injury_const[0]), int(self.injury_const[1]),
                            self.injury_target, self.pin_need, self.natural, self.sides], np.int64)
        sides = np.stack([self.injuries, self.high_spots, self.push, self.members], axis=1).astype(np.int32)
        kinds = np.stack([self.forbidden, self.attack_bonus, self.is_cheat, self.is_vile, self.is_special,
                          self.is_high_risk, self.is_cripple, self.method], axis=1).astype(np.int32)
        return (scalars, self.style_list, self.grid_fixed, self.adv, self.values, self.defenses, self.threshold,
                sides, self.plan_kind, self.plan_target, self.cond, kinds, self.hr_value, self.damage, self.pin_base)

    @property
    def sides(self) -> int:
        return int(self.values.shape[0])

    @property
    def max_dice(self) -> int:
        """Dice of one match at most (without style rerolls): for trace buffers."""
        n = self.sides
        return 2 + 9 + self.rounds * (1 + n * (3 + 3 + 4) + n * 3 + n * 3 + n * 2)

    @classmethod
    def of(cls, sides: Sequence[Any], options: Mapping[str, OptionValue]) -> Setup:
        unknown = sorted(set(options) - KNOWN_OPTIONS)
        if unknown:
            raise FastEngineUnsupported(f"the fast matchmatch engine does not know the option(s) "
                                             f"{', '.join(unknown)}")
        sd: list[Side] = [s for s in sides if isinstance(s, Side)]
        n = len(sd)
        if n != len(sides) or not 2 <= n <= MAX_SIDES:
            raise ValueError(f"the fast matchmatch engine takes 2 to {MAX_SIDES} MatchMatch sides")
        opts = match_options(options)
        rounds = opts.rounds
        mt = opts.match_type
        tag = any(s.is_team for s in sd)
        mode: ByStyleMode = opts.by_style_rounds
        strategies = _strategies(sd, rounds, mt, tag)

        # The referee: none, a named one, or one rolled on 2d6 (per match, in the kernel).
        rolled = opts.referee_rolled
        if rolled:
            base_by_roll = [referee_for_roll(t).dq_threshold if t >= 2 else 0 for t in range(13)]
        elif opts.referee is None:
            base_by_roll = [DEFAULT_DQ_THRESHOLD] * 13
        else:
            base_by_roll = [opts.referee.dq_threshold] * 13
        base_by_roll = [b + mt.dq_threshold_change for b in base_by_roll]
        threshold = np.array([_thresholds(base_by_roll, s.sheet.ref_slack) for s in sd], np.int32)

        grid_text = opts.grid
        grid_fixed = np.full(9, -1, np.int8)
        g = agreed_grid(grid_text, printed_grids(sd, unique_names([s.name for s in sd])))
        if g is not None:
            grid_fixed = np.array([STYLES.index(s) for r in g.rows for s in r], np.int8)

        styles: list[int] = []
        for strat in strategies:
            styles += [STYLES.index(p) for p in strat.plus]
        grid_slot = len(styles)
        styles.append(-1)
        if tag:
            styles.append(STYLES.index("teamwork"))
        styles += [STYLES.index(s) for s in mt.styles_added]

        values = np.zeros((n, 9), np.int32)
        defenses = np.zeros((n, 8), np.int32)
        for i, side in enumerate(sd):
            v, _ = compound_halvings(side.sheet.styles.as_dict(), mt.styles_halved, mt.name,
                                     [(str(j), strategies[j].minus) for j in range(n) if j != i])
            values[i, :8] = [v[s] for s in STYLES]
            values[i, 8] = side.sheet.stamina
            defenses[i] = [side.sheet.defenses.get(s) for s in STYLES]
        # The first side picks a column and the second a row, each against every other side.
        adv = np.array([[advantage(sd[i].sheet, [o.sheet for j, o in enumerate(sd) if j != i], s)
                         for s in GRID_STYLES] for i in range(2)], np.int32)

        plan_kind = np.zeros((n, rounds + 1, 8, rounds + 1), np.int8)
        plan_target = np.zeros((n, rounds + 1, 8, rounds + 1), np.int8)
        for i, strat in enumerate(strategies):
            for r in range(1, rounds + 1):
                for si, style in enumerate(STYLES):
                    for occ in range(1, r + 1):
                        a = strat.planned(r, style, occ, mode)
                        plan_kind[i, r, si, occ] = ROUND_TYPES.index(a.kind)
                        plan_target[i, r, si, occ] = target_code(a.target)
        k = max(1, *(len(s.conditionals) for s in strategies))
        cond = np.full((n, k, 4), -1, np.int32)
        for i, strat in enumerate(strategies):
            for j, c in enumerate(strat.conditionals):
                cond[i, j] = (0 if c.resource == "specials" else 1, c.by_round, ROUND_TYPES.index(c.action.kind),
                              target_code(c.action.target))

        def flags(pred: Any) -> np.ndarray:
            return np.array([1 if pred(kind) else 0 for kind in ROUND_TYPES], np.int8)

        max_value = int(values.max())
        max_def = int(defenses.max())
        # The widest margin: the best total (High Risk 3-3-3 with three 6s: 27; a Finisher's +4;
        # a Vile Cheat's 4d6) minus the worst (0).
        margins = 27 + 24 + max(e.attack for e in EFFECTS.values()) + max_value + 1
        damage = np.zeros((len(ROUND_TYPES), margins, max_def + 1), np.int32)
        for ki, kind in enumerate(ROUND_TYPES):
            for m in range(margins):
                for d in range(max_def + 1):
                    damage[ki, m, d] = round_damage(m, kind, d, mt.damage_modifier)[1]
        length = len(styles)
        weights = [s.sheet.styles.weight for s in sd]
        pin_base = np.array([[[pin_modifiers(weights[w], weights[v], 0, kind, 0, 0, length, mt.pin_modifier).total
                               for kind in ROUND_TYPES] for v in range(n)] for w in range(n)], np.int32)
        pin_need = min(t for t in range(-100, 100) if count_for(t, NATURAL_WIN - 1) == 3)
        return cls(
            rounds=rounds,
            style_list=np.array(styles, np.int8),
            grid_slot=grid_slot,
            die=die_for(length),
            grid_fixed=grid_fixed,
            column=COLUMNS.index(strategies[0].grid_column) if strategies[0].grid_column else -1,
            row=strategies[1].grid_row - 1 if strategies[1].grid_row else -1,
            adv=adv,
            values=values,
            defenses=defenses,
            injuries=np.array([s.sheet.injuries for s in sd], np.int32),
            members=np.array([len(s.members) for s in sd], np.int32),
            threshold=threshold,
            referee_roll=rolled,
            high_spots=np.array([s.sheet.high_spots for s in sd], np.int32),
            push=np.array([s.sheet.push_level for s in sd], np.int32),
            plan_kind=plan_kind,
            plan_target=plan_target,
            cond=cond,
            forbidden=flags(lambda kd: kd in mt.forbidden_specials),
            attack_bonus=np.array([EFFECTS[kd].attack for kd in ROUND_TYPES], np.int32),
            is_cheat=flags(lambda kd: kd in CHEATS),
            is_vile=flags(lambda kd: kd == "vile_cheat"),
            is_special=flags(lambda kd: kd in SPECIALS),
            is_high_risk=flags(lambda kd: kd == "high_risk"),
            is_cripple=flags(lambda kd: kd == "cripple"),
            method=np.array([WIN_METHODS.index(finish_method(kd)) for kd in ROUND_TYPES], np.int8),
            hr_value=np.array([0] + [high_risk_value(f) for f in range(1, 7)], np.int32),
            damage=damage,
            injury_threshold=mt.injury_threshold,
            injury_const=np.array([injury_check_total(0, 0, 0, 0, c, mt.injury_chance) for c in (False, True)],
                                  np.int32),
            injury_target=INJURY_TARGET,
            pin_base=pin_base,
            pin_need=pin_need,
            natural=NATURAL_WIN,
            damage_modifier=mt.damage_modifier,
            finish=mt.finish,
        )


def outcomes(sides: int = 2, finish: str = "") -> tuple[tuple[int | None, str], ...]:
    """The kernel's outcome codes for a match of ``sides`` sides, in order. With a match type's
    own ``finish``, the codes of the won victory checks (pinfall, submission, count-out by the
    round type) all name it, as ``rounds.finish_method`` does."""
    names = [finish_method(kind, finish) for kind in ("normal", "submission", "illegal")] + ["dq"]
    return tuple((w, m) for m in names for w in range(sides)) + tuple((None, m) for m in NO_WINNER)
