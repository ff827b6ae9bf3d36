"""Exact odds for the automatic player: the expected point margin of a period from a start
position, by enumerating every die face (move, quality, scramble and near-fall dice) with the
same exchange and stalling rules the engine uses.

A pin ends the match; for the margin it counts as :data:`PIN_VALUE` points to the pinner (the
value of a fall in a folkstyle dual meet). Riding time and the score so far are not part of it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from turnbuckle.rulesets.folkstyle.card import FACES, Card
from turnbuckle.rulesets.folkstyle.exchange import FollowUp, Outcome, resolve, role
from turnbuckle.rulesets.folkstyle.stalling import Streaks, move_key, point_for_call

PIN_VALUE = 6
_FRESH = Streaks()
WAYS_PER_TURN = 6**5  # two move dice, two quality dice, one follow-up die


@dataclass(frozen=True)
class Branch:
    """One way a turn can go from given move faces: its outcome and the stalling keys."""

    outcome: Outcome
    keys: tuple[str, str]
    ways: int  # out of WAYS_PER_TURN


def turn_branches(cards: tuple[Card, Card], top: int | None) -> list[Branch]:
    """Every distinct (outcome, moves) of one turn from ``top``, with how many of the 6**5 equally
    likely ways of rolling the dice lead to it."""
    roles = (role(0, top), role(1, top))
    tally: dict[tuple[Outcome, tuple[str, str]], int] = {}
    for fr in FACES:
        red = cards[0].move(roles[0], fr)
        for fg in FACES:
            green = cards[1].move(roles[1], fg)
            keys = (move_key(roles[0], red.name), move_key(roles[1], green.name))
            for qr in FACES:
                for qg in FACES:
                    step = resolve(top, (red, green), (red.base + qr, green.base + qg))
                    for outcome, ways in _settled(step):
                        tally[(outcome, keys)] = tally.get((outcome, keys), 0) + ways
    return [Branch(o, k, w) for (o, k), w in tally.items()]


def _settled(step: Outcome | FollowUp) -> Iterator[tuple[Outcome, int]]:
    if isinstance(step, Outcome):
        yield step, 6
    else:
        for face in FACES:
            yield step.settle(face), 1


#: A turn's ways merged by what :meth:`PeriodOdds._value` reads of them: (ways, Red minus Green
#: points, stalling keys, counted, position changed, the top after).
Row = tuple[int, int, tuple[str, str], tuple[bool, bool], bool, int | None]
_StepKey = tuple[Streaks, tuple[str, str], tuple[bool, bool]]


@dataclass
class PeriodOdds:
    """Expected margins (Red minus Green) for two cards; results are cached per start."""

    cards: tuple[Card, Card]
    _branches: dict[int | None, list[Branch]] = field(default_factory=dict)
    _rows: dict[int | None, tuple[int, list[Row]]] = field(default_factory=dict)
    _steps: dict[_StepKey, tuple[Streaks, tuple[bool, bool]]] = field(default_factory=dict)
    _memo: dict[tuple[int, int | None, Streaks, tuple[int, int]], int] = field(default_factory=dict)

    def branches(self, top: int | None) -> list[Branch]:
        if top not in self._branches:
            self._branches[top] = turn_branches(self.cards, top)
        return self._branches[top]

    def rows(self, top: int | None) -> tuple[int, list[Row]]:
        """The turn from ``top`` as the sum reads it: the pin points (ways times the fall's
        value, Red's positive), and the other branches merged where they differ only in what the
        sum does not read (the outcome's name, who is credited). Sums of whole numbers, so the
        margin is exactly what it is branch by branch."""
        if top not in self._rows:
            pins = 0
            merged: dict[tuple[int, tuple[str, str], tuple[bool, bool], bool, int | None], int] = {}
            for b in self.branches(top):
                o = b.outcome
                if o.pin:
                    pins += b.ways * (PIN_VALUE if o.by == 0 else -PIN_VALUE)
                    continue
                key = (o.points[0] - o.points[1], b.keys, o.counted, o.top != top, o.top)
                merged[key] = merged.get(key, 0) + b.ways
            self._rows[top] = (pins, [(w, d, k, c, ch, t) for (d, k, c, ch, t), w in merged.items()])
        return self._rows[top]

    def margin(self, top: int | None, turns: int = 3, calls: tuple[int, int] = (0, 0)) -> Fraction:
        """The expected Red-minus-Green points over ``turns`` turns starting from ``top``, given
        each colour's stalling calls so far (only their parity matters)."""
        parity = (calls[0] % 2, calls[1] % 2)
        return Fraction(self._value(turns, top, Streaks(), parity), WAYS_PER_TURN**turns)

    def _step(self, streaks: Streaks, keys: tuple[str, str], counted: tuple[bool, bool]
              ) -> tuple[Streaks, tuple[bool, bool]]:
        """:meth:`Streaks.step` without a change of position, remembered (a pure function)."""
        key = (streaks, keys, counted)
        out = self._steps.get(key)
        if out is None:
            out = self._steps[key] = streaks.step(keys, counted, False)
        return out

    def _value(self, turns: int, top: int | None, streaks: Streaks, parity: tuple[int, int]) -> int:
        if turns == 0:
            return 0
        key = (turns, top, streaks.trimmed(turns), parity)
        if key in self._memo:
            return self._memo[key]
        scale = WAYS_PER_TURN ** (turns - 1)
        pins, rows = self.rows(top)
        total: int = pins * scale
        for ways, diff, keys, counted, changed, next_top in rows:
            if changed:
                new_streaks, called = _FRESH, (False, False)
            else:
                new_streaks, called = self._step(streaks, keys, counted)
            new_parity = parity
            if called[0] or called[1]:
                p0, p1 = parity
                if called[0]:
                    if point_for_call(p0 + 1):
                        diff -= 1  # a point to Green
                    p0 = (p0 + 1) % 2
                if called[1]:
                    if point_for_call(p1 + 1):
                        diff += 1  # a point to Red
                    p1 = (p1 + 1) % 2
                new_parity = (p0, p1)
            rest = self._value(turns - 1, next_top, new_streaks, new_parity)
            total += ways * diff * scale + ways * rest
        self._memo[key] = total
        return total

    def margin_for(self, side: int, top: int | None, turns: int = 3, calls: tuple[int, int] = (0, 0)) -> Fraction:
        """The expected margin from ``side``'s point of view."""
        m = self.margin(top, turns, calls)
        return m if side == 0 else -m


@lru_cache(maxsize=32)
def _odds_for(texts: tuple[str, str]) -> PeriodOdds:
    return PeriodOdds((Card.model_validate_json(texts[0]), Card.model_validate_json(texts[1])))


def period_odds(cards: tuple[Card, Card]) -> PeriodOdds:
    """The odds for two cards (Red's first), shared by every match between the same two cards:
    they depend on the cards alone, and computing them takes most of a match's time."""
    return _odds_for((cards[0].model_dump_json(), cards[1].model_dump_json()))
