"""Many seeded matches under every option and player: they end, replay, and keep the invariants."""

from __future__ import annotations

import json

import pytest

from turnbuckle.core.events import Happening
from turnbuckle.core.render import render
from turnbuckle.core.sources import SeededSource

from .util import RS, char, events, play

SAMPLES = [RS.load_text(s.text, s.id) for s in RS.samples()]
SETUPS: list[tuple[dict[str, object], dict[int, str]]] = [
    ({}, {}),
    ({"deck": "own"}, {0: "solo", 1: "smart"}),
    ({"knockout": True, "choke": True}, {0: "smart", 1: "smart"}),
    ({"cap": 3, "turns": 20}, {0: "solo", 1: "solo"}),
    ({"knockout": True, "getup_die": "d20", "getup_rolls": 3}, {0: "solo"}),
]
METHODS = {"submission", "choke", "pinfall", "knockout", "decision", "draw"}


@pytest.mark.parametrize(("options", "players"), SETUPS)
def test_singles_matches_keep_the_invariants(options: dict[str, object], players: dict[int, str]) -> None:
    for seed in range(12):
        a, b = SAMPLES[seed % len(SAMPLES)], SAMPLES[(seed + 2) % len(SAMPLES)]
        rec = RS.run([a, b], SeededSource(seed), options, players)
        assert rec.result.method in METHODS
        assert (rec.result.winner is None) == (rec.result.method == "draw")
        turns = [e for e in rec.events if isinstance(e, Happening) and e.type == "turn"]
        assert 1 <= len(turns) <= int(str(options.get("turns", 60)))
        for hit in events(rec, "hit"):
            assert 0 <= hit["hp"] <= hit["hp_before"]
            assert hit["damage"] == max(0, hit["attack"] - hit["defense"])
        json.dumps(rec.to_json())


def test_tag_matches_keep_the_invariants() -> None:
    for seed in range(8):
        sides = [SAMPLES[(seed + k) % len(SAMPLES)] for k in range(4)]
        opts = {"tag_piles": "wrestler" if seed % 2 else "team", "deck": "own" if seed % 3 == 0 else "split"}
        rec = RS.run(sides, SeededSource(seed), opts, {})
        assert rec.result.method in METHODS
        if rec.result.winner is not None:
            team = rec.result.extra["team"]
            assert isinstance(team, list)
            assert len(team) == 2


def test_the_write_up_tells_every_kind_of_moment() -> None:
    red = char(name="Red", atk=20)
    blue = char(name="Blue", sta=3, defense=1, res=1)
    script: list[object] = [
        "9H", "s1", "3H", "s1",  # speed 18-12; 20 + 9 + 1 against 1 + 3: Blue 30 -> 4
        "KS", "QH",  # two specials: Hearts beat Spades, Blue's lands: 30 against DEF 10
        "6D", "s3", "6H", "s3",  # 13-13: nobody attacks
        "7S", "s5", "JD", 2, 6, 5, 1,  # Spades cut off Blue's special; knockdown, up on 6; pin, out on 1
    ]
    rec = play([red, blue], script, turns=4, knockout=True)
    text = render(rec, RS.narrate(rec), "text")
    for expected in (
        "Red vs Blue: Headlock",
        "Turn 1: Red 9H (Red jab) vs Blue 3H (Blue jab).",
        "Red wins the speed contest [18, 12].",
        "Red's Red jab: 30 against DEF 4, 26 damage; Blue 30 -> 4 HP.",
        "Two specials: Blue gets there first (on suit).",
        "Blue's Blue special: 30 against DEF 10 (no defense bonus), 20 damage; Red 100 -> 80 HP.",
        "Dead even on speed ([13, 13])",
        "Red's suit cuts off Blue's special; Red attacks.",
        "Blue is down (knockdown 1); must beat 5 on a d12.",
        "Blue beats the count on roll 2 (6).",
        "Red goes for the pin: Blue needs 1 or lower on a d12, 3 tries.",
        "Blue breaks free on try 2 (rolled 1).",
        "To the decision",
        "Red wins the decision after 4 turns, 80% of HP left to 0%.",
    ):
        assert expected in text, expected


def test_the_write_up_of_a_submission_finish() -> None:
    red, blue = char(name="Red", grapples=("grapple", "grapple", "submission", "grapple")), char(name="Blue", res=1)
    rec = play([red, blue], ["9H", "g5", "3H", "s1", 7, 8, 7, 8, 7])
    text = render(rec, RS.narrate(rec), "markdown")
    assert "locks in the Red grapple 5" in text
    assert "Blue TAPS OUT!" in text
    assert "Red makes Blue tap out on turn 1." in text
