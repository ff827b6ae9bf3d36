"""Every non-interactive command shown in docs/cli.md and the game pages runs (issue 18.4).

Commands are taken from the pages' ``sh`` blocks, in order, and run in one folder per page (so a
file one command writes is there for the next). Not run: ``--dice ask`` (it prompts) and a line
marked ``# yours`` (it names a file of your own). ``odds`` plays at most 2,000 matches here."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).parents[2] / "docs"
PAGES = [DOCS / "cli.md", *sorted((DOCS / "games").glob("*.md"))]
BIN = str(Path(sys.executable).parent)
ODDS_CAP = 2000


def commands(page: Path) -> list[str]:
    out = []
    for block in re.findall(r"```(?:sh|bash|shell)\n(.*?)```", page.read_text(), re.S):
        for line in block.replace("\\\n", " ").splitlines():
            line = line.strip()
            if line.startswith("turnbuckle ") and "--dice ask" not in line and "# yours" not in line:
                out.append(_capped(line))
    return out


def _capped(line: str) -> str:
    if not line.startswith("turnbuckle odds") or "--exchange" in line:
        return line
    found = re.search(r"-n (\d+)", line)
    if found is None:
        return line.replace("turnbuckle odds", f"turnbuckle odds -n {ODDS_CAP}", 1)
    return line.replace(found.group(0), f"-n {min(int(found.group(1)), ODDS_CAP)}")


def test_the_pages_show_commands() -> None:
    assert len(commands(DOCS / "cli.md")) >= 10
    for page in PAGES[1:]:
        assert commands(page), page.name


@pytest.mark.slow  # runs every command the docs show
@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_command_on_the_page_runs(page: Path, tmp_path: Path) -> None:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    for line in commands(page):
        done = subprocess.run(line, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, f"{page.name}: `{line}` exit {done.returncode}: {done.stderr[-500:]}"
        assert "Traceback" not in done.stderr


@pytest.mark.parametrize("page", PAGES[1:], ids=lambda p: p.name)
def test_game_pages_stand_alone(page: Path) -> None:
    """No pointer to a rulebook file the repository does not have."""
    assert not re.search(r"rules/[\w.-]+\.txt", page.read_text()), page.name
