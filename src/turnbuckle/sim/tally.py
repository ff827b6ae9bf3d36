"""What a batch of simulated matches produced, whatever engine played them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

#: A match's outcome: the winning side's index (None for a draw) and the finish method.
Outcome = tuple[int | None, str]


@dataclass
class Tally:
    """Counts over ``n`` matches: outcomes, match lengths, game-specific figures and dice used.

    ``figures`` holds sums over the matches (e.g. total knockdowns); divide by ``n`` for a mean.
    ``drawn`` counts, per side, the draws it shared: every side shares a draw unless the engine
    says who did (a Deathmatch player eliminated before a draw does not share it).

    >>> t = Tally(2)
    >>> t.add(0, "ko", 7, {"knockdowns": 2}, 40)
    >>> t.add(None, "draw", 36, {"knockdowns": 0}, 150)
    >>> t.n, t.outcomes[(0, "ko")], t.figures["knockdowns"], t.dice
    (2, 1, 2.0, 190)
    """

    sides: int
    n: int = 0
    outcomes: dict[Outcome, int] = field(default_factory=dict)
    lengths: dict[int, int] = field(default_factory=dict)
    figures: dict[str, float] = field(default_factory=dict)
    dice: int = 0
    #: What a length counts (``turns``, ``rounds``...), set by the engine.
    unit: str = ""
    #: Draws shared, by side.
    drawn: dict[int, int] = field(default_factory=dict)

    def add(self, winner: int | None, method: str, length: int | None,
            figures: Mapping[str, float], dice: int, shared: Sequence[int] | None = None) -> None:
        """Count one match; for a draw, ``shared`` lists the sides that share it (None: all)."""
        drawn = None if winner is None and shared is None else dict.fromkeys(shared or (), 1)
        self.add_counts({(winner, method): 1}, {} if length is None else {length: 1}, figures, dice, 1, drawn)

    def add_counts(self, outcomes: Mapping[Outcome, int], lengths: Mapping[int, int],
                   figures: Mapping[str, float], dice: int, n: int,
                   drawn: Mapping[int, int] | None = None) -> None:
        """Count ``n`` matches given as totals (what a fast engine returns per chunk). ``drawn``:
        the draws each side shared; None means every side shared every draw."""
        self.n += n
        draws = 0
        for key, count in outcomes.items():
            if count:
                self.outcomes[key] = self.outcomes.get(key, 0) + count
                if key[0] is None:
                    draws += count
        shares = drawn if drawn is not None else dict.fromkeys(range(self.sides), draws)
        for side, count in shares.items():
            if count:
                self.drawn[side] = self.drawn.get(side, 0) + count
        for length, count in lengths.items():
            if count:
                self.lengths[length] = self.lengths.get(length, 0) + count
        for name, value in figures.items():
            self.figures[name] = self.figures.get(name, 0.0) + float(value)
        self.dice += dice

    def merge(self, other: Tally) -> None:
        self.add_counts(other.outcomes, other.lengths, other.figures, other.dice, other.n, other.drawn)
        self.unit = self.unit or other.unit

    def wins(self, side: int) -> int:
        return sum(c for (w, _), c in self.outcomes.items() if w == side)

    def draws(self) -> int:
        return sum(c for (w, _), c in self.outcomes.items() if w is None)

    def draws_of(self, side: int) -> int:
        """The draws ``side`` shared (a side already out when a draw came shares none)."""
        return self.drawn.get(side, 0)

    def methods(self) -> dict[str, int]:
        """Matches per finish method, in a stable order (most common first, then by name)."""
        out: dict[str, int] = {}
        for (_, method), count in self.outcomes.items():
            out[method] = out.get(method, 0) + count
        return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))
