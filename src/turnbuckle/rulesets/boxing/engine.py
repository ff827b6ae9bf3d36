"""The boxing bout: rounds of three turns, initiative, punches, knockdowns, intervals, decision."""

from __future__ import annotations

from dataclasses import dataclass

from turnbuckle.core.match import MatchOver, MatchSetup, Result
from turnbuckle.core.table import Table
from turnbuckle.rulesets.boxing.options import bout_options
from turnbuckle.rulesets.boxing.prompts import PUNCH_DICE, getup_note, initiative_note, punch_note
from turnbuckle.rulesets.boxing.punches import (
    apply_penalty,
    fatigue_for,
    getup_table,
    hp_after_punch,
    is_left_jab,
    is_special,
    knockdown_penalty,
    knocked_down,
    penalty_punch,
    punch_damage,
    punch_name,
)
from turnbuckle.rulesets.boxing.sheet import START_HP, Fighter

TURNS_PER_ROUND = 3
CLINCH_HEAL = 2
INTERVAL_HEAL = 2
COMBO_NATURAL = 21
#: The rules version from which a Special Move in a combo always carries its own -2 (until then the
#: combo took the penalty of the punch that took more HP, so a Special Move that took less gave -1).
SPECIAL_OWN_PENALTY = "1.2"


@dataclass
class Corner:
    """A fighter's state during the bout."""

    name: str
    power: int
    speed: int
    toughness: int
    hp: int = START_HP
    fatigue: int = 0  # Speed lost to interval fatigue, in force this round
    attacks: int = 0  # turns this round in which this fighter attacked
    knockdowns: int = 0

    @property
    def speed_now(self) -> int:
        return max(0, self.speed - self.fatigue)

    def heal(self, amount: int) -> None:
        self.hp = min(START_HP, self.hp + amount)


@dataclass(frozen=True)
class Punch:
    first: int
    second: int
    damage: int
    hp_before: int
    hp_after: int

    @property
    def taken(self) -> int:
        """The damage the defender actually took (a Left Jab's floor can keep it under ``damage``)."""
        return self.hp_before - self.hp_after


class Bout:
    def __init__(self, setup: MatchSetup[Fighter], table: Table) -> None:
        self.table = table
        opts = bout_options(setup.options)
        self.rounds = opts.rounds
        self.combo = opts.combo
        self.cumulative = opts.cumulative
        self.reading = opts.getup
        self.final_heal = opts.final_heal
        self.special_own = setup.rules_at_least(SPECIAL_OWN_PENALTY)
        self.corners = [
            Corner(name, f.power, f.speed, f.toughness)
            for name, f in zip(setup.names, setup.sides, strict=True)
        ]
        self.round = 0
        self.turn = 0

    # -- the bout -------------------------------------------------------------------------
    def play(self) -> Result:
        t = self.table
        t.happen("bout_start", rounds=self.rounds, combo=self.combo,
                 fatigue="cumulative" if self.cumulative else "next-round")
        try:
            for rnd in range(1, self.rounds + 1):
                self.round = rnd
                t.happen("round_start", round=self.round,
                         speed={c.name: c.speed_now for c in self.corners},
                         hp={c.name: c.hp for c in self.corners})
                for c in self.corners:
                    c.attacks = 0
                for turn in range(1, TURNS_PER_ROUND + 1):
                    self.turn = turn
                    self.play_turn()
                if self.round < self.rounds:
                    self.interval()
                elif self.final_heal:
                    self.final_interval()
        except MatchOver as stop:
            return stop.result
        return self.decision()

    def play_turn(self) -> None:
        note = lambda: initiative_note(self.corners, self.combo, COMBO_NATURAL)  # noqa: E731
        rolls = [self.table.roll(2, 12, f"{c.name} initiative", c.name, note=note) for c in self.corners]
        totals = [r.total + c.speed_now for r, c in zip(rolls, self.corners, strict=True)]
        if totals[0] == totals[1]:
            for c in self.corners:
                c.heal(CLINCH_HEAL)
            self.table.happen("clinch", round=self.round, turn=self.turn, totals=totals,
                              hp={c.name: c.hp for c in self.corners})
            return
        a = 0 if totals[0] > totals[1] else 1
        attacker, defender = self.corners[a], self.corners[1 - a]
        combo = self.combo and rolls[a].total >= COMBO_NATURAL
        attacker.attacks += 1
        self.table.happen("initiative", round=self.round, turn=self.turn, totals=totals,
                          naturals=[r.total for r in rolls], attacker=attacker.name, combo=combo)
        first = self.punch(attacker, defender, combo_part=1 if combo else 0)
        if knocked_down(first.hp_before, first.hp_after, is_special(first.first, first.second)):
            self.knockdown(defender, attacker, [first])
            return
        if not combo:
            return
        second = self.punch(attacker, defender, combo_part=2)
        if knocked_down(first.hp_before, second.hp_after, is_special(second.first, second.second)):
            self.knockdown(defender, attacker, [first, second])

    def punch(self, attacker: Corner, defender: Corner, combo_part: int) -> Punch:
        roll = self.table.roll(2, 6, f"{attacker.name} punch", attacker.name, dice=PUNCH_DICE,
                               note=lambda: punch_note(attacker, defender))
        first, second = roll.faces
        damage = punch_damage(first, second, attacker.power, defender.toughness)
        before = defender.hp
        defender.hp = hp_after_punch(before, damage, is_left_jab(first, second))
        self.table.happen(
            "punch", round=self.round, turn=self.turn, attacker=attacker.name, defender=defender.name,
            punch=punch_name(first, second), dice=[first, second], power=attacker.power,
            toughness=defender.toughness, damage=damage, blocked=damage == 0,
            jab_floor=defender.hp != before - damage, hp_before=before, hp_after=defender.hp,
            combo_part=combo_part,
        )
        return Punch(first, second, damage, before, defender.hp)

    def knockdown(self, down: Corner, by: Corner, punches: list[Punch]) -> None:
        """``punches`` are the punches that caused it (two for a combo); the penalty (and the punch
        named) is that of the more damaging one by the damage actually taken (the heavier penalty on
        equal damage), or from rules 1.2 a Special Move's among them (``punches.penalty_punch``)."""
        heaviest = punches[penalty_punch([(p.first, p.second, p.taken) for p in punches], self.special_own)]
        penalty = knockdown_penalty(heaviest.first, heaviest.second)
        hp_before = punches[0].hp_before
        down.knockdowns += 1
        down.toughness, down.speed = apply_penalty(down.toughness, down.speed, penalty)
        self.table.happen(
            "knockdown", round=self.round, turn=self.turn, fighter=down.name, by=by.name,
            punch=punch_name(heaviest.first, heaviest.second),
            damage=sum(p.taken for p in punches), hp_before=hp_before, hp=down.hp,
            penalty=penalty, toughness=down.toughness, speed=down.speed, count=down.knockdowns,
        )
        table = getup_table(hp_before, down.hp, self.reading)
        at = {"round": self.round, "turn": self.turn}
        if table.tko:
            self.table.happen("tko", round=self.round, turn=self.turn, fighter=down.name, hp=down.hp)
            raise MatchOver(Result(self.corners.index(by), "tko", at,
                              f"{by.name} wins by TKO in round {self.round}: {down.name} down at {down.hp} HP."))
        roll = self.table.roll(2, 6, f"{down.name} get-up", down.name,
                               note=lambda: getup_note(down, table.ko_max, table.name))
        gained = table.outcome(roll.total)
        if gained == 0:
            self.table.happen("getup", round=self.round, turn=self.turn, fighter=down.name,
                              table=table.name, roll=roll.total, outcome="ko", hp=down.hp)
            raise MatchOver(Result(self.corners.index(by), "ko", at,
                              f"{by.name} wins by KO in round {self.round}, turn {self.turn}."))
        down.heal(gained)
        self.table.happen("getup", round=self.round, turn=self.turn, fighter=down.name,
                          table=table.name, roll=roll.total, outcome=f"+{gained}", hp=down.hp)

    def interval(self) -> None:
        fatigue = {}
        for c in self.corners:
            lost = fatigue_for(c.attacks)
            fatigue[c.name] = lost
            c.fatigue = c.fatigue + lost if self.cumulative else lost
            c.heal(INTERVAL_HEAL)
        self.table.happen("interval", round=self.round, fatigue=fatigue,
                          attacks={c.name: c.attacks for c in self.corners},
                          hp={c.name: c.hp for c in self.corners},
                          speed_next={c.name: c.speed_now for c in self.corners})

    def final_interval(self) -> None:
        """The ``last_interval=heal`` reading: after the final bell both fighters heal 2 HP before
        the judges score (no fatigue: no round follows)."""
        for c in self.corners:
            c.heal(INTERVAL_HEAL)
        self.table.happen("final_interval", round=self.round, hp={c.name: c.hp for c in self.corners})

    def decision(self) -> Result:
        red, blue = self.corners
        hp = {c.name: c.hp for c in self.corners}
        self.table.happen("decision", hp=hp)
        at = {"round": self.rounds, "turn": TURNS_PER_ROUND}
        if red.hp == blue.hp:
            return Result(None, "draw", at, f"A draw on the judges' cards: {red.hp} HP each.")
        w = 0 if red.hp > blue.hp else 1
        win, lose = self.corners[w], self.corners[1 - w]
        return Result(w, "decision", at,
                      f"{win.name} wins the decision, {win.hp} HP to {lose.hp}.")
