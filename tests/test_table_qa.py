"""Table mode as a careless or hostile table uses it: a saved file whose setup line was edited into
something that is not a setup, and a session stopped where the current folder cannot be written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_table_mode import tb


@pytest.fixture(autouse=True)
def _in_a_fresh_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("setup", [
    '{"sides": 5, "options": [1], "players": "x", "ruleset": 3}',
    '{"ruleset": "boxing", "sides": "slugger", "options": {}, "players": {}, "seed": null}',
    '{"ruleset": "boxing", "sides": ["slugger", "speedster"], "options": {"rounds": 3}, "players": {}, "seed": null}',
    '[]',
    '"boxing"',
])
def test_a_setup_line_that_is_not_a_setup_is_one_line_not_a_crash(tmp_path: Path, setup: str) -> None:
    saved = tmp_path / "edited.txt"
    saved.write_text(f"# setup: {setup}\n7 3\n", encoding="utf-8")
    out = tb("match", "boxing", "slugger", "speedster", "--dice", str(saved), "--resume", input="")
    assert out.exit_code == 2, out.stderr
    assert out.stderr.strip().splitlines() == [
        f"turnbuckle: error: dice script '{saved}': its setup line is not a match setup as turnbuckle saves it; "
        "delete the line to play the entries without the check"]


def test_a_session_stopped_where_the_folder_cannot_be_written_saves_elsewhere_and_says_where(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()  # the current folder is no more: nothing can be saved in it
    spare = tmp_path / "spare"
    spare.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(spare))
    out = tb("match", "boxing", "slugger", "speedster", "--dice", "ask", input="3 4\n")
    assert out.exit_code == 2, out.stderr
    saved = list(spare.glob("boxing-entries-*.txt"))
    assert len(saved) == 1
    assert f"--dice {saved[0]} --resume" in out.stderr
    assert "the current folder could not be written" in out.stderr
    monkeypatch.chdir(tmp_path)
    again = tb("match", "boxing", "slugger", "speedster", "--dice", str(saved[0]), "--resume", input="5 6\n")
    assert "Resuming from" in again.stderr and "the 4 entries so far are saved" in again.stderr


def test_when_nothing_can_be_written_the_entries_are_printed_instead(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "missing"))
    out = tb("match", "boxing", "slugger", "speedster", "--dice", "ask", input="3 4\n")
    assert out.exit_code == 2, out.stderr
    assert "internal error" not in out.stderr
    assert "could not be saved" in out.stderr and "the entries so far: 3 4" in out.stderr


def test_a_resumed_session_keeps_each_saved_answer_whole_for_undo_and_the_next_save(tmp_path: Path) -> None:
    out = tb("match", "boxing", "slugger", "speedster", "--dice", "ask", input="7 3\n5 6\n")
    saved = next(tmp_path.glob("boxing-entries-*.txt"))
    saved = saved.rename(tmp_path / "first.txt")
    out = tb("match", "boxing", "slugger", "speedster", "--dice", saved.name, "--resume", input="undo\n")
    assert "Resuming from first.txt: 4 entries played." in out.stderr
    assert "took back 5 6 (Lupe Ferreira initiative)" in out.stderr
    again = next(tmp_path.glob("boxing-entries-*.txt"))
    lines = [line for line in again.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    assert [line.split("#") for line in lines] == [["7 3          ", " Dutch Kessler initiative"]]


def test_a_sheet_edited_between_the_stop_and_the_resume_is_refused(tmp_path: Path) -> None:
    from turnbuckle.rulesets.registry import get_ruleset

    rs = get_ruleset("boxing")
    mine = tmp_path / "mine.yaml"
    mine.write_text(next(s.text for s in rs.samples() if s.id == "slugger"), encoding="utf-8")
    out = tb("match", "boxing", str(mine), "speedster", "--dice", "ask", input="7 3\n")
    saved = next(tmp_path.glob("boxing-entries-*.txt"))
    # resuming the untouched sheet plays on
    on = tb("match", "boxing", str(mine), "speedster", "--dice", saved.name, "--resume", input="")
    assert "Resuming from" in on.stderr, on.stderr
    mine.write_text(mine.read_text(encoding="utf-8").replace("power: 8", "power: 9").replace("speed: 3", "speed: 2"),
                    encoding="utf-8")
    out = tb("match", "boxing", str(mine), "speedster", "--dice", saved.name, "--resume", input="")
    assert out.exit_code == 2
    assert "side 1: the sheet changed since the entries were saved" in out.stderr, out.stderr


def test_undo_by_the_next_player_does_not_show_the_other_players_secret_card_and_move() -> None:
    from turnbuckle.cli.sides import resolve_side
    from turnbuckle.cli.table_play import Session, Stopped
    from turnbuckle.rulesets.registry import get_ruleset

    rs = get_ruleset("headlock")
    sides = [resolve_side(rs, s) for s in ("the-rhino", "amethyst-assassin")]
    typed = iter(["9H", "g7", "undo"])
    shown: list[str] = []

    def ask(prompt: str) -> str:
        shown.append(prompt)
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    session = Session(rs, sides, {}, {0: "human", 1: "human"}, ask, shown.append,
                      pause=lambda side: shown.append(f"PASS TO {side}"))
    with pytest.raises(Stopped):
        session.play()
    after = shown[shown.index("PASS TO The Amethyst Assassin") + 1:]
    undone = next(i for i, line in enumerate(after) if "took back" in line)
    assert after[undone].strip() == "took back The Rhino's last answer (not shown: The Rhino's secret)"
    # the device goes back to The Rhino before The Rhino's card and moves are shown again
    assert after[undone + 1] == "PASS TO The Rhino"
    assert not any("9H" in line or "Power bomb" in line for line in after[:undone + 1])


@pytest.mark.parametrize(("argv0", "on_path", "program"), [
    ("/opt/fed/.venv/bin/turnbuckle", None, "/opt/fed/.venv/bin/turnbuckle"),  # not on PATH: as invoked
    (".venv/bin/turnbuckle", "/usr/local/bin/turnbuckle", ".venv/bin/turnbuckle"),  # another one on PATH
    ("/usr/local/bin/turnbuckle", "/usr/local/bin/turnbuckle", "turnbuckle"),  # the one on PATH
    ("/x/turnbuckle/__main__.py", None, "{python} -m turnbuckle"),  # python -m turnbuckle
])
def test_the_resume_command_names_the_program_as_it_can_be_run_again(
        monkeypatch: pytest.MonkeyPatch, argv0: str, on_path: str | None, program: str) -> None:
    import shlex
    import sys

    from turnbuckle.cli import table_setup

    monkeypatch.setattr(sys, "argv", [argv0, "match"])
    monkeypatch.setattr("shutil.which", lambda name: on_path)
    monkeypatch.setattr("os.path.samefile", lambda a, b: a == b)
    command = table_setup.resume_command(["turnbuckle", "match", "boxing", "slugger", "speedster"], "x.txt")
    want = program.format(python=shlex.quote(sys.executable))
    assert command == f"{want} match boxing slugger speedster --dice x.txt --resume"


def test_the_answer_that_ends_the_match_can_be_taken_back() -> None:
    import json

    from tests.test_table_mode import answers, seeded

    record = seeded("boxing", ["slugger", "speedster"], {"rounds": 2})
    typed = answers(record)
    args = ["match", "boxing", "slugger", "speedster", "-o", "rounds=2", "-f", "json", "--dice", "ask"]
    out = tb(*args, input="\n".join([*typed, "undo", typed[-1], ""]) + "\n")
    assert out.exit_code == 0, out.stderr
    assert "The match is over: press Enter to finish, or type 'undo'" in out.stderr
    assert f"took back {typed[-1]}" in out.stderr
    assert json.loads(out.stdout)["events"] == record.to_json()["events"]
    # the end of input at that question finishes the match, as before
    assert tb(*args, input="\n".join(typed) + "\n").exit_code == 0
