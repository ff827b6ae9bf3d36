"""What the table is told when it breaks an initiative tie (prompts only: nothing here reaches a
record). The note gives every figure's total, who is tied, what the coin, the flips or the
rock-paper-scissors decide, and a count of tie-breaks that runs through the round (the roll's own
name counts the flips of one tie only). The command line's table mode and the web score keeper
show the same words (``Need.note``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def tie_note(rnd: int, count: int, tied: Sequence[str], total: int, totals: Mapping[str, int], method: str) -> str:
    """The note for every roll or throw of one tie (``count``: this tie's number in the round)."""
    board = ", ".join(f"{label} {value}" for label, value in totals.items())
    names = " and ".join(tied) if len(tied) == 2 else ", ".join(tied[:-1]) + f" and {tied[-1]}"
    head = f"Round {rnd} initiative, tie-break {count} of this round: {names} are tied on {total} (totals: {board})."
    if len(tied) > 2:
        rule = (f"Each flips at once: 1 (heads) keeps {total}, 2 (tails) drops to {total - 1}; if all show "
                "the same face, all flip again.")
    elif method == "rps":
        rule = (f"Rock-paper-scissors decides: the loser drops to {total - 1} (a drawn throw is thrown "
                "again; two figures of one player toss a coin instead).")
    else:
        rule = f"A coin decides: 1 means {tied[0]} wins, 2 means {tied[1]} wins; the loser drops to {total - 1}."
    return f"{head} {rule} A drop that makes a new tie is broken the same way."
