"""Two players at one terminal: the real ``match --dice ask`` prompt, driven through a
pseudo-terminal (tests/cli/terminal.py). Wherever the device is passed, the screen and its
scrollback at the pause hold nothing but the pause line: neither the last player's card nor the
move or pick they typed. Every game whose players keep a secret is played here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.terminal import Terminal, seen
from turnbuckle.core.facets import TableView
from turnbuckle.rulesets.registry import all_rulesets

PASS = ">>> Pass the device to "
#: Each game with secrets, as two people play it at one terminal.
HOTSEAT = {
    "headlock": ["amethyst-assassin", "the-rhino", "-o", "turns=3"],
    "deathmatch": ["dread-trio", "crypt-guard", "-o", "max_rounds=2", "-o", "tiebreak=rps"],
    "matchmatch": ["friendly-sam", "iron-ivan", "-o", "rounds=2"],
}
#: At most this many answers a game (the pauses come early), and this many pauses checked.
ANSWERS, PAUSES = 150, 4
_PROMPT_END = ("> ", "only you can see the screen. ")


def deck() -> Iterator[str]:
    """Every card, so that a card not in the asking side's pile is refused and the next one typed."""
    while True:
        for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"):
            for suit in "HSDC":
                yield rank + suit


def answer(prompt: str, cards: Iterator[str], k: int) -> tuple[str, bool]:
    """What the table types at ``prompt`` (its last line) as its ``k``-th answer, and whether it
    is a secret of the one typing it (a card drawn, a pick): a card, an option of a choice, a face
    of a roll (options and faces taken in turn, so that ties end)."""
    if "draw a card" in prompt:
        return next(cards), True
    if "choose one of " in prompt:
        options = [o.strip(" >") for o in prompt.split("choose one of ", 1)[1].split(",")]
        return options[k % len(options)], True
    sides = re.search(r"roll \d+d(\d+)", prompt)
    return str(k % int(sides.group(1)) + 1 if sides else 1), False


def games_with_secrets() -> set[str]:
    return {rs.info.id for rs in all_rulesets()
            if (view := rs.table_view()) is not None and type(view).hidden is not TableView.hidden}


def test_every_game_with_secrets_is_played_at_the_shared_terminal() -> None:
    assert games_with_secrets() == set(HOTSEAT)


#: A tag match too: four wrestlers at one terminal.
TAG = ["headlock", "amethyst-assassin", "the-rhino", "wildcat-rosa", "zeke-granite", "-o", "turns=2",
       "--player", "3=human", "--player", "4=human"]


@pytest.mark.parametrize("args", [[game, *HOTSEAT[game]] for game in sorted(HOTSEAT)] + [TAG],
                         ids=[*sorted(HOTSEAT), "headlock-tag"])
def test_the_pause_to_pass_the_device_shows_nothing_of_the_last_players_turn(args: list[str], tmp_path: Path) -> None:
    game = args[0]
    term = Terminal(["match", *args, "--player", "1=human", "--player", "2=human", "--dice", "ask"], tmp_path)
    cards = deck()
    secrets: list[str] = []  # what was typed in secret since the last pause
    pauses = 0
    try:
        for k in range(ANSWERS):
            written = term.read_until(lambda w: w.endswith(_PROMPT_END), "the next prompt", or_end=True)
            if not written.endswith(_PROMPT_END):
                break  # the match is over
            prompt = seen(written).rsplit("\n", 1)[-1]
            if prompt.startswith(PASS):
                screen = seen(written)
                assert screen.strip() == prompt.strip(), \
                    f"the pause shows more than itself (typed in secret before it: {secrets}):\n{screen}"
                for secret in secrets:
                    assert not re.search(rf"(?<![\w-]){re.escape(secret)}(?![\w-])", screen), (secret, screen)
                pauses += 1
                secrets = []
                if pauses == PAUSES:
                    break
                term.type("\n")
                continue
            typed, hidden = answer(prompt, cards, k)
            if hidden:
                secrets.append(typed)
            term.type(typed + "\n")
    finally:
        term.close()
    assert pauses >= 2, f"{game}: the device was passed {pauses} time(s)"


def test_ctrl_c_at_a_prompt_starts_its_message_on_a_line_of_its_own(tmp_path: Path) -> None:
    term = Terminal(["match", "headlock", "the-rhino", "amethyst-assassin", "--player", "1=human",
                     "--dice", "ask"], tmp_path)
    try:
        term.read_until(lambda w: w.endswith("> "), "the first prompt")
        term.type("5H\n")
        term.read_until(lambda w: w.endswith("> ") and "move on 5H" in w, "the move prompt")
        term.type("\x03")  # Ctrl-C, as the keyboard sends it
        written = term.read_until(lambda w: "--resume" in w, "the message saying where the entries went")
    finally:
        term.close()
    message = next(line for line in written.replace("\r", "").split("\n") if "interrupted" in line)
    assert message.startswith("turnbuckle: interrupted; the 1 entries so far are saved in "), message
