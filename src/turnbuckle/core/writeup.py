"""A write-up is a list of blocks (headings, lines, tables) that renderers turn into text or Markdown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 2


@dataclass(frozen=True)
class Line:
    text: str


@dataclass(frozen=True)
class Table:
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    title: str = ""


Block = Heading | Line | Table


@dataclass
class Writeup:
    """What a ruleset's narrator produces from a match record."""

    title: str
    blocks: list[Block] = field(default_factory=list)

    def heading(self, text: str, level: int = 2) -> None:
        self.blocks.append(Heading(text, level))

    def line(self, text: str) -> None:
        self.blocks.append(Line(text))

    def table(self, headers: Sequence[str], rows: Sequence[Sequence[object]], title: str = "") -> None:
        self.blocks.append(
            Table(tuple(headers), tuple(tuple(str(c) for c in row) for row in rows), title)
        )


def result_last(writeup: Writeup, heading: str = "Result") -> Writeup:
    """The same write-up with its result section (the ``heading`` and the lines under it) moved to
    the end, so that a long play-by-play and its tables end with the short result block."""
    blocks = list(writeup.blocks)
    start = next((i for i, b in enumerate(blocks) if isinstance(b, Heading) and b.text == heading), None)
    if start is None:
        return writeup
    end = start + 1
    while end < len(blocks) and isinstance(blocks[end], Line):
        end += 1
    section = blocks[start:end]
    return Writeup(writeup.title, blocks[:start] + blocks[end:] + section)
