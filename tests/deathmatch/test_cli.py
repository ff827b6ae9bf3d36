"""The command line for Deathmatch: armies from files, samples or bestiary lists; cap, policies,
stake, hand-rolled dice; the bestiary command."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from turnbuckle.cli.app import app

runner = CliRunner()


def tb(*args: str) -> tuple[int, str, str]:
    r = runner.invoke(app, list(args))
    return r.exit_code, r.stdout, r.stderr


def test_a_battle_of_bestiary_lists_with_cap_policy_and_stake() -> None:
    code, out, _ = tb("match", "uov", "ash-wyrm,gutter-imp", "hollow-king,bog-rat,bog-rat", "--cap", "5",
                      "--policy", "2=weakest", "--stake", "the loser's Ash Wyrm", "--seed", "4", "--format", "json")
    assert code == 0
    record = json.loads(out)
    assert record["ruleset"] == "deathmatch"
    assert record["options"]["cap"] == 5
    assert [s["player"] for s in record["sides"]] == ["auto", "weakest"]
    assert record["sides"][0]["name"] == "Ash Wyrm + Gutter Imp"
    assert record["result"]["stake"] == "the loser's Ash Wyrm"
    assert record["result"]["power"] == {"Ash Wyrm + Gutter Imp": 4, "Hollow King + Bog Rat x2": 5}
    assert record["result"]["handicaps"] == {"Ash Wyrm + Gutter Imp": 1}
    start = record["events"][0]
    assert start["type"] == "battle_start"
    assert start["policies"] == {"Ash Wyrm + Gutter Imp": "lowest-hp", "Hollow King + Bog Rat x2": "weakest"}


def test_over_the_cap_is_a_clear_error() -> None:
    code, _, err = tb("match", "deathmatch", "ash-court", "bog-host", "--cap", "9", "--seed", "1")
    assert code == 2
    assert "The Ash Court: the army totals 10 power, over the cap of 9" in err
    assert "Traceback" not in err


def test_four_players_write_up_with_paper_sheets_in_markdown() -> None:
    code, out, _ = tb("match", "uov", "ash-court", "bog-host", "crypt-guard", "dread-trio", "--seed", "11",
                      "--format", "markdown")
    assert code == 0
    assert out.startswith("# UOV Deathmatch: The Ash Court vs The Bog Host vs The Crypt Guard vs The Dread Trio")
    for army in ("The Ash Court", "The Bog Host", "The Crypt Guard", "The Dread Trio"):
        assert f"**{army}'s sheet**" in out
    assert "| Round | A1 Ash Wyrm | A2 Hollow King |" in out
    assert "| start | 16 | 14 | 9 | 4 | 6 |" in out


def test_hand_rolled_dice_and_a_human_player(tmp_path: Path) -> None:
    script = tmp_path / "dice.txt"
    # initiative A1 Ash Wyrm 1+4=5, A2 Bog Rat 1+6=7, B1 Night Weaver 6+7=13; B1 (lowest-hp) kills A2
    # with 6+6 against 1+2. A1's only target is B1, so no choice token is read: 'b1' lands on the
    # attack die and is rejected.
    script.write_text("1 1 6\n6 1\nb1 6 1\n", encoding="utf-8")
    code, out, err = tb("match", "uov", "ash-wyrm,bog-rat", "night-weaver", "--player", "1=human",
                        "--dice", str(script), "--option", "max_rounds=1")
    assert code == 2
    assert "expected a d6 face 1-6" in err
    script.write_text("1 1 6\n6 1\n6 1\n", encoding="utf-8")
    code, out, err = tb("match", "uov", "ash-wyrm,bog-rat", "night-weaver", "--player", "1=human",
                        "--dice", str(script), "--option", "max_rounds=1")
    assert code == 0, err
    assert "B1 Night Weaver attacks A2 Bog Rat [lowest-hp]: 6+6 = 12 against 1+2 = 3, 9 damage (HP 5 -> 0); " \
           "A2 Bog Rat falls and is removed from play.\n" in out
    assert "A1 Ash Wyrm attacks B1 Night Weaver: 6+6 = 12 against 1+3 = 4, 8 damage (HP 12 -> 4)." in out
    assert "The round limit of 1 was reached; a draw between" in out


def test_a_human_picks_among_several_targets_by_tag(tmp_path: Path) -> None:
    script = tmp_path / "dice.txt"
    script.write_text("6 1 1\n"     # A1 Night Weaver 13, B1 Bog Rat 7, B2 Bog Rat 7: tie
                      "2\n"         # coin: B2 wins, B1 drops to 6
                      "B2 6 1\n"    # the human sends A1 at B2: 6+6 against 1+2, dead
                      "1 1\n"       # B2 is dead; B1 attacks A1: 1+2 against 1+3, nothing
                      , encoding="utf-8")
    code, out, err = tb("match", "uov", "night-weaver", "bog-rat,bog-rat", "--player", "A=human",
                        "--dice", str(script), "--option", "max_rounds=1")
    assert code == 0, err
    assert "A1 Night Weaver attacks B2 Bog Rat: 6+6 = 12 against 1+2 = 3, 9 damage (HP 5 -> 0); " \
           "B2 Bog Rat falls and is removed from play.\n" in out
    assert "B2 Bog Rat was killed before its turn and does not act." in out


def test_validate_and_samples_and_the_bestiary(tmp_path: Path) -> None:
    good = tmp_path / "army.yaml"
    good.write_text("name: Mine\nfigures: [ash-wyrm, {name: Blob, hp: 5, spd: 1, atk: 1, def: 1, power: 1}]\n",
                    encoding="utf-8")
    code, out, _ = tb("validate", "uov", str(good))
    assert code == 0
    assert "valid deathmatch army 'Mine'" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Bad\nfigures: [ash-wyrm, unicorn]\n", encoding="utf-8")
    code, out, _ = tb("validate", "uov", str(bad))
    assert code == 1
    assert "'unicorn' is not in the bestiary" in out
    code, out, _ = tb("samples", "uov")
    assert out.splitlines()[0].split()[0] == "ash-court"
    code, out, _ = tb("bestiary")
    assert code == 0
    assert "night-weaver" in out
    code, out, _ = tb("bestiary", "ash-wyrm", "bone-knight")
    assert code == 0
    assert "damages it: 13/18" in out
    code, _, err = tb("bestiary", "ash-wyrm")
    assert code == 2
    assert "give two figure ids" in err


def test_the_commented_script_in_the_game_page_plays(tmp_path: Path) -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "games" / "deathmatch.md"
    text = page.read_text(encoding="utf-8")
    block = text.split("```text\n", 1)[1].split("```", 1)[0]
    script = tmp_path / "dice.txt"
    script.write_text(block, encoding="utf-8")
    code, out, err = tb("match", "uov", "night-weaver", "bog-rat,bog-rat", "--player", "1=human",
                        "--dice", str(script), "-o", "max_rounds=1")
    assert code == 0, err
    assert "Round 1. Order of play: A1 Night Weaver 6+7 = 13, B2 Bog Rat 1+6 = 7, " \
           "B1 Bog Rat 1+6 = 7 (6 after the tie). Ties settled by the coin." in out
    assert "A1 Night Weaver attacks B2 Bog Rat: 6+6 = 12 against 1+2 = 3, 9 damage (HP 5 -> 0); " in out
    assert "B1 Bog Rat attacks A1 Night Weaver: 1+2 = 3 against 1+3 = 4, no damage." in out


def test_a_three_player_battle_from_a_script(tmp_path: Path) -> None:
    script = tmp_path / "dice.txt"
    script.write_text("1 1 1\n"   # A1 Ash Wyrm 1+4=5, B1 Bog Rat 1+6=7, C1 Gutter Imp 1+5=6
                      "6 1\n"     # B1 (lowest-hp: C1 6 HP over A1 16) 6+2=8 against 1+1=2: C1 dead
                      "6 1\n",    # C1 does not act; A1's only target is B1: 6+6=12 against 1+2=3
                      encoding="utf-8")
    code, out, err = tb("match", "uov", "ash-wyrm", "bog-rat", "gutter-imp", "--dice", str(script),
                        "--stake", "a kowtow", "--format", "json")
    assert code == 0, err
    record = json.loads(out)
    events = [e for e in record["events"] if e["type"] in ("attack", "no_action", "eliminated")]
    assert [(e["type"], e.get("attacker", e.get("figure", e.get("player"))), e.get("defender")) for e in events] == [
        ("attack", "B1", "C1"), ("eliminated", "Gutter Imp", None), ("no_action", "C1", None),
        ("attack", "A1", "B1"), ("eliminated", "Bog Rat", None),
    ]
    assert record["result"]["winner"] == "Ash Wyrm"
    assert record["result"]["stake"] == "a kowtow"
    assert record["result"]["sheet"]["rounds"] == [
        {"round": 1, "speed": {"B1": 7, "C1": 6, "A1": 5}, "hp": {"A1": 16, "B1": 0, "C1": 0}},
    ]
    code, out, err = tb("match", "uov", "ash-wyrm", "bog-rat", "gutter-imp", "--dice", str(script))
    assert code == 0, err
    assert "Gutter Imp has no figure left standing and is out of the Deathmatch!" in out
    assert "Ash Wyrm wins the Deathmatch in round 1" in out


def test_the_bestiary_command_reads_ids_as_armies_do() -> None:
    code, out, err = tb("bestiary", "ASH-WYRM", " Bone-Knight")
    assert code == 0, err
    assert out.startswith("Ash Wyrm (ATK 6) attacks Bone Knight (DEF 4, HP 10):")
    code, _, err = tb("bestiary", "ash-wyrm", "unicorn")
    assert code == 2
    assert "'unicorn' is not in the bestiary" in err
