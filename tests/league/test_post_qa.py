"""The results post under hostile words, found in a quality pass: a name that begins with block
markup in a list item (Markdown), and a member's long paragraph cut for Discord's messages."""

from __future__ import annotations

from turnbuckle.league.post import markdown
from turnbuckle.league.post.doc import Items, Post, Text

from .markdown_support import rendered


def test_a_markdown_list_item_that_begins_with_block_markup_is_text() -> None:
    notes = ("# Hacked sent no strategy; the automatic player wrestled", "- Listy sent no strategy",
             "> Quoter sent no strategy", "1. Numbered sent no strategy", "+ Plus sent no strategy",
             "=== setext")
    post = Post("t", ((Items(tuple((Text(n),) for n in notes)),),))
    page = rendered(markdown.render(post)[0])
    tags = [t for t, _ in page.tags]
    assert tags.count("ul") == 1 and tags.count("li") == len(notes)
    assert not {"h1", "h2", "ol", "blockquote"} & set(tags), tags
    text = "".join(page.text)
    assert all(n in text for n in notes)
