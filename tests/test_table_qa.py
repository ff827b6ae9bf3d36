"""Table mode as a careless or hostile table uses it: a saved file whose setup line was edited into
something that is not a setup."""

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
