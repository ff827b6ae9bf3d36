"""Markdown as a common renderer turns it into HTML (markdown-it, CommonMark with raw HTML let
through, tables and strikethrough on), read back as its tags and its text: what the tests of the
exports and the results post check a member's words against."""

from __future__ import annotations

from html.parser import HTMLParser

from markdown_it import MarkdownIt


class RenderedPage(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def rendered(markdown: str) -> RenderedPage:
    page = RenderedPage()
    page.feed(MarkdownIt("commonmark", {"html": True}).enable("table").enable("strikethrough").render(markdown))
    return page
