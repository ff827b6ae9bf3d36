"""The results post where it is pasted: Discord's split keeps a heading with what follows it and a
quoted line's pieces quoted; a member's invite or address stays dead through a linkifying renderer
(markdown-it with linkify-it-py, as many forums and chat bridges render); the Markdown export is
neutralised as the post is."""

from __future__ import annotations

import pytest
from markdown_it import MarkdownIt

from tests.league.markdown_support import RenderedPage
from tests.league.test_old_exports import old_export
from turnbuckle.league.export import export_markdown
from turnbuckle.league.post import FORMATS, discord, renderer
from turnbuckle.league.post.doc import Heading, Intro, Items, Post, Text, para
from turnbuckle.league.post.intro import parse

MEMBER = "join discord.gg/raid or discord.com/invite/raid, see www.evil.com and https://evil.com/a @everyone"


def _linkified(markdown: str) -> RenderedPage:
    page = RenderedPage()
    page.feed(MarkdownIt("commonmark", {"html": True, "linkify": True}).enable("linkify").render(markdown))
    return page


def _links(markdown: str) -> list[str]:
    return [dict(attrs).get("href") or "" for tag, attrs in _linkified(markdown).tags if tag == "a"]


def test_linkify_is_real_and_would_link_the_old_neutraliser() -> None:
    """The check below means something: linkify links a zero-width-space "neutralised" invite."""
    assert _links("discord\u200b.gg/raid") and _links("www\u200b.evil.com")


@pytest.mark.parametrize("fmt", ["markdown", "discord"])
def test_a_members_invite_or_address_is_no_link_even_through_linkify(fmt: str) -> None:
    post = Post("t", ((Heading("Match 1"), para(MEMBER), Items(((Text(MEMBER),),))),))
    text = "\n".join(renderer(fmt)(post))
    assert _links(text) == [], text
    shown = "".join(_linkified(text).text).replace("\u200b", "").replace("\u2024", ".")
    assert MEMBER in shown  # the words read the same


def test_a_heading_is_never_left_alone_at_a_messages_end() -> None:
    title = Heading("The Fed \u2014 Show 1", 1)
    intro = Intro(parse("A night to remember. " * 70))  # about 1,470 characters
    card = Items(tuple((Text(f"Match {i}: A def. B by pinfall in round {i}, a long line of results " * 3),)
                       for i in range(1, 6)))  # about 1,000 characters
    post = Post("t", ((title, intro, Heading("Results", 2)), (card,)))
    messages = discord.render(post)
    assert len(messages) >= 2 and all(len(m) <= discord.LIMIT for m in messages)
    assert not any(m.rstrip().endswith("**Results**") for m in messages), [m[-40:] for m in messages]
    assert any(m.startswith("**Results**\n- ") for m in messages)


def test_every_line_of_a_long_quoted_intro_keeps_its_quote_mark() -> None:
    sentences = " ".join(f"Sentence {i} of a very long intro by the organiser." for i in range(120))  # ~6,000
    post = Post("t", ((Heading("T", 1), Intro(parse(sentences + "\n\nA second paragraph."))), (para("after"),)))
    messages = discord.render(post)
    assert len(messages) >= 3
    quoted = [line for m in messages for line in m.split("\n") if "Sentence" in line or "second paragraph" in line]
    assert quoted and all(line.startswith("> ") for line in quoted), [q[:30] for q in quoted if q[:2] != "> "]
    words = " ".join(line[2:] for line in quoted).split()
    assert words == (sentences + " A second paragraph.").split()  # nothing lost or doubled at a cut


def test_the_markdown_export_leaves_no_mention_or_member_link_live() -> None:
    data = old_export()
    data["competitors"][0]["name"] = MEMBER
    for s in data["shows"]:
        for m in s["matches"]:
            for side in m["sides"]:
                if side["competitor"] == data["competitors"][0]["uid"]:
                    side["name"] = MEMBER
            m["notes"] = [f"{MEMBER} <@123456> <!channel>"]
    markdown = export_markdown(data)
    assert MEMBER.split()[0] in markdown
    assert "@everyone" not in markdown and "<@1" not in markdown and "<!channel>" not in markdown
    assert _links(markdown) == []


def test_every_format_still_renders() -> None:
    post = Post("t", ((Heading("T", 1), Intro(parse("**a** [b](https://x.example)"))),))
    for fmt in FORMATS:
        assert renderer(fmt)(post)
