"""The preliminary phase of a round: d6 + SPD for every figure in play, then tie-breaks.

Ties are broken a pair at a time, always at the highest total that is still shared, between the
first two figures at that total in table order. The loser of the coin flip (or of
rock-paper-scissors) takes -1 on its total for the round; that can make a new tie one lower,
which is broken the same way, and so on until every total differs. Totals may go below zero.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from turnbuckle.core.table import Table
from turnbuckle.rulesets.deathmatch.pieces import Piece

TIEBREAKS = ("coin", "rps")
THROWS = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
RPS_TRIES = 10  # drawn throws before falling back to a coin


def coin_flip(table: Table, first: Piece, second: Piece) -> Piece:
    """A coin as a d2: 1 means ``first`` wins, 2 means ``second`` wins. Returns the loser."""
    roll = table.roll(1, 2, f"coin flip: {first.label} (1) vs {second.label} (2)", side=None)
    return second if roll.total == 1 else first


def rps_throw(table: Table, piece: Piece, human: bool, attempt: int) -> str:
    """One throw for ``piece``'s player: a human picks it; an automatic player rolls a d3."""
    purpose = f"{piece.player} rock-paper-scissors for {piece.label}, throw {attempt}"
    if human:
        return table.choose(list(THROWS), purpose, piece.player, automatic=None)
    roll = table.roll(1, 3, f"{purpose} (1 rock, 2 paper, 3 scissors)", side=piece.player, meaning=THROWS)
    return THROWS[roll.total - 1]


def rock_paper_scissors(table: Table, first: Piece, second: Piece, human: Callable[[int], bool]) -> tuple[Piece, str]:
    """Best of one, drawn throws thrown again (at most RPS_TRIES throws, then a coin). Two figures
    of the same player cannot play each other, so their tie goes to a coin. A human player throws
    before an automatic player's die is rolled, so the person never sees that throw first.
    Returns the loser and how it was decided."""
    if first.seat == second.seat:
        return coin_flip(table, first, second), "coin"
    human_first = human(second.seat) and not human(first.seat)
    for attempt in range(1, RPS_TRIES + 1):
        if human_first:
            b = rps_throw(table, second, True, attempt)
            a = rps_throw(table, first, False, attempt)
        else:
            a = rps_throw(table, first, human(first.seat), attempt)
            b = rps_throw(table, second, human(second.seat), attempt)
        if a != b:
            return (second if BEATS[a] == b else first), "rps"
    return coin_flip(table, first, second), "coin"


def _highest_tie(totals: Mapping[str, int], pieces: Sequence[Piece]) -> tuple[Piece, Piece] | None:
    counts: dict[int, int] = {}
    for p in pieces:
        counts[totals[p.tag]] = counts.get(totals[p.tag], 0) + 1
    shared = [v for v, c in counts.items() if c > 1]
    if not shared:
        return None
    top = max(shared)
    first, second = [p for p in pieces if totals[p.tag] == top][:2]
    return first, second


def roll_initiative(
    table: Table, rnd: int, pieces: Sequence[Piece], method: str, human: Callable[[int], bool]
) -> list[Piece]:
    """Roll for every figure in ``pieces`` (table order), break the ties, log it all, and return
    the figures in acting order (highest total first)."""
    totals: dict[str, int] = {}
    rolls: dict[str, int] = {}
    for p in pieces:
        face = table.roll(1, 6, f"{p.label} initiative", side=p.player).total
        rolls[p.tag] = face
        totals[p.tag] = face + p.spd
    table.happen("initiative_rolls", round=rnd, rolls=rolls, spd={p.tag: p.spd for p in pieces},
                 totals=dict(totals))
    # Each break lowers one total by 1 and a tie at value v can only spill to v - 1, so this ends
    # within n * (n - 1) / 2 breaks; the bound is a guard, not a rule.
    for _ in range(len(pieces) * len(pieces) + 1):
        pair = _highest_tie(totals, pieces)
        if pair is None:
            break
        first, second = pair
        tied = totals[first.tag]
        if method == "rps":
            loser, how = rock_paper_scissors(table, first, second, human)
        else:
            loser, how = coin_flip(table, first, second), "coin"
        winner = second if loser is first else first
        totals[loser.tag] -= 1
        table.happen("tie_break", round=rnd, total=tied, between=[first.tag, second.tag], method=how,
                     winner=winner.tag, loser=loser.tag, loser_total=totals[loser.tag])
    else:  # pragma: no cover - unreachable by the argument above
        raise RuntimeError("initiative ties did not resolve")
    order = sorted(pieces, key=lambda p: -totals[p.tag])
    table.happen("initiative", round=rnd, order=[p.tag for p in order], totals={p.tag: totals[p.tag] for p in order})
    return order
