"""The page's engine in CPython with pydantic, pydantic_core and PyYAML refused, loaded from the
page's zip alone: seeded matches of every game give the server's records byte for byte."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.page.cases import GAMES, cases
from turnbuckle.page.bundle import page_zip

HERE = Path(__file__).parent


def test_the_page_zip_plays_every_game_without_pydantic_or_yaml(tmp_path: Path) -> None:
    played = [case for game in GAMES for case in cases(game, 4)]
    (tmp_path / "page.zip").write_bytes(page_zip())
    (tmp_path / "requests.json").write_text(json.dumps([r for r, _ in played]), encoding="utf-8")
    run = subprocess.run([sys.executable, "-I", str(HERE / "play_plain.py"), str(tmp_path / "page.zip"),
                          str(tmp_path / "requests.json")], capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout)
    assert out["loaded"] == []
    assert out["sides_back"] == 0, "a plain sheet's JSON differs from the server's"
    assert out["from"].startswith(str(tmp_path / "page.zip"))
    assert out["answers"] == [text for _, text in played]


def test_a_bad_request_is_a_typed_answer_that_says_what_to_fix() -> None:
    from turnbuckle.page import keeper_step

    assert json.loads(keeper_step("[1]"))["error"]["kind"] == "request"
    request, _ = cases("boxing", 1)[0]
    data = json.loads(request)
    data["entries"] = ["13"]
    answer = json.loads(keeper_step(json.dumps(data)))
    assert answer["ok"] is False
    assert answer["error"]["kind"] == "entry" and answer["error"]["index"] == 1
    data["entries"] = []
    answer = json.loads(keeper_step(json.dumps(data)))
    assert answer["ok"] and answer["step"]["need"]["kind"] == "roll" and answer["record_text"] is None
