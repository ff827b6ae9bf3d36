"""The results post under hostile words, found in a quality pass: a name that begins with block
markup in a list item (Markdown), and a member's long paragraph cut for Discord's messages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from turnbuckle.league.errors import LeagueError
from turnbuckle.league.post import discord, markdown
from turnbuckle.league.post.doc import Items, Post, Quote, Strong, Text
from turnbuckle.league.post.links import base_links

from .markdown_support import rendered

#: What Discord's Markdown reads at the start of a line: a heading, subtext, list, quote or numbered item.
BLOCK_START = re.compile(r"^\s*(#|-|\+|>|\d+\.)")


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


def test_discord_starts_no_block_where_a_long_paragraph_is_cut() -> None:
    long = ("Word " * 420 + "end. # HEADING and more. - list here. > quote here. + plus here. 1. numbered. "
            + "x" * 30)
    post = Post("t", ((Quote((long, "W" * 2500, "Hello " * 500)),),))
    messages = discord.render(post)
    assert all(0 < len(m) <= discord.LIMIT for m in messages)
    for m in messages:
        for line in m.split("\n"):
            if not line.startswith("> "):  # a line of our own quote: its words follow the marker
                assert not BLOCK_START.match(line), line[:60]
    said = [w.replace("\\", "") for m in messages for w in m.split()]
    meant = " ".join((long, "W" * 2500, "Hello " * 500)).split()
    def walls(words: list[str]) -> str:
        return "".join(w for w in words if set(w) == {"W"})

    assert walls(said) == "W" * 2500  # a word longer than a message is cut, nothing lost
    assert [w for w in said if w != ">" and set(w) != {"W"}] == [w for w in meant if w != ">" and set(w) != {"W"}]


def test_discord_cuts_a_sentence_too_long_for_a_message_between_words() -> None:
    sentence = " ".join(["Wordy"] * 800)  # 4,799 characters, no full stop
    out = discord.pieces(sentence, 2000)
    assert len(out) == 3 and all(len(p) <= 2000 for p in out)
    assert [w for p in out for w in p.split()] == sentence.split()  # no word cut in two


def test_discord_never_cuts_an_escape_from_what_it_escapes() -> None:
    text = discord.esc("*" * 3000)  # every star escaped: "\*" 3,000 times, 6,000 characters
    out = discord.pieces(text, 1999)  # an odd limit: a plain cut would fall between "\\" and "*"
    assert all(len(p) <= 1999 for p in out)
    for p in out:
        assert re.fullmatch(r"(\\\*)+", p), p[:10] + "..." + p[-10:]


def test_discord_strong_names_keep_their_markup_out() -> None:
    post = Post("t", ((Items(((Strong("Match 1"), Text(" # not a heading")),)),),))
    assert discord.render(post) == ["- **Match 1** # not a heading"]


@pytest.mark.parametrize("url", ["https://fed.example/x\n-y", "https://fed.example/x\ty", "https://fed.example/\rx",
                                 "https://fed.example/x\x00", "https://fed.example/x\u2028y",
                                 "https://user:pass@fed.example", "https://@fed.example", "https://fed.example:port",
                                 "javascript:alert(1)", 'http://x/"onmouseover=alert(1)'])
def test_a_base_url_that_would_break_or_leak_in_a_link_is_refused(url: str) -> None:
    with pytest.raises(LeagueError, match="is not an address like"):
        base_links(url)


def test_a_plain_base_url_is_taken() -> None:
    assert base_links(" https://fed.example:8443/league/ ").show(3) == "https://fed.example:8443/league/shows/3"


def test_a_show_not_published_is_named_in_plain_words(tmp_path: Path) -> None:
    from turnbuckle.league.db import make_engine, session_scope
    from turnbuckle.league.models import Show
    from turnbuckle.league.queries_posts import results_post

    from .post_league import copy_post_league

    engine = make_engine(copy_post_league(tmp_path))
    try:
        for status, said in (("run", "show 3 has run but is not published yet;"), ("draft", "show 3 is a draft;"),
                             ("locked", "show 3 is locked;"), ("open", "show 3 is open;")):
            with session_scope(engine) as session:
                show = session.query(Show).filter(Show.number == 3).one()
                show.status = status
                session.flush()
                with pytest.raises(LeagueError, match=re.escape(said)):
                    results_post(session, "3", "text")
                session.rollback()
    finally:
        engine.dispose()


def test_a_folkstyle_pin_in_the_first_period_still_gets_three_sentences() -> None:
    import json

    from typer.testing import CliRunner

    from turnbuckle.cli.app import app
    from turnbuckle.league.post.writeups import short_account

    done = CliRunner().invoke(app, ["match", "folkstyle", "cal-okafor", "tess-varga", "--seed", "1", "-f", "json"])
    record = json.loads(done.output)
    assert record["result"]["method"] == "pin" and record["result"]["period"] == 1  # over before period 1 ends
    told = short_account(record)
    assert 3 <= len(told) <= 6, told
    assert told[1] == "It was over 3 turns into period 1." and told[-1] == record["result"]["summary"]


@pytest.mark.parametrize(("result", "line"), [
    ({"winner": None, "method": "round-limit", "round": 2, "drawn": ["A", "B"]},
     "A and B fight to a draw (round limit) in round 2"),
    ({"winner": None, "method": "stalemate", "round": 9, "drawn": ["B", "C"]},
     "B and C fight to a draw (stalemate) in round 9"),
    ({"winner": None, "method": "double count-out", "round": 8},
     "No winner between A, B and C: double count out in round 8"),
])
def test_a_deathmatch_stopped_without_a_winner_reads_as_the_draw_it_is(result: dict[str, object], line: str) -> None:
    from turnbuckle.league.post.card import headline

    assert headline(("A", "B", "C"), result) == line


def test_a_deathmatch_with_nobody_eliminated_still_gets_three_sentences() -> None:
    import json

    from typer.testing import CliRunner

    from turnbuckle.cli.app import app
    from turnbuckle.league.post.writeups import short_account

    done = CliRunner().invoke(app, ["match", "deathmatch", "gutter-imp", "bone-knight", "--seed", "2",
                                    "--option", "max_rounds=2", "-f", "json"])
    record = json.loads(done.output)
    assert record["result"]["method"] == "round-limit"
    told = short_account(record)
    assert 3 <= len(told) <= 6 and "No player was eliminated." in told, told


def test_a_markdown_heading_keeps_a_name_that_ends_in_hashes() -> None:
    from turnbuckle.league.post.doc import Heading

    post = Post("t", ((Heading("Match 1: Ann vs Foo #", 3), Heading("Show 4: We're #1 ##", 1)),))
    text = "".join(rendered(markdown.render(post)[0]).text)
    assert "Match 1: Ann vs Foo #" in text and "Show 4: We're #1 ##" in text


@pytest.mark.parametrize(("names", "result", "line"), [
    (("Ann", "Rhino", "Velvet", "Rosa"), {"winner": "Rosa", "method": "pinfall", "turn": 14, "teams": [1, 1, 2, 2]},
     "Velvet & Rosa def. Ann & Rhino by pinfall on turn 14"),
    (("Ann", "Rhino", "Velvet", "Rosa"), {"winner": "Ann", "method": "submission", "turn": 9, "teams": [1, 2, 1, 2]},
     "Ann & Velvet def. Rhino & Rosa by submission on turn 9"),
    (("Ann", "Rhino", "Velvet", "Rosa"), {"winner": None, "method": "draw", "turn": 60, "teams": [1, 1, 2, 2]},
     "Ann & Rhino and Velvet & Rosa fight to a draw on turn 60"),
    (("A", "B", "C"), {"winner": "C", "method": "last-standing", "round": 12, "teams": [1, 2, 3]},
     "C def. A and B as the last one standing in round 12"),
])
def test_a_tag_match_line_puts_partners_together(names: tuple[str, ...], result: dict[str, object], line: str) -> None:
    from turnbuckle.league.post.card import headline

    assert headline(names, result) == line


def test_a_headlock_tag_match_write_up_names_the_teams() -> None:
    import json

    from typer.testing import CliRunner

    from turnbuckle.cli.app import app
    from turnbuckle.league.post.writeups import short_account

    done = CliRunner().invoke(app, ["match", "headlock", "amethyst-assassin", "the-rhino", "velvet-hammer",
                                    "wildcat-rosa", "--seed", "3", "-f", "json"])
    record = json.loads(done.output)
    assert record["result"]["teams"] == [1, 1, 2, 2]
    first = short_account(record)[0]
    assert first.startswith("The Amethyst Assassin & The Rhino and Velvet Hammer & Wildcat Rosa went "), first


def test_c1_control_characters_are_removed_like_the_others() -> None:
    from turnbuckle.league.post import FORMATS, renderer
    from turnbuckle.league.post.doc import para

    post = Post("t", ((para("red\x9b31m alert\x1b[2J done\x90x\x9c"),),))
    for fmt in FORMATS:
        out = "".join(renderer(fmt)(post))
        assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", out), (fmt, out)


def test_only_the_titles_own_notes_leave_the_write_up() -> None:
    from turnbuckle.league.post.card import shown_notes

    notes = ["Iron Ivan sent no strategy; the automatic player wrestled", "Brother Bob wins the Iron",
             "Brother Bob retains the Iron", "the Iron does not change hands on a dq"]
    assert shown_notes(notes, "Iron") == (notes[0],)  # a short title's name inside a note keeps the note
    assert shown_notes(notes, None) == tuple(notes)


def test_a_note_that_holds_a_short_titles_name_is_kept(tmp_path: Path) -> None:
    from turnbuckle.league.context import context
    from turnbuckle.league.db import make_engine, session_scope
    from turnbuckle.league.models import CardMatch, Result, Show, Title
    from turnbuckle.league.post.links import Links
    from turnbuckle.league.queries_posts import results_card

    from .post_league import copy_post_league

    engine = make_engine(copy_post_league(tmp_path))
    try:
        with session_scope(engine) as session:
            show = session.query(Show).filter(Show.number == 1).one()
            match = session.query(CardMatch).filter(CardMatch.show_id == show.id, CardMatch.position == 1).one()
            title = session.get_one(Title, match.title_id)
            title.name = "Iron"
            result = session.query(Result).filter(Result.match_id == match.id).one()
            winner = result.record["result"]["winner"]
            result.notes = ["Iron Ivan sent no strategy; the automatic player wrestled", f"{winner} wins the Iron"]
            session.flush()
            line = results_card(context(session), "1", Links()).matches[0]
            assert line.notes == ("Iron Ivan sent no strategy; the automatic player wrestled",)
            assert line.extras[0].startswith("wins the Iron")
    finally:
        engine.dispose()


def test_discord_leaves_out_a_line_that_is_only_a_link_it_cannot_make() -> None:
    from turnbuckle.league.post.doc import Link, para

    def post(href: str) -> Post:
        return Post("t", ((para("A won."), para(Link("The full ringside call", href))),))

    assert discord.render(post("/shows/1/matches/1")) == ["A won."]  # a relative link means nothing in a chat
    assert discord.render(post("https://fed.example/shows/1/matches/1")) == [
        "A won.\n[The full ringside call](<https://fed.example/shows/1/matches/1>)"]


@pytest.mark.parametrize("text", ["join discord.gg/raid now", "DISCORD.GG/raid", "discord.com/invite/raid",
                                  "discordapp.com/invite/raid"])
def test_a_bare_discord_invite_is_broken_like_an_address(text: str) -> None:
    from turnbuckle.league.post.escape import DOT_LEADER, defang

    out = defang(text)
    assert not re.search(r"(?i)discord(app)?\.(gg|com)", out) and out.replace(DOT_LEADER, ".") == text


def test_discord_pieces_end_even_for_a_tiny_limit() -> None:
    assert discord.pieces(discord.esc("**"), 1) == ["\\", "*", "\\", "*"]  # a cut at 0 made no progress: a hang


def test_boxing_knockdowns_in_two_rounds_read_rounds() -> None:
    import json

    from typer.testing import CliRunner

    from turnbuckle.cli.app import app
    from turnbuckle.league.post.writeups import short_account

    done = CliRunner().invoke(app, ["match", "boxing", "slugger", "speedster", "--seed", "12", "-f", "json"])
    told = short_account(json.loads(done.output))
    assert "Dutch Kessler went down twice (rounds 3 and 4), and beat the count once." in told, told


def test_a_base_url_on_an_ipv6_address_is_taken() -> None:
    """The web's feed passes the server's own address, bracketed where it listens on IPv6."""
    assert base_links("http://[::1]:8000/league").show(1) == "http://[::1]:8000/league/shows/1"
    for bad in ("http://[::1]]:8000", "http://[x]/", "http://[::1]/a[b]"):
        with pytest.raises(LeagueError, match="is not an address like"):
            base_links(bad)
