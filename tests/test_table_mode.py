"""Table mode (``match --dice ask``): every game played at the prompt, the match shown as it goes,
undo, help, and entries saved on end of input or Ctrl-C and played on with ``--resume``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from turnbuckle.cli import table_play
from turnbuckle.cli.app import app
from turnbuckle.cli.sides import resolve_side
from turnbuckle.core.events import Choice, Draw, Roll
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.sources import SeededSource
from turnbuckle.rulesets.registry import get_ruleset

runner = CliRunner()


@pytest.fixture(autouse=True)
def _in_a_fresh_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A session that stops saves its entries in the current folder: keep them out of the repository."""
    monkeypatch.chdir(tmp_path)


def tb(*args: str, input: str | None = None) -> Any:
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def answers(record: MatchRecord) -> list[str]:
    """What the people at the table typed: each roll's faces on one line, each card and choice."""
    out: list[str] = []
    for e in record.events:
        if isinstance(e, Roll):
            out.append(" ".join(map(str, e.faces)))
        elif isinstance(e, Draw):
            out.append(e.card)
        elif isinstance(e, Choice) and e.by == "human":
            out.append(e.chosen)
    return out


def seeded(game: str, sides: list[str], options: dict[str, object], seed: int = 21) -> MatchRecord:
    rs = get_ruleset(game)
    return rs.run([resolve_side(rs, s) for s in sides], SeededSource(seed), options)


GAMES = [
    ("boxing", ["slugger", "speedster"], {"rounds": 2}, "Dutch Kessler: HP 40"),
    ("deathmatch", ["dread-trio", "crypt-guard"], {"max_rounds": 2}, "Round 1"),
    ("folkstyle", ["cal-okafor", "tess-varga"], {}, "Score (Red-Green): 0-0"),
    ("headlock", ["the-rhino", "amethyst-assassin"], {"turns": 6}, "Turn 1 of 6"),
    ("matchmatch", ["friendly-sam", "iron-ivan"], {"rounds": 4}, "Friendly Sam: Stamina"),
]


def option_args(options: dict[str, object]) -> list[str]:
    return [arg for k, v in options.items() for arg in ("-o", f"{k}={v}")]


@pytest.mark.parametrize(("game", "sides", "options", "board"), GAMES, ids=[g[0] for g in GAMES])
def test_every_game_plays_at_the_prompt_and_shows_the_match_as_it_goes(
        game: str, sides: list[str], options: dict[str, object], board: str) -> None:
    record = seeded(game, sides, options)
    out = tb("match", game, *sides, "--dice", "ask", *option_args(options), "--format", "json",
             input="\n".join(answers(record)) + "\n")
    assert out.exit_code == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["events"] == record.to_json()["events"]
    assert data["result"] == record.to_json()["result"] and data["dice"] == "ask"
    assert f"  | {board}" in out.stderr  # the board at the prompt
    writeup = get_ruleset(game).narrate(record)
    lines = [b.text for b in writeup.blocks if hasattr(b, "text") and not hasattr(b, "level")]
    shown = [line for line in lines[1:] if line in out.stderr]  # the narration, as it went
    assert len(shown) >= len(lines[1:]) - 3


def test_boxing_narration_comes_after_the_entry_that_made_it() -> None:
    out = tb("match", "boxing", "all-rounder", "all-rounder", "--dice", "ask", "-o", "rounds=1",
             input="3 3\n3 3\n12 12\n1 1\n")
    err = out.stderr
    clinch = err.index("Turn 1: level on initiative")
    assert err.rfind("initiative: roll 2d12 >", 0, clinch) > err.index("  | Round 1 of 1")
    assert err.index("Turn 2:") > clinch
    assert out.exit_code == 2  # input ended before the bout did


def test_undo_takes_back_a_mistyped_entry_and_help_says_what_is_asked() -> None:
    record = seeded("boxing", ["slugger", "speedster"], {"rounds": 1})
    typed = answers(record)
    wrong = "1 1" if typed[0] != "1 1" else "2 2"
    text = "\n".join(["help", wrong, "undo", *typed]) + "\n"
    out = tb("match", "boxing", "slugger", "speedster", "--dice", "ask", "-o", "rounds=1", "-f", "json",
             input=text)
    assert out.exit_code == 0, out.stderr
    assert json.loads(out.stdout)["events"] == record.to_json()["events"]
    assert "Asked: Dutch Kessler initiative: roll 2d12" in out.stderr
    assert "Enter a whole number from 1 to 12." in out.stderr
    assert f"took back {wrong} (Dutch Kessler initiative)" in out.stderr
    assert "nothing to undo" in tb("match", "boxing", "slugger", "speedster", "--dice", "ask",
                                   input="undo\n").stderr


def test_bad_answers_are_explained_and_asked_again() -> None:
    out = tb("match", "boxing", "slugger", "speedster", "--dice", "ask", input="13\n4 5 6\nfour\n")
    assert out.stderr.count("try again") == 3
    assert "expected a whole number from 1 to 12 for 'Dutch Kessler initiative'" in out.stderr
    assert "3 faces given, but this roll needs 2 more" in out.stderr
    assert out.exit_code == 2 and "nothing was entered yet, so nothing is saved" in out.stderr


def test_prompts_take_what_people_say_and_name_each_face_of_a_list_die(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    grid = ["1"] * 9  # every grid cell Technical
    picks = ["Power", "brawling", "CHEATING", "b", "MARTIAL-ARTS", "High Flying", "weight", "2"]
    out = tb("match", "m2", "friendly-sam", "iron-ivan", "--dice", "ask", "--player", "1=human",
             "--player", "2=human", "-o", "referee=none", input="\n".join(grid + picks) + "\n")
    assert "grid cell A1: roll 1d8; faces: 1 Technical, 2 Power" in out.stderr  # a d8, its 8 rolled again
    assert "choose one of technical, power" in out.stderr.lower()
    assert out.stderr.count("try again") == 0, out.stderr
    assert "round 1 style: roll 1d6; faces: 1 Power, 2 Brawling, 3 Martial Arts, 4 High Flying, 5 Technical" \
        in out.stderr
    # the round's type, said as people say it
    saved = next(tmp_path.glob("matchmatch-entries-*.txt"))
    more = "3\nHigh Spot\nstamina\n"
    out = tb("match", "m2", "friendly-sam", "iron-ivan", "--dice", str(saved), "--resume", "--player",
             "1=human", "--player", "2=human", "-o", "referee=none", input=more)
    assert out.stderr.count("try again") == 0, out.stderr
    again = (tmp_path / out.stderr.split("saved in ")[1].split(":")[0]).read_text()
    assert "high_spot" in again.split() and "stamina" in again.split()


def test_headlock_prompt_shows_the_asking_wrestlers_card_only() -> None:
    out = tb("match", "headlock", "the-rhino", "amethyst-assassin", "--dice", "ask", "--player", "1=human",
             "--player", "2=human", input="5H\n")
    assert "The Rhino's card: 5H (5 of Hearts)" in out.stderr
    assert "The Rhino move on 5H" in out.stderr
    out = tb("match", "headlock", "the-rhino", "amethyst-assassin", "--dice", "ask", "--player", "1=human",
             "--player", "2=human", input="5H\ns1\n")
    after_move = out.stderr.split("The Rhino move on 5H", 1)[1].split(">", 1)[1]
    assert "5H" not in after_move and "The Amethyst Assassin card: draw a card" in after_move


def test_end_of_input_saves_the_entries_and_resume_plays_on_losing_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    record = seeded("headlock", ["the-rhino", "amethyst-assassin"], {"turns": 5})
    typed = answers(record)
    args = ["match", "headlock", "the-rhino", "amethyst-assassin", "-o", "turns=5", "-f", "json"]
    out = tb(*args, "--dice", "ask", input="\n".join(typed[:7]) + "\n")
    assert out.exit_code == 2 and out.stdout == ""
    saved = list(tmp_path.glob("headlock-entries-*.txt"))
    assert len(saved) == 1 and f"saved in {saved[0].name}" in out.stderr
    assert f"--dice {saved[0].name} --resume" in out.stderr
    # a plain --dice FILE keeps its contract: the script ran out
    plain = tb(*args, "--dice", saved[0].name)
    assert plain.exit_code == 2 and "ran out" in plain.stderr
    out = tb(*args, "--dice", saved[0].name, "--resume", input="\n".join(typed[7:]) + "\n")
    assert out.exit_code == 0, out.stderr
    assert json.loads(out.stdout)["events"] == record.to_json()["events"]
    assert "Resuming from" in out.stderr


def test_ctrl_c_saves_the_entries_and_exits_130(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    typed = iter(["3 4", "5 6", "2"])

    def ask(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(table_play, "ask", ask)
    out = tb("match", "boxing", "slugger", "speedster", "--dice", "ask")
    assert out.exit_code == 130
    saved = next(tmp_path.glob("boxing-entries-*.txt"))
    assert "interrupted; the 5 entries so far are saved in" in out.stderr
    assert [line.split("#")[0].split() for line in saved.read_text().splitlines() if not line.startswith("#")] \
        == [["3", "4"], ["5", "6"], ["2"]]


def test_too_many_bad_answers_save_and_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = tb("match", "boxing", "slugger", "speedster", "--dice", "ask", input="3 4\n" + "99\n" * 10)
    assert out.exit_code == 2
    assert "no valid answer after 10 tries; the 2 entries so far are saved in" in out.stderr
    assert len(list(tmp_path.glob("boxing-entries-*.txt"))) == 1


def test_resume_needs_a_script_and_a_bad_saved_entry_is_one_line(tmp_path: Path) -> None:
    out = tb("match", "boxing", "slugger", "speedster", "--resume")
    assert out.exit_code == 2 and "--resume plays on from saved entries: give them with --dice FILE" in out.stderr
    bad = tmp_path / "bad.txt"
    bad.write_text("3 4\n5 13\n")
    out = tb("match", "boxing", "slugger", "speedster", "--dice", str(bad), "--resume")
    assert out.exit_code == 2
    assert out.stderr.strip().splitlines() == [
        f"turnbuckle: error: dice script '{bad}': entry 4 '13': expected a whole number from 1 to 12 for "
        "'Lupe Ferreira initiative' (2d12)"]


def test_folkstyle_move_roll_names_the_moves_of_the_wrestlers_list() -> None:
    out = tb("match", "folkstyle", "cal-okafor", "tess-varga", "--dice", "ask", input="6\n1\n")
    rs = get_ruleset("folkstyle")
    card = resolve_side(rs, "cal-okafor")
    names = [m.name for _, m in sorted(card.moves("neutral").items())]
    assert "Red move: roll 1d6; faces: " + ", ".join(f"{i} {n}" for i, n in enumerate(names, 1)) in out.stderr


def test_ctrl_c_while_an_answer_is_played_still_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    typed = iter(["3 4", "5 6"])
    monkeypatch.setattr(table_play, "ask", lambda prompt: next(typed))
    real = table_play.Session.step
    calls = [0]

    def step(self: table_play.Session, entries: list[str]) -> Any:
        calls[0] += 1
        if calls[0] == 3:  # the second answer, being played
            raise KeyboardInterrupt
        return real(self, entries)

    monkeypatch.setattr(table_play.Session, "step", step)
    out = tb("match", "boxing", "slugger", "speedster", "--dice", "ask")
    assert out.exit_code == 130
    assert "interrupted; the 2 entries so far are saved in" in out.stderr
    saved = next(tmp_path.glob("boxing-entries-*.txt"))
    assert "3 4" in saved.read_text()


def test_resume_from_standard_input_is_refused_in_one_line() -> None:
    out = tb("match", "boxing", "slugger", "speedster", "--dice", "-", "--resume", input="3 4\n")
    assert out.exit_code == 2
    assert out.stderr.strip().splitlines() == [
        "turnbuckle: error: --resume asks for the rest on standard input, so the saved entries must come "
        "from a file: give --dice FILE, not -"]


def test_a_headlock_move_may_be_said_by_its_name() -> None:
    out = tb("match", "headlock", "the-rhino", "amethyst-assassin", "--dice", "ask", "--player", "1=human",
             input="5H\nHaymaker\n")
    assert "try again" not in out.stderr
    assert "The Amethyst Assassin card: draw a card" in out.stderr
