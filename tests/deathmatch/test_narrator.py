"""The battle report and the paper sheets, written from the event log."""

from __future__ import annotations

from turnbuckle.core.render import render_markdown, render_text
from turnbuckle.core.sources import SeededSource

from .helpers import RS, army, battle, fig, happenings


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
    # the round's speed rolls, the tie and the order of play on one line
    assert "Round 1. Order of play: A1 Titan 1+20 = 21, A2 Squire 2+0 = 2, C1 Cee pawn 1+0 = 1, " \
           "B1 Bee pawn 1+0 = 1 (0 after the tie). Ties settled by the coin." in text
    # an attack, its kill and the elimination it causes on one line
    assert "  A1 Titan attacks B1 Bee pawn [lowest-hp]: 1+20 = 21 against 1+0 = 1, 20 damage (HP 1 -> 0); " \
           "B1 Bee pawn falls and is removed from play; " \
           "Bee has no figure left standing and is out of the Deathmatch!\n" in text
    assert "  A2 Squire attacks C1 Cee pawn: 6+0 = 6 against 1+0 = 1, 5 damage (HP 1 -> 0); " in text
    assert "  Standing after round 1: Champ 2, Bee out, Cee out.\n" in text
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
    assert ("Round 1. Order of play: A1 P 5+2 = 7, A2 Q 4+3 = 7 (6 after the tie), B1 R 3+4 = 7 "
            "(5 after the tie). Ties settled by the coin.") in text
    assert "No round limit." in text
    walls = [army("Reds", fig("Wall", 5, 1, 0, 9)), army("Blues", fig("Wall", 5, 0, 0, 9))]
    record, _ = battle(walls, [])
    text = render_text(RS.narrate(record))
    assert "No figure left standing can damage an enemy any more: the battle is a stalemate." in text


def test_a_four_army_battle_is_folded_to_a_line_per_attack_and_a_summary_per_round() -> None:
    armies = [RS.side_by_name(s) for s in ("ash-court", "bog-host", "crypt-guard", "dread-trio")]
    record = RS.run(armies, SeededSource(7))
    text = render_text(RS.narrate(record))
    battle_lines = text[text.index("The battle"):text.index("\nResult\n")].strip().splitlines()[2:]
    attacks, idle = happenings(record, "attack"), happenings(record, "no_action")
    rounds = len(happenings(record, "round_start"))
    assert rounds == 22
    # One order line and one standing line per round, one line per attack (its kill and any
    # elimination on the same line) or turn lost: nothing per die, no line per kill.
    assert len(battle_lines) == 2 * rounds + len(attacks) + len(idle)
    # Measured for this battle: 166 lines of play-by-play (7.5 a round); 348 (15.8 a round) before the
    # folding, and the whole text write-up 470 lines before, 291 after.
    assert len(battle_lines) <= 8 * rounds
    assert len(text.splitlines()) < 300
    names = {str(f["tag"]): str(f["name"]) for f in happenings(record, "battle_start")[0]["figures"]}
    attack_lines = [line for line in battle_lines if " attacks " in line]
    assert len(attack_lines) == len(attacks)
    for line, a in zip(attack_lines, attacks, strict=True):
        assert line.startswith(f"  {a['attacker']} {names[a['attacker']]} attacks "
                               f"{a['defender']} {names[a['defender']]}")
        assert f"= {a['attack_total']} against " in line
        assert (f"{a['damage']} damage" if a["damage"] else "no damage") in line
    kills = happenings(record, "killed")
    assert sum("falls and is removed from play" in line for line in attack_lines) == len(kills)
    order = [line for line in battle_lines if line.startswith("Round ")]
    assert [line.split(".")[0] for line in order] == [f"Round {n}" for n in range(1, rounds + 1)]
    assert "Round 1. Order of play: D2 Night Weaver 6+7 = 13, B5 Bog Rat 6+6 = 12," in text
    assert "A5 Gutter Imp 5+5 = 10 (9 after the tie)" in order[0]
    assert order[0].endswith("Ties settled by the coin.")
    summary = [line for line in battle_lines if line.startswith("  Standing after round ")]
    assert len(summary) == rounds
    assert summary[0] == ("  Standing after round 1: The Ash Court 3, The Bog Host 5, The Crypt Guard 4, "
                          "The Dread Trio 3.")
    assert summary[-1].endswith("The Ash Court out, The Bog Host out, The Crypt Guard out, The Dread Trio 1.")
