"""The organiser's intro is their own Markdown in every format (emphasis, links, lists, quotes),
and nothing more: a ``javascript:``, ``data:`` or relative link is its words alone, raw HTML is
text, and mentions and bare addresses stay broken as in a member's words."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tests.league.markdown_support import rendered
from turnbuckle.league.post import FORMATS, renderer
from turnbuckle.league.post.doc import Intro, Post
from turnbuckle.league.post.intro import parse, safe_href

GOOD = ("**Night One** was *loud*, see [the card](https://fed.example/card) or [mail us](mailto:boss@fed.example).\n\n"
        "- first\n- **second**\n\n> they said it\n\n1. one\n2. two\n")
EVIL = ("[js](javascript:alert(1)) [JS](JaVaScRiPt:alert(2)) [data](data:text/html,<b>x</b>) [vb](vbscript:x) "
        "[rel](/organiser) [ent](javascript&#58;alert(3)) <javascript:alert(4)> [ref][r]\n\n"
        "[r]: javascript:alert(5)\n\n"
        '<img src=x onerror="alert(6)"> <a href="javascript:alert(7)">a</a> <script>alert(8)</script>\n\n'
        "<div onclick=\"alert(9)\">block html</div>\n\n"
        "@everyone www.evil.example https://bare.example discord.gg/abc ![img](https://fed.example/i.png)")
ALLOWED = {"https://fed.example/card", "mailto:boss@fed.example"}


def _post(text: str) -> Post:
    return Post("t", ((Intro(parse(text)),),))


def _each(text: str) -> dict[str, str]:
    return {fmt: "\n".join(renderer(fmt)(_post(text))) for fmt in FORMATS}


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def _html_tags(html: str) -> list[tuple[str, dict[str, str | None]]]:
    p = _Tags()
    p.feed(html)
    return p.tags


def test_the_organisers_markdown_renders_in_every_format() -> None:
    out = _each(GOOD)
    assert "**Night One** was *loud*" in out["markdown"] and "**Night One** was *loud*" in out["discord"]
    assert "[the card](https://fed.example/card)" in out["markdown"]
    assert "[the card](<https://fed.example/card>)" in out["discord"]
    assert "> - first" in out["markdown"] and "> > they said it" in out["markdown"] and "> 2. two" in out["markdown"]
    assert "[b]Night One[/b] was [i]loud[/i]" in out["bbcode"]
    assert "[url=https://fed.example/card]the card[/url]" in out["bbcode"] and "[list][*]first" in out["bbcode"]
    assert "<strong>Night One</strong> was <em>loud</em>" in out["html"]
    assert "<ul><li>first</li>" in out["html"] and "<blockquote><p>they said it</p></blockquote>" in out["html"]
    assert "Night One was loud" in out["text"] and "the card <https://fed.example/card>" in out["text"]
    assert "  - first" in out["text"] and "  > they said it" in out["text"]
    for fmt, text in out.items():
        assert "**Night" not in text or fmt in ("markdown", "discord"), fmt  # no asterisks shown as such
    page = rendered(out["markdown"])
    tags = {t for t, _ in page.tags}
    assert {"strong", "em", "a", "ul", "ol", "li", "blockquote"} <= tags


@pytest.mark.parametrize("fmt", FORMATS)
def test_only_http_https_and_mailto_links_and_no_raw_html(fmt: str) -> None:
    text = "\n".join(renderer(fmt)(_post(GOOD + "\n\n" + EVIL)))
    assert "@everyone" not in text and "www.evil" not in text and "https://bare" not in text
    assert not re.search(r"discord\.gg", text)
    if fmt == "html":
        tags = _html_tags(text)
        assert {t for t, _ in tags} <= {"blockquote", "p", "strong", "em", "a", "ul", "ol", "li", "code"}
        assert {a["href"] for t, a in tags if t == "a"} == ALLOWED
        assert all(set(a) <= {"href", "rel", "class", "start"} for _t, a in tags)
    elif fmt in ("markdown", "discord"):
        page = rendered(text)  # through a renderer that lets raw HTML through
        assert {t for t, _ in page.tags} <= {"blockquote", "p", "strong", "em", "a", "ul", "ol", "li", "code"}
        hrefs = {a.get("href") for t, a in ((t, dict(a)) for t, a in page.tags) if t == "a"}
        assert hrefs <= ALLOWED and "https://fed.example/card" in hrefs
        assert "script" not in {t for t, _ in page.tags}
    elif fmt == "bbcode":
        assert set(re.findall(r"\[url=([^\]]*)\]", text)) == ALLOWED
        assert "[img" not in text
    else:  # plain text has no links: each is written out after its words, the rest are words
        assert "the card <https://fed.example/card>" in text and "js <" not in text


def test_links_are_kept_only_for_safe_schemes() -> None:
    assert safe_href("https://fed.example") and safe_href("http://fed.example") and safe_href("mailto:a@b.example")
    for bad in ("javascript:alert(1)", "JAVASCRIPT:x", "data:text/html,x", "vbscript:x", "/organiser", "//evil.example",
                "https:evil", "file:///etc/passwd", "https://a.example/\nx", "ftp://a.example"):
        assert safe_href(bad) == "", bad
    links = [r.href for b in parse(EVIL) for r in getattr(b, "runs", ()) if r.href]
    assert links == []
