"""The preliminary phase of a round: d6 + SPD for every figure in play, then tie-breaks.

Ties are broken from the highest shared total down. Two figures on a total settle it with a coin
flip (or rock-paper-scissors): the loser takes -1 on its total for the round. Three or more on a
total each flip a coin at once (heads keeps the total, tails takes -1), flipping again while they
all show the same face; a group still tied flips again, and so on. No step looks at table order,
so every order of tied figures is equally likely and seat order never matters. A -1 can make a
new tie one lower, which is broken the same way, until every total differs. Totals may go below
zero.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial

from turnbuckle.core.table import Table
from turnbuckle.rulesets.deathmatch.pieces import Piece
from turnbuckle.rulesets.deathmatch.prompts import tie_note

TIEBREAKS = ("coin", "rps")
THROWS = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
RPS_TRIES = 10  # drawn throws before falling back to a coin
#: Rounds of all-alike flips before a group gives up and only its first figure keeps its total
#: (a guard: with three figures the chance of reaching it is 4**-64).
FLIP_TRIES = 64
HEADS, TAILS = 1, 2
#: What a tie's prompt says, built only when a person is asked.
Note = Callable[[], str] | None


def coin_flip(table: Table, first: Piece, second: Piece, note: Note = None) -> Piece:
    """A coin as a d2: 1 means ``first`` wins, 2 means ``second`` wins. Returns the loser.
    ``note`` is what the prompt says (deathmatch/prompts.py)."""
    roll = table.roll(1, 2, f"coin flip: {first.label} (1) vs {second.label} (2)", side=None, note=note)
    return second if roll.total == 1 else first


def rps_throw(table: Table, piece: Piece, human: bool, attempt: int, note: Note = None) -> str:
    """One throw for ``piece``'s player: a human picks it; an automatic player rolls a d3."""
    purpose = f"{piece.player} rock-paper-scissors for {piece.label}, throw {attempt}"
    if human:
        return table.choose(list(THROWS), purpose, piece.player, automatic=None, note=note)
    roll = table.roll(1, 3, f"{purpose} (1 rock, 2 paper, 3 scissors)", side=piece.player, meaning=THROWS,
                      note=note)
    return THROWS[roll.total - 1]


def rock_paper_scissors(table: Table, first: Piece, second: Piece, human: Callable[[int], bool],
                        note: Note = None) -> tuple[Piece, str]:
    """Best of one, drawn throws thrown again (at most RPS_TRIES throws, then a coin). Two figures
    of the same player cannot play each other, so their tie goes to a coin. A human player throws
    before an automatic player's die is rolled, so the person never sees that throw first.
    Returns the loser and how it was decided."""
    if first.seat == second.seat:
        return coin_flip(table, first, second, note), "coin"
    human_first = human(second.seat) and not human(first.seat)
    for attempt in range(1, RPS_TRIES + 1):
        if human_first:
            b = rps_throw(table, second, True, attempt, note)
            a = rps_throw(table, first, False, attempt, note)
        else:
            a = rps_throw(table, first, human(first.seat), attempt, note)
            b = rps_throw(table, second, human(second.seat), attempt, note)
        if a != b:
            return (second if BEATS[a] == b else first), "rps"
    return coin_flip(table, first, second, note), "coin"


def _highest_tie(totals: Mapping[str, int], pieces: Sequence[Piece]) -> list[Piece]:
    """The figures on the highest total that two or more share (table order), or none."""
    counts: dict[int, int] = {}
    for p in pieces:
        counts[totals[p.tag]] = counts.get(totals[p.tag], 0) + 1
    shared = [v for v, c in counts.items() if c > 1]
    if not shared:
        return []
    top = max(shared)
    return [p for p in pieces if totals[p.tag] == top]


def group_flip(table: Table, group: Sequence[Piece], note: Note = None) -> tuple[list[Piece], int]:
    """Three or more tied figures each flip a coin, a d2 rolled for its player in table order
    (1 heads: keeps its total, 2 tails: takes -1); all alike, they flip again. Returns the
    figures that take -1 and how many rounds of flips it took."""
    for attempt in range(1, FLIP_TRIES + 1):
        faces = [table.roll(1, 2, f"tie flip {attempt}: {p.label} (1 heads keeps, 2 tails -1)", side=p.player,
                            note=note).total for p in group]
        tails = [p for p, face in zip(group, faces, strict=True) if face == TAILS]
        if 0 < len(tails) < len(group):
            return tails, attempt
    return list(group[1:]), FLIP_TRIES  # pragma: no cover - a guard, see FLIP_TRIES


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
    # Each step lowers at least one tied total by 1, totals at one level are settled before the
    # level below, and a settled level keeps one figure; so this ends within n levels' worth of
    # steps below the lowest roll. The bound is a guard, not a rule.
    spread = (max(totals.values()) - min(totals.values()) + len(pieces)) if totals else 0
    ties = 0
    for _ in range(len(pieces) * spread + 1):
        group = _highest_tie(totals, pieces)
        if not group:
            break
        tied = totals[group[0].tag]
        ties += 1
        note = partial(tie_note, rnd, ties, [p.label for p in group], tied,
                       {p.label: totals[p.tag] for p in pieces}, method)
        if len(group) > 2:
            tails, attempts = group_flip(table, group, note)
            dropped = {p.tag for p in tails}
            for tag in dropped:
                totals[tag] -= 1
            table.happen("tie_flip", round=rnd, total=tied, between=[p.tag for p in group], attempts=attempts,
                         kept=[p.tag for p in group if p.tag not in dropped],
                         dropped=[p.tag for p in group if p.tag in dropped])
            continue
        first, second = group
        if method == "rps":
            loser, how = rock_paper_scissors(table, first, second, human, note)
        else:
            loser, how = coin_flip(table, first, second, note), "coin"
        winner = second if loser is first else first
        totals[loser.tag] -= 1
        table.happen("tie_break", round=rnd, total=tied, between=[first.tag, second.tag], method=how,
                     winner=winner.tag, loser=loser.tag, loser_total=totals[loser.tag])
    else:  # pragma: no cover - unreachable by the argument above
        raise RuntimeError("initiative ties did not resolve")
    order = sorted(pieces, key=lambda p: -totals[p.tag])
    table.happen("initiative", round=rnd, order=[p.tag for p in order], totals={p.tag: totals[p.tag] for p in order})
    return order
