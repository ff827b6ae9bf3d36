"""Docs say what is true now, and the code's comments what the code does: neither cites the issue a
change came from (history is the changelog's and git's). Scans docs/, the README and every comment
and docstring under src/."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r"[Ii]ssues? #?\d+")


def _comments_and_docstrings(path: Path) -> list[tuple[int, str]]:
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if tok.type == tokenize.COMMENT or (tok.type == tokenize.STRING and tok.string.lstrip("rbuRBU").startswith(
                ('"""', "'''"))):
            found.append((tok.start[0], tok.string))
    return found


def test_no_doc_cites_an_issue_number() -> None:
    hits = [f"{p.relative_to(ROOT)}:{n}: {line.strip()[:80]}"
            for p in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1) if CITED.search(line)]
    assert not hits, hits


def test_no_comment_in_the_code_cites_an_issue_number() -> None:
    hits = []
    for path in sorted((ROOT / "src").rglob("*")):
        if path.suffix == ".py":
            hits += [f"{path.relative_to(ROOT)}:{n}" for n, text in _comments_and_docstrings(path)
                     if CITED.search(text)]
        elif path.suffix in (".css", ".js", ".html") and CITED.search(path.read_text(encoding="utf-8")):
            hits.append(str(path.relative_to(ROOT)))
    assert not hits, hits
