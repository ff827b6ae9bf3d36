"""Every decision record under docs/decisions/ is listed in the index (docs/decisions.md) and has the
record's three parts, so a decision added later is found and shaped like the others.

A record file holds one record: ``# Title``, then ``## Context``, ``## Decision`` and
``## Consequences`` in that order, none empty. A game's file (and the odds layer's) holds several:
each ``## `` heading is a record whose text gives **Context:**, **Decision:** and **Consequences:**
in that order; the index links each of them by its anchor."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INDEX = ROOT / "docs" / "decisions.md"
FOLDER = ROOT / "docs" / "decisions"
PARTS = ("Context", "Decision", "Consequences")
LINK = re.compile(r"\]\(decisions/([^)#]+\.md)(?:#([^)]+))?\)")


def _links() -> set[tuple[str, str]]:
    return {(m.group(1), m.group(2) or "") for m in LINK.finditer(INDEX.read_text(encoding="utf-8"))}


def _anchor(title: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def _sections(text: str, level: str) -> list[tuple[str, str]]:
    """(heading, body) of each heading of exactly ``level`` (``##`` or ``###``)."""
    found = re.split(rf"^{level} (.+)$", text, flags=re.M)
    return [(found[i].strip(), found[i + 1]) for i in range(1, len(found), 2)]


def problems(path: Path) -> list[str]:
    """What is wrong with one file's record or records (nothing when it is well formed)."""
    text = path.read_text(encoding="utf-8")
    name = path.name
    if not text.startswith("# "):
        return [f"{name}: starts with '# Title'"]
    heads = [h for h, _ in _sections(text, "##")]
    if heads[:1] == ["Context"] or set(PARTS) & set(heads):  # one record
        if heads != list(PARTS):
            return [f"{name}: has ## {', ## '.join(heads)}; a record has ## Context, ## Decision, ## Consequences"]
        return [f"{name}: ## {h} is empty" for h, body in _sections(text, "##") if not body.strip()]
    found = []
    if not heads:
        found.append(f"{name}: neither a record (## Context...) nor a file of records (## Title each)")
    for head, body in _sections(text, "##"):
        at = [body.find(f"**{p}:**") for p in PARTS]
        if -1 in at or at != sorted(at):
            found.append(f"{name}: '{head}' needs **Context:**, **Decision:**, **Consequences:** in that order")
        elif any(not chunk.strip() for chunk in re.split(r"\*\*(?:Context|Decision|Consequences):\*\*", body)[1:]):
            found.append(f"{name}: '{head}' has an empty part")
    return found


def test_every_record_file_is_in_the_index() -> None:
    listed = {f for f, _ in _links()}
    missing = sorted(p.name for p in FOLDER.glob("*.md") if p.name not in listed)
    assert not missing, f"add a line for each to docs/decisions.md: {missing}"


def test_every_link_in_the_index_reaches_a_record() -> None:
    broken = []
    for name, anchor in sorted(_links()):
        path = FOLDER / name
        if not path.exists():
            broken.append(name)
        elif anchor and anchor not in {_anchor(h) for h, _ in _sections(path.read_text(encoding="utf-8"), "##")}:
            broken.append(f"{name}#{anchor}")
    assert not broken, broken


def test_every_record_of_a_file_of_records_is_in_the_index() -> None:
    linked = _links()
    missing = []
    for path in sorted(FOLDER.glob("*.md")):
        heads = [h for h, _ in _sections(path.read_text(encoding="utf-8"), "##")]
        if heads and heads[0] != "Context":
            missing += [f"{path.name}#{_anchor(h)}" for h in heads if (path.name, _anchor(h)) not in linked]
    assert not missing, missing


def test_every_record_has_context_decision_and_consequences() -> None:
    found = [p for path in sorted(FOLDER.glob("*.md")) for p in problems(path)]
    assert not found, found


def test_a_record_missing_a_part_or_out_of_order_is_caught(tmp_path: Path) -> None:
    single = tmp_path / "x.md"
    single.write_text("# X\n\n## Context\n\nwhy\n\n## Consequences\n\nthen\n\n## Decision\n\nwhat\n")
    assert problems(single)
    single.write_text("# X\n\n## Context\n\nwhy\n\n## Decision\n\n\n## Consequences\n\nthen\n")
    assert problems(single) == ["x.md: ## Decision is empty"]
    single.write_text("# X\n\n## Context\n\nwhy\n\n## Decision\n\nwhat\n\n## Consequences\n\nthen\n")
    assert problems(single) == []
    many = tmp_path / "game.md"
    many.write_text("# Game\n\n## A ruling\n**Context:** gap **Decision:** this **Consequences:** that\n\n"
                    "## Another\n**Decision:** this **Context:** gap **Consequences:** that\n")
    assert problems(many) == ["game.md: 'Another' needs **Context:**, **Decision:**, **Consequences:** in that order"]
