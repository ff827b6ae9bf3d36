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
from turnbuckle.rulesets.folkstyle.stalling import Streak, Streaks, bump, move_key, point_for_call, trim

PIN_VALUE = 6
_FRESH = Streaks()
_NO_CALLS = (False, False)
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


#: A turn's ways merged by what :meth:`PeriodOdds.transitions` reads of them: (ways, Red minus Green
#: points, stalling keys, counted, position changed, the top after).
Row = tuple[int, int, tuple[str, str], tuple[bool, bool], bool, int | None]
#: Rows after the stalling step, merged by what the rest of the sum reads: (ways, Red minus Green
#: points, the top after, the streaks after, which colours drew a stalling call).
Transition = tuple[int, int, int | None, Streaks, tuple[bool, bool]]


@dataclass
class PeriodOdds:
    """Expected margins (Red minus Green) for two cards; results are cached per start."""

    cards: tuple[Card, Card]
    _branches: dict[int | None, list[Branch]] = field(default_factory=dict)
    _rows: dict[int | None, tuple[int, list[Row]]] = field(default_factory=dict)
    _bumps: dict[tuple[Streak, str, bool, int], tuple[Streak, bool]] = field(default_factory=dict)
    _transitions: dict[tuple[int | None, Streaks, int], list[Transition]] = field(default_factory=dict)
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
        return Fraction(self._value(turns, top, _FRESH, parity), WAYS_PER_TURN**turns)

    def transitions(self, top: int | None, streaks: Streaks, turns_left: int) -> list[Transition]:
        """The turn from ``top`` with these streaks, as the sum reads it: each row's stalling
        step taken (a change of position starts fresh streaks), the streaks after it trimmed to
        what can still reach a call in the ``turns_left`` turns that follow, and rows that now
        read the same merged (their ways added: whole numbers, so the sum is exactly the same).
        Remembered (a pure function), and shared by every parity of the calls so far."""
        key = (top, streaks, turns_left)
        known = self._transitions.get(key)
        if known is not None:
            return known
        merged: dict[tuple[int, int | None, Streaks, tuple[bool, bool]], int] = {}
        for ways, diff, keys, counted, changed, next_top in self.rows(top)[1]:
            if changed:
                after, called = _FRESH, _NO_CALLS
            else:  # Streaks.step then Streaks.trimmed, colour by colour
                red, red_called = self._bumped(streaks.red, keys[0], counted[0], turns_left)
                green, green_called = self._bumped(streaks.green, keys[1], counted[1], turns_left)
                after, called = Streaks(red, green), (red_called, green_called)
            k = (diff, next_top, after, called)
            merged[k] = merged.get(k, 0) + ways
        out = self._transitions[key] = [(w, d, t, st, c) for (d, t, st, c), w in merged.items()]
        return out

    def _bumped(self, streak: Streak, key: str, counted: bool, turns_left: int) -> tuple[Streak, bool]:
        """One colour's :func:`bump` then :func:`trim`, remembered (a few moves, met again and again)."""
        memo_key = (streak, key, counted, turns_left)
        out = self._bumps.get(memo_key)
        if out is None:
            after, called = bump(streak, key, counted)
            out = self._bumps[memo_key] = (trim(after, turns_left), called)
        return out

    def _value(self, turns: int, top: int | None, streaks: Streaks, parity: tuple[int, int]) -> int:
        """The margin of the last ``turns`` turns times ``WAYS_PER_TURN ** turns`` (a whole number).
        ``streaks`` holds only what can still reach a call in those turns (:meth:`Streaks.trimmed`):
        a streak that cannot changes no call, so states that differ only there share one memo entry."""
        if turns == 0:
            return 0
        memo = self._memo
        key = (turns, top, streaks, parity)
        known = memo.get(key)
        if known is not None:
            return known
        left = turns - 1
        scale = WAYS_PER_TURN**left
        total: int = self.rows(top)[0] * scale
        for ways, diff, next_top, new_streaks, called in self.transitions(top, streaks, left):
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
            total += ways * diff * scale
            if left:  # the turns after this one (looked up here first: most states are met again)
                rest = memo.get((left, next_top, new_streaks, new_parity))
                if rest is None:
                    rest = self._value(left, next_top, new_streaks, new_parity)
                total += ways * rest
        memo[key] = total
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
