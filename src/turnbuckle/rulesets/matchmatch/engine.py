"""The match: pre-match bookkeeping (IV.1), then rounds (IV.2) until a finish or the time limit.

Singles, tag (team against team: Teamwork joins the style list) and three or more sides (the
round's loser is the lowest total; a DQ'd side is out and the rest go on).

Rules versions (core/versions.py): what 1.3 changed is gated with ``setup.rules_at_least("1.3")``,
so a match played under 1.2 keeps its every event and die: a match type's own finish (escape,
four corners, ten count), compound halvings, a roll-off among sides tied for the lowest total,
and an injury a team takes going to one member picked by a die.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from turnbuckle.core.errors import RulesError, StrategyError
from turnbuckle.core.match import MatchOver, MatchSetup, Result
from turnbuckle.core.table import Table
from turnbuckle.rulesets.matchmatch.auto import auto_strategy, pick_column, pick_row
from turnbuckle.rulesets.matchmatch.grid import COLUMNS, Grid, agreed_grid, roll_grid
from turnbuckle.rulesets.matchmatch.halving import compound_halvings, halved_once
from turnbuckle.rulesets.matchmatch.options import match_options
from turnbuckle.rulesets.matchmatch.prompts import referee_note
from turnbuckle.rulesets.matchmatch.referees import Referee, referee_for_roll, referees
from turnbuckle.rulesets.matchmatch.rounds import (
    CHEATS,
    DEFAULT_DQ_THRESHOLD,
    EFFECTS,
    INJURY_TARGET,
    ROUND_TYPES,
    SPECIALS,
    apply_damage,
    count_for,
    finish_method,
    high_risk_value,
    injury_check_total,
    is_dq,
    pin_modifiers,
    round_damage,
    slack_threshold,
    specialty_finish_text,
    type_title,
)
from turnbuckle.rulesets.matchmatch.side import Side
from turnbuckle.rulesets.matchmatch.strategy import (
    Action,
    ByStyleMode,
    Strategy,
    parse_round_type,
    strategy_problems,
)
from turnbuckle.rulesets.matchmatch.styles import GRID_STYLES, STAMINA, STYLES, title

DICE = (4, 6, 8, 10, 12, 20, 100)
#: The most rolls of one kind in a row: style rerolls, and (rules 1.3) roll-offs for the lowest total.
MAX_REROLLS = 200
#: The rules version that brought specialty finishes, compound halvings, the roll-off for the
#: lowest total and injuries going to a team's members.
V1_3 = "1.3"


def die_for(length: int) -> int:
    """The smallest standard die with at least ``length`` faces (a d6 for the usual 5 or 6)."""
    for d in DICE:
        if d >= length:
            return d
    raise RulesError(f"a style list of {length} entries is too long (at most {DICE[-1]})")


@dataclass
class Corner:
    index: int
    name: str
    side: Side
    strategy: Strategy
    auto: bool
    styles: dict[str, int]
    stamina: int
    injuries: int
    dq_threshold: int
    high_spots_used: int = 0
    specials_used: int = 0
    out: bool = False
    seen: Counter[str] = field(default_factory=Counter)

    @property
    def sheet_weight(self) -> int:
        return self.side.sheet.styles.weight

    def defense(self, style: str) -> int:
        return self.side.sheet.defenses.get(style)

    def value(self, target: str) -> int:
        return self.stamina if target == STAMINA else self.styles[target]


@dataclass(frozen=True)
class Attack:
    corner: Corner
    action: Action
    total: int
    dq: bool


def printed_grids(sides: Sequence[Side], names: Sequence[str]) -> list[tuple[str, Grid]]:
    """Each side's name and the grid its written strategy prints, for the sides whose does."""
    return [(name, side.strategy.printed_grid) for side, name in zip(sides, names, strict=True)
            if side.strategy is not None and side.strategy.printed_grid is not None]


class Match:
    def __init__(self, setup: MatchSetup[Side], table: Table):
        self.setup = setup
        self.table = table
        self.options = opts = match_options(setup.options)
        self.rounds = opts.rounds
        self.type = opts.match_type
        self.mode: ByStyleMode = opts.by_style_rounds
        self.grid_text = opts.grid
        self.tag = any(s.is_team for s in setup.sides)
        self.humans = {i for i, kind in setup.players.items() if kind == "human"}
        self.round = 0
        self.corners: list[Corner] = []
        self.style_list: list[str] = []
        self.v13 = setup.rules_at_least(V1_3)

    # -- pre-match --------------------------------------------------------------------------
    def referee(self) -> Referee | None:
        if self.options.referee_rolled:
            roll = self.table.roll(2, 6, "referee", note=lambda: referee_note(referees()))
            return referee_for_roll(roll.total)
        return self.options.referee

    def grid(self) -> Grid:
        """The organiser's grid, else the one the strategies were written for, else rolled."""
        fixed = agreed_grid(self.grid_text, printed_grids(self.setup.sides, self.setup.names))
        return fixed if fixed is not None else roll_grid(self.table)

    def strategies(self, grid: Grid) -> list[tuple[Strategy, bool]]:
        out = []
        sheets = [s.sheet for s in self.setup.sides]
        problems = []
        for i, (side, name) in enumerate(zip(self.setup.sides, self.setup.names, strict=True)):
            others = [w for j, w in enumerate(sheets) if j != i]
            if i in self.humans and side.strategy is None:
                out.append((self.human_styles(i, name), False))
                continue
            if side.strategy is None:
                strat = auto_strategy(side.sheet, others, self.rounds, grid, self.type.forbidden_specials, self.tag)
                out.append((strat, True))
                continue
            found = strategy_problems(side.strategy, side.sheet.high_spots, side.sheet.push_level, self.rounds,
                                      self.type.forbidden_specials, self.type.name)
            problems += [f"{name}: {p}" for p in found]
            out.append((side.strategy, False))
        if problems:
            raise StrategyError("; ".join(problems))
        return out

    def human_styles(self, i: int, name: str) -> Strategy:
        """A human side with no written strategy picks its styles (and grid line) at the table."""
        t = self.table
        first = t.choose(list(GRID_STYLES), f"{name} first '+' style", name, None)
        second = t.choose([s for s in GRID_STYLES if s != first], f"{name} second '+' style", name, None)
        minus = t.choose(list(STYLES), f"{name} '-' style", name, None)
        column = t.choose(list(COLUMNS), f"{name} grid column", name, None) if i == 0 else None
        row = int(t.choose(["1", "2", "3"], f"{name} grid row", name, None)) if i == 1 else None
        return Strategy((first, second), minus, column, row)

    def human_action(self, c: Corner, style: str) -> Action:
        """A human side picks each round's type and target at the table, from what is still allowed."""
        kinds = [k for k in ROUND_TYPES if not self.why_not(c, k)]
        kind = self.table.choose(kinds, f"{c.name} round {self.round} ({title(style)}) type", c.name, None)
        target = self.table.choose([STAMINA, *STYLES], f"{c.name} round {self.round} target", c.name, None)
        return Action(parse_round_type(kind), target, "")

    def prepare(self) -> None:
        t = self.table
        ref = self.referee()
        grid = self.grid()
        plans = self.strategies(grid)
        sides = self.setup.sides
        names = self.setup.names
        first, second = plans[0][0], plans[1][0]
        others0 = [s.sheet for s in sides[1:]]
        others1 = [s.sheet for j, s in enumerate(sides) if j != 1]
        column, col_auto = first.grid_column, False
        if column is None:
            column, col_auto = pick_column(sides[0].sheet, others0, grid), True
        row, row_auto = second.grid_row, False
        if row is None:
            row, row_auto = pick_row(sides[1].sheet, others1, grid), True
        grid_style = grid.at(column, row)
        styles: list[str] = []
        for strat, _ in plans:
            styles += list(strat.plus)
        styles.append(grid_style)
        if self.tag:
            styles.append("teamwork")
        styles += self.type.styles_added
        self.style_list = styles
        base = (ref.dq_threshold if ref else DEFAULT_DQ_THRESHOLD) + self.type.dq_threshold_change
        t.happen("match_start", match_type=self.type.name, rounds=self.rounds, tag=self.tag,
                 referee=ref.name if ref else None, referee_threshold=ref.dq_threshold if ref else None,
                 grid=[list(r) for r in grid.rows], column=column, row=row, column_auto=col_auto,
                 row_auto=row_auto, grid_style=grid_style, style_list=styles, die=die_for(len(styles)))
        for i, (side, name, (strat, auto)) in enumerate(zip(sides, names, plans, strict=True)):
            steps: dict[str, object] = {}
            if self.v13:
                minuses = [(names[j], p[0].minus) for j, p in enumerate(plans) if j != i]
                values, halvings = compound_halvings(side.sheet.styles.as_dict(), self.type.styles_halved,
                                                     self.type.name, minuses)
                halved = sorted({h.style for h in halvings})
                steps["halvings"] = [{"style": h.style, "by": h.by, "type": h.type, "before": h.before,
                                      "after": h.after} for h in halvings]
            else:
                values, halved = halved_once(side.sheet.styles.as_dict(), self.type.styles_halved,
                                             [p[0].minus for j, p in enumerate(plans) if j != i])
            threshold = slack_threshold(base, side.sheet.ref_slack)
            corner = Corner(i, name, side, strat, auto, values, side.sheet.stamina, side.sheet.injuries, threshold)
            self.corners.append(corner)
            t.happen("side", side=name, auto=auto, team=[m.name for m in side.members],
                     plus=list(strat.plus), minus=strat.minus, halved=halved, styles=dict(values),
                     stamina=corner.stamina, injuries=corner.injuries, dq_threshold=threshold,
                     high_spots=side.sheet.high_spots, specials=side.sheet.push_level, **steps)

    # -- a round ------------------------------------------------------------------------------
    def roll_style(self) -> str:
        die = die_for(len(self.style_list))
        for _ in range(MAX_REROLLS):
            face = self.table.roll(1, die, f"round {self.round} style",
                                  meaning=[title(s) for s in self.style_list]).total
            if face <= len(self.style_list):
                return self.style_list[face - 1]
        raise RulesError(f"round {self.round}: no style after {MAX_REROLLS} rerolls; check the dice")

    def why_not(self, c: Corner, kind: str) -> str:
        """Why this side may not play a round of this kind now (empty: it may): High Spots up to
        those bought, Specials up to the Push Level, no Special the match type forbids."""
        sheet = c.side.sheet
        if kind == "high_spot" and c.high_spots_used >= sheet.high_spots:
            return f"no High Spots left ({sheet.high_spots} bought)"
        if kind in SPECIALS and c.specials_used >= sheet.push_level:
            return f"no Specials left (Push Level {sheet.push_level})"
        if kind in self.type.forbidden_specials:
            return f"{type_title(kind)} is not allowed in a {self.type.name}"
        return ""

    def choose_action(self, c: Corner, style: str) -> Action:
        sheet = c.side.sheet
        source = "planned"
        action = c.strategy.planned(self.round, style, c.seen[style], self.mode)
        if c.index in self.humans and c.side.strategy is None:
            action, source = self.human_action(c, style), "human"
        for cond in c.strategy.conditionals:
            if cond.by_round != self.round:
                continue
            unused = (c.specials_used < sheet.push_level) if cond.resource == "specials" \
                else (c.high_spots_used < sheet.high_spots)
            if unused:
                action, source = cond.action, "conditional"
                break
        reason = self.why_not(c, action.kind)
        wanted = action
        if reason:
            action = Action("normal", action.target, action.notes)
        if action.kind == "high_spot":
            c.high_spots_used += 1
        if action.kind in SPECIALS:
            c.specials_used += 1
        self.table.happen("action", round=self.round, side=c.name, round_type=action.kind, target=action.target,
                          notes=action.notes, source=source, wanted=wanted.kind if reason else None,
                          reason=reason or None)
        return action

    def attack(self, c: Corner, action: Action, style: str) -> Attack:
        t = self.table
        roll = t.roll(3, 6, f"{c.name} attack", c.name)
        counted = list(roll.faces)
        extra: list[int] = []
        if action.kind == "high_risk":
            counted = [high_risk_value(f) for f in roll.faces]
            for f in roll.faces:
                if f == 3:
                    extra.append(t.roll(1, 6, f"{c.name} High Risk extra die", c.name).total)
        bonus = EFFECTS[action.kind].attack
        cheat: list[int] = []
        dq = False
        threshold = c.dq_threshold
        if action.kind in CHEATS:
            check = t.roll(2, 6, f"{c.name} {type_title(action.kind)} (DQ check)", c.name)
            if is_dq(check.total, c.dq_threshold):
                dq = True
            else:
                cheat = list(check.faces)
                c.dq_threshold -= 1
                if action.kind == "vile_cheat":
                    cheat += list(t.roll(2, 6, f"{c.name} Vile Cheat extra", c.name).faces)
        value = c.styles[style]
        total = sum(counted) + sum(extra) + value + bonus + sum(cheat)
        t.happen("attack", round=self.round, side=c.name, round_type=action.kind, dice=list(roll.faces),
                 counted=counted, extra=extra, style_value=value, bonus=bonus, cheat=cheat, total=total,
                 dq=dq, dq_threshold=threshold, dq_threshold_after=c.dq_threshold)
        return Attack(c, action, total, dq)

    def damage(self, victim: Corner, target: str, amount: int, by: Corner, raw: int, kind: str, style: str) -> None:
        before = victim.value(target)
        to_style, to_stamina, victim.stamina = apply_damage(victim.styles, victim.stamina, target, amount)
        self.table.happen("damage", round=self.round, side=victim.name, by=by.name, target=target, raw=raw,
                          damage=amount, to_style=to_style, to_stamina=to_stamina, before=before,
                          after=victim.value(target), stamina=victim.stamina)
        cripple = kind == "cripple" and amount >= 1
        if amount >= self.type.injury_threshold or cripple:
            roll = self.table.roll(3, 6, f"{victim.name} injury check", victim.name)
            total = injury_check_total(roll.total, victim.stamina, victim.styles[style], victim.defense(style),
                                       cripple, self.type.injury_chance)
            hurt = total >= INJURY_TARGET
            if hurt:
                victim.injuries += 1
            member: dict[str, object] = {}
            if self.v13:
                member = self.injured_member(victim) if hurt else {"member": None, "member_index": None}
            self.table.happen("injury_check", round=self.round, side=victim.name, roll=roll.total,
                              stamina=victim.stamina, style_value=victim.styles[style],
                              defense=victim.defense(style), cripple=cripple, modifier=self.type.injury_chance,
                              total=total, injured=hurt, injuries=victim.injuries, **member)

    def injured_member(self, victim: Corner) -> dict[str, object]:
        """Rules 1.3: an injury point a team takes goes to one member, picked by a logged die
        (1dN for N members); a wrestler's own point is the wrestler's. The team's own count in
        this match (its victory checks) rises whichever member takes it."""
        members = victim.side.members
        if not members:
            return {"member": victim.side.sheet.name, "member_index": None}
        pick = 1
        if len(members) > 1:
            pick = self.table.roll(1, len(members), f"{victim.name} injury: which member", victim.name,
                                   meaning=[m.name for m in members]).total
        return {"member": members[pick - 1].name, "member_index": pick - 1}

    def pin(self, winner: Corner, loser: Corner, kind: str) -> bool:
        roll = self.table.roll(3, 6, f"{winner.name} victory check", winner.name)
        zero = sum(1 for s in sorted(set(self.style_list)) if loser.styles[s] == 0)
        mods = pin_modifiers(winner.sheet_weight, loser.sheet_weight, zero, kind, loser.injuries, loser.stamina,
                             len(self.style_list), self.type.pin_modifier)
        total = roll.total + mods.total
        count = count_for(total, roll.total)
        self.table.happen("victory_check", round=self.round, side=winner.name, on=loser.name, roll=roll.total,
                          weight=mods.weight, zero_styles=mods.zero_styles, round_type=mods.round_type,
                          injuries=mods.injuries, stamina=mods.stamina, styles=mods.styles,
                          match_type=mods.match_type, total=total, count=count, natural=roll.total == 18)
        return count == 3

    def play_round(self) -> None:
        t = self.table
        active = [c for c in self.corners if not c.out]
        style = self.roll_style()
        for c in active:
            c.seen[style] += 1
        t.happen("round_start", round=self.round, style=style,
                 values={c.name: c.styles[style] for c in active}, stamina={c.name: c.stamina for c in active})
        actions = [self.choose_action(c, style) for c in active]
        attacks = [self.attack(c, a, style) for c, a in zip(active, actions, strict=True)]
        dqd = [a.corner for a in attacks if a.dq]
        if dqd:
            self.disqualify(dqd)
            return
        top = max(a.total for a in attacks)
        tied = [a for a in attacks if a.total == top]
        if len(tied) == 1:
            win = tied[0]
            lose = self.lowest(attacks) if self.v13 else min(attacks, key=lambda a: (a.total, a.corner.index))
            margin = win.total - lose.total
            raw, dealt = round_damage(margin, win.action.kind, lose.corner.defense(style), self.type.damage_modifier)
            t.happen("round_won", round=self.round, style=style, winner=win.corner.name, loser=lose.corner.name,
                     totals={a.corner.name: a.total for a in attacks}, margin=margin,
                     explanation=win.action.notes, round_type=win.action.kind)
            self.damage(lose.corner, win.action.target, dealt, win.corner, raw, win.action.kind, style)
            if self.pin(win.corner, lose.corner, win.action.kind):
                self.finish(win.corner, lose.corner, win.action.kind)
            return
        t.happen("round_tied", round=self.round, style=style, sides=[a.corner.name for a in tied],
                 totals={a.corner.name: a.total for a in attacks})
        k = len(tied)
        for j, a in enumerate(tied):
            hitter = tied[(j + 1) % k]
            self.damage(a.corner, hitter.action.target, 1, hitter.corner, 1, "tie", style)
        winners = []
        for j, a in enumerate(tied):
            victim = tied[(j - 1) % k] if k > 1 else a
            if self.pin(a.corner, victim.corner, a.action.kind):
                winners.append((a, victim))
        if len(winners) == 1:
            self.finish(winners[0][0].corner, winners[0][1].corner, winners[0][0].action.kind)
        if len(winners) > 1:
            t.happen("double_count_out", round=self.round, sides=[w.corner.name for w, _ in winners])
            raise MatchOver(Result(None, "double count-out", {"round": self.round},
                                f"Double count-out in round {self.round}: "
                                f"{' and '.join(w.corner.name for w, _ in winners)} both score the win; no winner."))

    def lowest(self, attacks: list[Attack]) -> Attack:
        """Rules 1.3: the round's loser is the lowest total; sides tied for it roll a d6 each
        (in card order), those tied for the lowest roll go again, and the lowest roll loses."""
        low = min(a.total for a in attacks)
        tied = [a for a in attacks if a.total == low]
        if len(tied) == 1:
            return tied[0]
        passes: list[dict[str, int]] = []
        for _ in range(MAX_REROLLS):
            rolls = {a.corner.name: self.table.roll(1, 6, f"{a.corner.name} roll-off for the lowest total",
                                                    a.corner.name).total for a in tied}
            passes.append(rolls)
            least = min(rolls.values())
            tied = [a for a in tied if rolls[a.corner.name] == least]
            if len(tied) == 1:
                self.table.happen("lowest_tie", round=self.round, total=low, sides=list(passes[0]), rolls=passes,
                                  loser=tied[0].corner.name)
                return tied[0]
        raise RulesError(f"round {self.round}: the roll-off for the lowest total was still tied after "
                         f"{MAX_REROLLS} rolls; check the dice")

    def disqualify(self, dqd: list[Corner]) -> None:
        for c in dqd:
            c.out = True
            self.table.happen("disqualified", round=self.round, side=c.name)
        left = [c for c in self.corners if not c.out]
        at = {"round": self.round}
        names = " and ".join(c.name for c in dqd)
        if not left:
            raise MatchOver(Result(None, "double dq", at,
                                   f"Everyone is disqualified in round {self.round}: no winner."))
        if len(left) == 1:
            w = left[0]
            raise MatchOver(Result(w.index, "dq", at, f"{w.name} wins by disqualification in round {self.round}: "
                                                   f"{names} went too far."))

    def finish(self, winner: Corner, loser: Corner, kind: str) -> None:
        special = self.type.finish if self.v13 else ""
        method = finish_method(kind, special)
        self.table.happen("finish", round=self.round, winner=winner.name, loser=loser.name, method=method,
                          round_type=kind)
        if special:
            move = f" with a {type_title(kind)}" if kind in SPECIALS else ""
            raise MatchOver(Result(winner.index, method, {"round": self.round},
                                   f"{specialty_finish_text(method, winner.name, loser.name)}{move} "
                                   f"in round {self.round}."))
        how = {"pinfall": "pins", "submission": "makes", "count-out": "counts out"}[method]
        extra = " submit" if method == "submission" else ""
        move = f" with a {type_title(kind)}" if kind in SPECIALS else ""
        raise MatchOver(Result(winner.index, method, {"round": self.round},
                            f"{winner.name} {how} {loser.name}{extra}{move} in round {self.round}."))

    # -- the whole match ----------------------------------------------------------------------
    def play(self) -> Result:
        self.prepare()
        try:
            for r in range(1, self.rounds + 1):
                self.round = r
                self.play_round()
        except MatchOver as done:
            return done.result
        self.table.happen("time_limit", rounds=self.rounds,
                          stamina={c.name: c.stamina for c in self.corners if not c.out})
        return Result(None, "draw", {"round": self.rounds},
                      f"Time limit: {self.rounds} rounds without a winner; the match is a draw.")


def play_match(setup: MatchSetup[Side], table: Table) -> Result:
    return Match(setup, table).play()

