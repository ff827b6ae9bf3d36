"""The battle report and the paper sheets, written from the event log."""

from __future__ import annotations

from turnbuckle.core.render import render_markdown, render_text

from .helpers import RS, army, battle, fig


def _four_player() -> str:
    champ = army("Champ", fig("Titan", 99, 20, 20, 20, 3), fig("Squire", 3, 0, 0, 0))
    others = [army(n, fig(f"{n} pawn", 1, 0, 0, 0)) for n in ("Bee", "Cee")]
    script = [
        1, 2, 1, 1,  # A1 21, A2 2, B1 1, C1 1: the B1-C1 tie goes to the coin
        2,           # C1 wins, B1 drops to 0
        1,           # A1 (lowest-hp) finds B1 and C1 equal: a d2, 1 picks B1
        1, 1,        # A1 kills B1: Bee is out
        6, 1,        # A2 attacks C1 (its only target): 6+0 against 1+0, 5 damage: C1 dead, Cee out
    ]
    record, source = battle([champ, *others], script, stake="bragging rights")
    assert source.remaining == 0
    return render_text(RS.narrate(record))


def test_the_report_tells_the_battle() -> None:
    text = _four_player()
    assert "Power cap 10: Champ 4 (handicap: 6 under the cap); Bee 1 (handicap: 9 under the cap); " \
           "Cee 1 (handicap: 9 under the cap)." in text
    assert "Spoils of war: bragging rights." in text
    assert "Speed rolls: A1 Titan 1+20, A2 Squire 2+0, B1 Bee pawn 1+0, C1 Cee pawn 1+0." in text
    assert "B1 Bee pawn and C1 Cee pawn tie on 1: the coin goes to C1 Cee pawn; B1 Bee pawn drops to 0." in text
    assert "Order of play: A1 Titan (21), A2 Squire (2), C1 Cee pawn (1), B1 Bee pawn (0)." in text
    assert "A1 Titan attacks B1 Bee pawn [lowest-hp]: 1+20 = 21 against 1+0 = 1, 20 damage (HP 1 -> 0)." in text
    assert "Bee has no figure left standing and is out of the Deathmatch!" in text
    assert "A2 Squire attacks C1 Cee pawn: 6+0 = 6 against 1+0 = 1, 5 damage (HP 1 -> 0)." in text
    assert "Champ wins the Deathmatch in round 1, the last player standing with 2 figures left. " \
           "Spoils of war: bragging rights." in text


def test_the_paper_sheets_show_hp_by_round() -> None:
    text = _four_player()
    sheet = text[text.index("Champ's sheet"):]
    lines = sheet.splitlines()
    assert lines[1].split() == ["Round", "A1", "Titan", "A2", "Squire"]
    assert lines[3].split() == ["start", "99", "3"]
    assert lines[4].split() == ["1", "99", "(21)", "3", "(2)"]
    assert "Bee's sheet" in text
    bee = text[text.index("Bee's sheet"):].splitlines()
    assert bee[4].split() == ["1", "dead", "(0)"]


def test_a_miss_reads_no_damage_and_markdown_has_tables() -> None:
    a = army("Reds", fig("Axe", 10, 2, 4, 2))
    b = army("Blues", fig("Shield", 10, 1, 3, 3))
    record, _ = battle([a, b], [4, 2, 3, 4, 1, 6], max_rounds=1)
    writeup = RS.narrate(record)
    text = render_text(writeup)
    assert "A1 Axe attacks B1 Shield: 3+4 = 7 against 4+3 = 7, no damage." in text
    assert "B1 Shield attacks A1 Axe: 1+3 = 4 against 6+2 = 8, no damage." in text
    assert "The round limit (1) is reached." in text
    md = render_markdown(writeup)
    assert "| Round | A1 Axe |" in md
    assert "| 1 | 10 (6) |" in md


def test_a_tie_flip_a_target_tie_and_a_stalemate_are_told() -> None:
    a = army("Reds", fig("P", 5, 2, 0, 0), fig("Q", 5, 3, 6, 0))
    b = army("Blues", fig("R", 1, 4, 0, 0))
    record, _ = battle([a, b], [5, 4, 3, 2, 2, 2, 1, 2, 2, 1, 1, 1, 1, 6])
    text = render_text(RS.narrate(record))
    assert ("A1 P, A2 Q, B1 R tie on 7 and all flip (after 2 rounds of flips): heads for A1 P; "
            "A2 Q, B1 R drop to 6.") in text
    assert "No round limit." in text
    walls = [army("Reds", fig("Wall", 5, 1, 0, 9)), army("Blues", fig("Wall", 5, 0, 0, 9))]
    record, _ = battle(walls, [])
    text = render_text(RS.narrate(record))
    assert "No figure left standing can damage an enemy any more: the battle is a stalemate." in text
