"""The BIG TCG match: colours, three periods of three turns, riding time and overtime."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from turnbuckle.core.errors import RulesError
from turnbuckle.core.match import MatchOver, MatchSetup, Result
from turnbuckle.core.table import Table
from turnbuckle.rulesets.folkstyle.card import Card, Move, Position
from turnbuckle.rulesets.folkstyle.choices import (
    DEFER,
    OVERTIME_CHOICES,
    REGULATION_CHOICES,
    SPELLINGS,
    auto_pick,
    start_top,
)
from turnbuckle.rulesets.folkstyle.exchange import (
    COLOURS,
    FollowUp,
    Outcome,
    other,
    position_name,
    resolve,
    role,
)
from turnbuckle.rulesets.folkstyle.odds import period_odds
from turnbuckle.rulesets.folkstyle.options import UNTIL_WON_FROM, bout_options, overtime_cycles
from turnbuckle.rulesets.folkstyle.prompts import (
    colour_rolloff,
    near_fall_note,
    period_rolloff,
    quality_note,
    rolloff_note,
    scramble_note,
)
from turnbuckle.rulesets.folkstyle.scoresheet import scoresheet
from turnbuckle.rulesets.folkstyle.stalling import Streaks, move_key, point_for_call

TURNS_PER_PERIOD = 3
REGULATION_PERIODS = 3
OVERTIME_PERIODS = 3  # per overtime cycle: sudden victory, then two mandatory periods
MAX_ROLLOFF_TIES = 50
COLOUR_CHOICES = ("Red", "Green")


@dataclass
class Bout:
    setup: MatchSetup[Card]
    table: Table
    #: setup index of the Red and the Green wrestler, once colours are chosen
    order: tuple[int, int] = (0, 1)
    score: list[int] = field(default_factory=lambda: [0, 0])
    calls: list[int] = field(default_factory=lambda: [0, 0])
    period: int = 0
    label: str = ""

    def __post_init__(self) -> None:
        opts = bout_options(self.setup.options)
        self.riding = opts.riding
        self.riding_threshold = opts.riding_threshold
        #: Rules 1.1 on: overtime until someone wins (only the safety cap ends it otherwise);
        #: rules 1.0: a draw after ``cycles`` level cycles.
        self.until_won = self.setup.rules_at_least(UNTIL_WON_FROM)
        self.cycles = overtime_cycles(opts.cycles, self.until_won)
        self.cards: tuple[Card, Card] = (self.setup.sides[0], self.setup.sides[1])
        self.names: tuple[str, str] = (self.setup.names[0], self.setup.names[1])
        self.odds = period_odds(self.cards)
        self._move_names: dict[tuple[int, Position], tuple[str, ...]] = {}

    # -- people -----------------------------------------------------------------------------
    def kind(self, colour: int) -> str:
        return self.setup.players.get(self.order[colour], "auto")

    def who(self, colour: int) -> str:
        return f"{COLOURS[colour]} ({self.names[colour]})"

    def call(self) -> str:
        """The score as called at the table: Red-Green."""
        return f"{self.score[0]}-{self.score[1]}"

    # -- the match --------------------------------------------------------------------------
    def play(self) -> Result:
        humans = [i for i, k in self.setup.players.items() if k == "human"]
        if humans and not self.table.source.gives_choices:
            raise RulesError(
                "a human player makes choices at the table: use --dice ask (or a dice script with "
                "the choices in it), or let the automatic player choose"
            )
        self.choose_colours()
        # overtime_cycles: the most overtime cycles the match plays (rules 1.1: the safety cap)
        self.table.happen(
            "match_start", red=self.names[0], green=self.names[1], riding_time=self.riding,
            riding_threshold=self.riding_threshold, overtime_cycles=self.cycles,
        )
        try:
            top_turns = [0, 0]
            self.play_period(1, "1", None, "start", None, top_turns)
            self.chosen_periods(REGULATION_CHOICES, 2, top_turns, overtime=False)
            self.riding_time(top_turns)
            if self.score[0] != self.score[1]:
                return self.finish(self.leader(), "decision", "wins on points")
            for cycle in range(self.cycles):
                result = self.overtime(cycle)
                if result is not None:
                    return result
        except MatchOver as over:
            return over.result
        if self.until_won:
            return self.safety_cap()
        self.table.happen("match_end", method="draw", winner=None, score=self.call(),
                          reason=f"still level after {self.cycles} overtime cycle(s)")
        return self.result(None, "draw", f"A draw at {self.call()}: still level after "
                           f"{self.cycles * OVERTIME_PERIODS} overtime periods (option overtime_cycles).")

    def choose_colours(self) -> None:
        winner = self.rolloff("colour roll", [self.names[0], self.names[1]], colour_rolloff())
        names = (self.names[0], self.names[1])
        kind = self.setup.players.get(winner, "auto")
        choice = self.table.choose(
            COLOUR_CHOICES, f"{names[winner]} colour", names[winner],
            None if kind == "human" else (lambda: "Red"),
        )
        red = winner if choice == "Red" else 1 - winner
        self.order = (red, 1 - red)
        self.cards = (self.setup.sides[self.order[0]], self.setup.sides[self.order[1]])
        self.names = (self.setup.names[self.order[0]], self.setup.names[self.order[1]])
        self.odds = period_odds(self.cards)
        self.table.happen("colours", rolloff_winner=names[winner], choice=choice,
                          red=self.names[0], green=self.names[1])

    def rolloff(self, purpose: str, labels: list[str], decides: str) -> int:
        """A head-to-head d6 roll; ties roll again (at most MAX_ROLLOFF_TIES times, then the
        first wrestler takes it). Returns the index (in ``labels``) of the winner. ``decides``
        says what the winner gets, for the table's prompt."""
        for attempt in range(1, MAX_ROLLOFF_TIES + 2):
            faces: list[int] = []
            for label in labels:
                note = partial(rolloff_note, decides, tuple(zip(labels, faces, strict=False)))
                faces.append(self.table.roll(1, 6, f"{label} {purpose}", label, note=note).total)
            if faces[0] != faces[1]:
                winner = 0 if faces[0] > faces[1] else 1
                self.table.happen("rolloff", purpose=purpose, faces=faces, winner=labels[winner],
                                  attempt=attempt)
                return winner
        self.table.happen("rolloff", purpose=purpose, faces=[], winner=labels[0],
                          attempt=MAX_ROLLOFF_TIES + 1, bound=True)
        return 0

    def choose(self, colour: int, options: tuple[str, ...], purpose: str) -> str:
        name = self.names[colour]
        if self.kind(colour) == "human":
            # the rulebook's spelling "Differ" is taken for Defer, never listed
            return self.table.choose(options, f"{COLOURS[colour]} {purpose}", name, None, aliases=SPELLINGS)
        pick = auto_pick(self.odds, colour, options, (self.calls[0], self.calls[1]), TURNS_PER_PERIOD)
        chosen = self.table.choose(options, f"{COLOURS[colour]} {purpose}", name, lambda: pick.choice)
        self.table.happen("auto_choice", colour=COLOURS[colour], purpose=purpose, chosen=chosen,
                          expected_margin=dict(pick.values))
        return chosen

    def chosen_periods(self, options: tuple[str, ...], first: int, top_turns: list[int], overtime: bool) -> None:
        """The two periods after the first: a roll-off, the winner chooses (or defers) for the
        first of them, and the other wrestler chooses the second."""
        labels = [self.period_label(first, overtime), self.period_label(first + 1, overtime)]
        winner = self.rolloff("roll-off", [f"{COLOURS[0]}", f"{COLOURS[1]}"], period_rolloff(labels[0], labels[1]))
        choice = self.choose(winner, options, f"start of period {labels[0]}")
        later = other(winner)
        if choice == DEFER:
            self.table.happen("defer", colour=COLOURS[winner], period=labels[0])
            chooser = other(winner)
            later = winner
            choice = self.choose(chooser, tuple(o for o in options if o != DEFER),
                                 f"start of period {labels[0]}")
        else:
            chooser = winner
        self.play_period(first, labels[0], start_top(choice, chooser), choice, chooser, top_turns)
        second = self.choose(later, tuple(o for o in options if o != DEFER), f"start of period {labels[1]}")
        self.play_period(first + 1, labels[1], start_top(second, later), second, later, top_turns)

    def move_names(self, colour: int, position: Position) -> tuple[str, ...]:
        """The moves of ``colour``'s list in ``position``, by face (what a move roll's faces mean)."""
        key = (id(self.cards[colour]), position)
        names = self._move_names.get(key)
        if names is None:
            names = self._move_names[key] = tuple(m.name for _, m in sorted(self.cards[colour].moves(position).items()))
        return names

    @staticmethod
    def period_label(n: int, overtime: bool) -> str:
        return f"OT{n}" if overtime else str(n)

    # -- periods and turns ------------------------------------------------------------------
    def play_period(self, n: int, label: str, top: int | None, choice: str, chooser: int | None,
                    top_turns: list[int], sudden: bool = False) -> None:
        self.period = n if not label.startswith("OT") else REGULATION_PERIODS + n
        self.label = label
        self.table.happen("period_start", period=self.period, label=label, position=position_name(top),
                          choice=choice, chooser=None if chooser is None else COLOURS[chooser],
                          sudden_victory=sudden, score=self.call())
        streaks = Streaks()
        for turn in range(1, TURNS_PER_PERIOD + 1):
            if top is not None:
                top_turns[top] += 1
            before = (self.score[0], self.score[1])
            top, streaks = self.play_turn(turn, top, streaks)
            if sudden and self.score != list(before) and self.score[0] != self.score[1]:
                raise MatchOver(self.finish(self.leader(), "sudden-victory",
                                            "scores first in sudden victory", turn))
        self.table.happen("period_end", period=self.period, label=label, score=self.call(),
                          top_turns={COLOURS[0]: top_turns[0], COLOURS[1]: top_turns[1]})

    def play_turn(self, turn: int, top: int | None, streaks: Streaks) -> tuple[int | None, Streaks]:
        t = self.table
        roles = (role(0, top), role(1, top))
        faces = [t.roll(1, 6, f"{COLOURS[c]} move", self.names[c], meaning=self.move_names(c, roles[c])).total
                 for c in (0, 1)]
        moves: tuple[Move, Move] = (self.cards[0].move(roles[0], faces[0]),
                                    self.cards[1].move(roles[1], faces[1]))
        dice = [t.roll(1, 6, f"{COLOURS[c]} quality", self.names[c],
                       note=lambda: quality_note(COLOURS, faces, moves)).total for c in (0, 1)]
        quality = (moves[0].base + dice[0], moves[1].base + dice[1])
        step = resolve(top, moves, quality)
        follow: dict[str, object] | None = None
        if isinstance(step, FollowUp):
            what = "scramble" if step.what == "scramble" else "near fall"
            ask = step
            face = t.roll(1, 6, f"{COLOURS[step.side]} {what}", self.names[step.side], note=lambda: (
                scramble_note(COLOURS, faces, moves, dice, COLOURS[ask.side], ask.number) if ask.what == "scramble"
                else near_fall_note(COLOURS, faces, moves, dice, COLOURS[ask.side]))).total
            follow = {"what": step.what, "colour": COLOURS[step.side], "face": face, "number": step.number}
            outcome: Outcome = step.settle(face)
        else:
            outcome = step
        for c in (0, 1):
            self.score[c] += outcome.points[c]
        keys = (move_key(roles[0], moves[0].name), move_key(roles[1], moves[1].name))
        streaks, called = streaks.step(keys, outcome.counted, outcome.top != top)
        stalling = []
        stall_points = [0, 0]
        for c in (0, 1):
            if called[c]:
                self.calls[c] += 1
                point = point_for_call(self.calls[c])
                if point:
                    stall_points[other(c)] += 1
                    self.score[other(c)] += 1
                stalling.append({"colour": COLOURS[c], "move": moves[c].name, "call": self.calls[c],
                                 "point_to": COLOURS[other(c)] if point else None})
        t.happen(
            "turn", period=self.period, label=self.label, turn=turn, position=position_name(top),
            moves={COLOURS[c]: {"face": faces[c], "name": moves[c].name, "base": moves[c].base,
                                "effect": moves[c].effect, "scramble": moves[c].scramble,
                                "die": dice[c], "quality": quality[c], "list": roles[c]}
                   for c in (0, 1)},
            follow_up=follow, result=outcome.kind,
            by=None if outcome.by is None else COLOURS[outcome.by],
            points={COLOURS[c]: outcome.points[c] + stall_points[c] for c in (0, 1)},
            stalling=stalling, pin=outcome.pin, position_after=position_name(outcome.top),
            score=self.call(),
        )
        if outcome.pin:
            pinner = outcome.by if outcome.by is not None else 0
            raise MatchOver(self.finish(pinner, "pin", "pins", turn))
        return outcome.top, streaks

    # -- the end of regulation and overtime ------------------------------------------------
    def riding_time(self, top_turns: list[int]) -> None:
        diff = top_turns[0] - top_turns[1]
        awarded = None
        if self.riding and abs(diff) >= self.riding_threshold:
            awarded = 0 if diff > 0 else 1
            self.score[awarded] += 1
        self.table.happen("riding_time", enabled=self.riding, threshold=self.riding_threshold,
                          top_turns={COLOURS[0]: top_turns[0], COLOURS[1]: top_turns[1]},
                          awarded=None if awarded is None else COLOURS[awarded], score=self.call())

    def overtime(self, cycle: int) -> Result | None:
        first = cycle * OVERTIME_PERIODS + 1
        top_turns = [0, 0]
        self.table.happen("overtime", cycle=cycle + 1, first_period=f"OT{first}", score=self.call())
        self.play_period(first, f"OT{first}", None, "start", None, top_turns, sudden=True)
        self.chosen_periods(OVERTIME_CHOICES, first + 1, top_turns, overtime=True)
        if self.score[0] != self.score[1]:
            return self.finish(self.leader(), "overtime", "wins on points in overtime")
        self.table.happen("tiebreak", cycle=cycle + 1,
                          top_turns={COLOURS[0]: top_turns[0], COLOURS[1]: top_turns[1]},
                          winner=None if top_turns[0] == top_turns[1]
                          else COLOURS[0 if top_turns[0] > top_turns[1] else 1])
        if top_turns[0] != top_turns[1]:
            w = 0 if top_turns[0] > top_turns[1] else 1
            return self.finish(w, "top-time", f"wins on top time ({top_turns[w]} turns to "
                                              f"{top_turns[other(w)]} in overtime)")
        return None

    def safety_cap(self) -> Result:
        """Rules 1.1: still level after ``SAFETY_CAP_CYCLES`` overtime cycles (in practice only cards
        that can never score or take top time apart get here): the match stops without a winner, and
        says why."""
        periods = self.cycles * OVERTIME_PERIODS
        self.table.happen("match_end", method="safety-cap", winner=None, score=self.call(),
                          reason=f"still level after the safety cap of {self.cycles:,} overtime cycles")
        return self.result(None, "safety-cap", f"No winner at {self.call()}: still level after the safety cap of "
                           f"{self.cycles:,} overtime cycles ({periods:,} overtime periods). The rulebook's "
                           "overtime would go on; the cap ends a match that cannot finish.")

    def leader(self) -> int:
        return 0 if self.score[0] > self.score[1] else 1

    def finish(self, colour: int, method: str, how: str, turn: int = TURNS_PER_PERIOD) -> Result:
        self.table.happen("match_end", method=method, winner=COLOURS[colour], score=self.call(),
                          period=self.label, turn=turn)
        return self.result(colour, method, f"{self.who(colour)} {how}, {self.call()} (Red-Green).", turn)

    def result(self, colour: int | None, method: str, summary: str, turn: int = TURNS_PER_PERIOD) -> Result:
        winner = None if colour is None else self.order[colour]
        return Result(
            winner, method, {"period": self.period, "turn": turn}, summary,
            extra={
                "score": self.call(),
                "points": {COLOURS[0]: self.score[0], COLOURS[1]: self.score[1]},
                "colours": {COLOURS[0]: self.names[0], COLOURS[1]: self.names[1]},
                "period_label": self.label,
                "stalling_calls": {COLOURS[0]: self.calls[0], COLOURS[1]: self.calls[1]},
                "scoresheet": scoresheet(self.table.log.events),
            },
        )
