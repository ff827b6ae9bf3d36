"""The results post and the card announcement (turnbuckle.league.post): golden files of the
fixed-seed demo league in every format (an injection attempt in the strategy notes and the
organiser's intro), what each format does to that attempt, the typed errors, Discord's split."""

from __future__ import annotations

import json
import os
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from turnbuckle.core.record_json import record_from_json
from turnbuckle.league.assembly import assemble
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.errors import LeagueError, NotFound
from turnbuckle.league.post import FORMATS
from turnbuckle.league.post.discord import LIMIT, pieces
from turnbuckle.league.queries_posts import announcement, results_post
from turnbuckle.league.services import shows

from .markdown_support import rendered
from .post_league import INJECTION, copy_post_league, post_league_file

GOLDEN = Path(__file__).parent / "golden" / "post"
UPDATE = os.environ.get("TURNBUCKLE_UPDATE_GOLDEN") == "1"
BASE = "https://fed.example/league"
SUFFIX = {"markdown": "md", "bbcode": "bbcode", "discord": "json", "html": "html", "text": "txt"}


def _posts() -> dict[str, list[str]]:
    engine = make_engine(f"sqlite:///{post_league_file()}")
    out = {}
    try:
        with session_scope(engine) as session:
            for fmt in FORMATS:
                out[f"show-1.{SUFFIX[fmt]}"] = results_post(session, "1", fmt, base_url=BASE)
                out[f"show-2.{SUFFIX[fmt]}"] = results_post(session, "2", fmt)
                out[f"announce-3.{SUFFIX[fmt]}"] = announcement(session, "3", fmt, base_url=BASE)
    finally:
        engine.dispose()
    return out


@pytest.fixture(scope="module")
def posts() -> dict[str, list[str]]:
    return _posts()


def _as_file(name: str, messages: list[str]) -> str:
    if name.endswith(".json"):
        return json.dumps(messages, indent=1, ensure_ascii=False) + "\n"
    assert len(messages) == 1
    return messages[0]


def test_goldens(posts: dict[str, list[str]]) -> None:
    if UPDATE:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        for name, messages in posts.items():
            (GOLDEN / name).write_text(_as_file(name, messages), encoding="utf-8")
    stale = [name for name, messages in posts.items()
             if (GOLDEN / name).read_text(encoding="utf-8") != _as_file(name, messages)]
    assert not stale, f"these posts differ from their goldens (TURNBUCKLE_UPDATE_GOLDEN=1 rewrites them): {stale}"
    assert sorted(p.name for p in GOLDEN.iterdir()) == sorted(posts)


def test_post_reads_intro_card_accounts_then_seeds(posts: dict[str, list[str]]) -> None:
    text = posts["show-1.txt"][0]
    order = [text.index(x) for x in ("What a night at Monday Mayhem!", "Results", " def. ", "Match 1:",
                                     "Seeds and hashes", "Show seed:")]
    assert order == sorted(order)
    assert f"<{BASE}/shows/1/matches/1>" in text and f"<{BASE}/shows/1/export.json>" in text
    assert "</shows/2/matches/3>" in posts["show-2.txt"][0]  # no base: links from the site's root
    md = posts["show-1.md"][0]
    assert md.count(f"]({BASE}/shows/1/matches/") == 2 * 5  # each line and each account link to the call


def _members_part(text: str) -> str:
    """A post less its title and the organiser's intro (which comes before "Results"): the members' words."""
    return text[text.index("Results"):]


def test_every_format_neutralises_the_injection(posts: dict[str, list[str]]) -> None:
    """The members' notes are text in every format; the organiser's intro is their own Markdown
    (its emphasis and https link work), yet its raw HTML, BBCode and mentions stay text there too."""
    for name, messages in posts.items():
        if name.startswith("announce"):
            continue
        whole = "\n".join(messages)
        members = _members_part(whole)
        assert "everyone" in members and "evil" in members, f"{name}: the attempt is shown, as text"
        assert not re.search(r"@(everyone|here)\b", whole), name
        assert not re.search(r"<@\d", whole) and "<!channel>" not in whole, name
        assert "https://evil" not in members and "www.evil" not in whole, name
    md = _members_part(posts["show-1.md"][0]) + _members_part(posts["show-2.md"][0])
    assert "<script" not in md and "**bold**" not in md and "[x](" not in md
    assert "\n# not a heading" not in md and "\n> not a quote" not in md
    intro = posts["show-1.md"][0][:posts["show-1.md"][0].index("Results")]
    assert "<script" not in intro and "**bold**" in intro and "[x](https://evil.example/a)" in intro
    assert "> **not a heading**" in intro and "> > not a quote either" in intro
    bb = posts["show-1.bbcode"][0] + posts["show-2.bbcode"][0]
    assert "[b]bb[/b]" not in bb and "[b\u200b]" not in bb and "[\u200bb]bb[\u200b/b]" in bb
    assert "[b]bold[/b]" in bb and "[url=https://evil.example/a]x[/url]" in bb
    html = posts["show-1.html"][0] + posts["show-2.html"][0]
    assert "<script" not in html and "&lt;script&gt;" in html
    assert "<strong>bold</strong>" in html
    assert set(re.findall(r'href="([^"]+)"', html)) <= {f"{BASE}/shows/1/matches/{i}" for i in range(1, 6)} | \
        {f"{BASE}/shows/1/export.json"} | {f"/shows/2/matches/{i}" for i in range(1, 6)} | {"/shows/2/export.json"} \
        | {"https://evil.example/a"}  # the organiser's own link, in their intro
    assert "https://evil" not in _members_part(posts["show-1.html"][0]) + _members_part(posts["show-2.html"][0])
    dc = _members_part("\n".join(posts["show-1.json"])) + _members_part("\n".join(posts["show-2.json"]))
    assert "\\<script>" in dc and "\\*\\*bold\\*\\*" in dc and "\\[x\\]" in dc


def test_discord_messages_fit_and_split_between_matches(posts: dict[str, list[str]]) -> None:
    for name in ("show-1.json", "show-2.json", "announce-3.json"):
        messages = posts[name]
        assert all(0 < len(m) <= LIMIT for m in messages)
        for m in messages[1:]:  # each later message starts a unit: a match's heading or the seeds
            assert m.startswith("**"), m[:40]
    assert len(posts["show-1.json"]) >= 2


def test_a_long_text_splits_at_lines_then_sentences() -> None:
    sentence = "Brother Bob hits a big leg drop and goes for the cover. "
    long_line = sentence * 60  # about 3,400 characters on one line
    out = pieces("**Match 1**\n" + long_line.strip(), 2000)
    assert len(out) == 2 and all(len(p) <= 2000 for p in out)
    assert out[0].startswith("**Match 1**") and all(p.rstrip().endswith(".") for p in out)
    assert " ".join(p.replace("**Match 1**\n", "") for p in out).split() == long_line.split()
    assert pieces("x" * 4500, 2000) == ["x" * 2000, "x" * 2000, "x" * 500]


def test_typed_errors(tmp_path: Path) -> None:
    url = copy_post_league(tmp_path)
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            with pytest.raises(NotFound):
                results_post(session, "9", "markdown")
            with pytest.raises(LeagueError, match="is open; its results post is made once it is published"):
                results_post(session, "3", "markdown")
            with pytest.raises(LeagueError, match="unknown format 'pdf'"):
                results_post(session, "1", "pdf")
            with pytest.raises(LeagueError, match="base URL"):
                results_post(session, "1", "html", base_url="javascript:alert(1)")
            ctx = assemble().context(session, None, lambda: datetime(2026, 12, 1, tzinfo=UTC))
            draft = shows.create_show(ctx, "Thursday Thunder", "2026-12-10", datetime(2026, 12, 10, tzinfo=UTC))
            with pytest.raises(LeagueError, match="is a draft; its card is announced once it opens"):
                announcement(session, str(draft.number), "text")
    finally:
        engine.dispose()


def test_a_run_show_stays_secret_until_published(tmp_path: Path) -> None:
    url = copy_post_league(tmp_path)
    engine = make_engine(url)
    later = datetime(2026, 12, 3, 12, tzinfo=UTC)
    try:
        with session_scope(engine) as session:
            ctx = assemble().context(session, None, lambda: later)
            shows.lock(ctx, "3")
        with session_scope(engine) as session:
            from turnbuckle.league.services import running

            s = running.run_show(assemble().context(session, None, lambda: later), "3")
            secret = s.seed
        with session_scope(engine) as session:
            with pytest.raises(LeagueError, match="has run but is not published yet"):
                results_post(session, "3", "text")
            told = "\n".join(results_post(session, "2", "text") + announcement(session, "3", "text"))
            assert secret and secret not in told and "Strategies were due by" in told
    finally:
        engine.dispose()


def test_injection_is_in_the_league() -> None:
    """The goldens mean something only if the attempt is really in the notes and the intro."""
    engine = make_engine(f"sqlite:///{post_league_file()}")
    try:
        with session_scope(engine) as session:
            from turnbuckle.league.models import Show, Submission

            assert all(INJECTION in s.writeup for s in session.query(Show).filter(Show.status == "published"))
            assert all(INJECTION in sub.text for sub in session.query(Submission))
    finally:
        engine.dispose()


def _rendered_tags(markdown: str) -> tuple[list[tuple[str, list[tuple[str, str | None]]]], str]:
    page = rendered(markdown)
    return page.tags, "".join(page.text)


def test_markdown_post_renders_members_words_as_text(posts: dict[str, list[str]]) -> None:
    """Through a common renderer that lets raw HTML through, the post's only tags are its own and
    its only links are the league's: the attempt in the notes and the intro shows as written."""
    tags, text = _rendered_tags(posts["show-1.md"][0])
    assert {t for t, _ in tags} <= {"h1", "h2", "h3", "p", "ul", "li", "strong", "a", "code", "blockquote"}
    hrefs = [dict(attrs).get("href") or "" for t, attrs in tags if t == "a"]
    assert hrefs and all(h.startswith(f"{BASE}/shows/1/") for h in hrefs[1:])
    assert hrefs[0] == "https://evil.example/a"  # the organiser's own link in their intro; no other leaves the league
    assert all(t == "a" or not attrs for t, attrs in tags)
    assert "<script>alert(1)</script> **bold** [b]bb[/b] [x](https:\u200b//evil" in text  # a member's note
    assert "<script>alert(1)</script> bold [b]bb[/b] x www" in text  # the organiser's Markdown, read
    assert "# not a heading" not in text and "not a quote either" in text


def test_export_markdown_and_html_start_each_show_with_the_intro() -> None:
    from turnbuckle.league.export import export_html, export_league, export_markdown

    engine = make_engine(f"sqlite:///{post_league_file()}")
    try:
        with session_scope(engine) as session:
            data = export_league(assemble().context(session))
    finally:
        engine.dispose()
    markdown = export_markdown(data)
    assert markdown.index("> What a night at Monday Mayhem!") < markdown.index("seed SHA-256")
    tags, text = _rendered_tags(markdown)
    assert "blockquote" in {t for t, _ in tags} and "script" not in {t for t, _ in tags}
    assert [dict(a)["href"] for t, a in tags if t == "a"] == ["https://evil.example/a"] * 2  # the intro's, per show
    assert "<script>alert(1)</script>" in text and "@\u200beveryone" in text and "@everyone" not in text
    page = export_html(data)
    assert "<blockquote><p>What a night at Tuesday Turmoil!</p></blockquote>" in page and "<script>" not in page


def test_league_post_command(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from turnbuckle.cli.app import app

    url = copy_post_league(tmp_path)
    runner = CliRunner()
    done = runner.invoke(app, ["league", "post", "1", "--format", "bbcode", "--db", url, "--base-url", BASE])
    assert done.exit_code == 0 and done.output == (GOLDEN / "show-1.bbcode").read_text(encoding="utf-8")
    chat = runner.invoke(app, ["league", "post", "1", "-f", "discord", "--db", url, "--base-url", BASE])
    wanted = json.loads((GOLDEN / "show-1.json").read_text(encoding="utf-8"))
    assert chat.exit_code == 0 and f"--- message 1 of {len(wanted)} ({len(wanted[0])} characters) ---" in chat.output
    target = tmp_path / "card.md"
    card = runner.invoke(app, ["league", "post", "3", "--announce", "-o", str(target), "--db", url,
                               "--base-url", BASE])
    assert card.exit_code == 0 and target.read_text(encoding="utf-8") == (GOLDEN / "announce-3.md").read_text(
        encoding="utf-8")
    for args, said in ((["3"], "is open; its results post is made once it is published"),
                       (["1", "-f", "pdf"], "unknown format 'pdf'"), (["12"], "no show '12'")):
        refused = runner.invoke(app, ["league", "post", *args, "--db", url])
        assert refused.exit_code == 2 and said in refused.output, refused.output


def test_league_post_links_to_the_site_address_unless_told_otherwise(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from turnbuckle.cli.app import app

    monkeypatch.delenv("TURNBUCKLE_BASE_URL", raising=False)
    url = copy_post_league(tmp_path)
    runner = CliRunner()

    def first_link(*extra: str) -> str:
        done = runner.invoke(app, ["league", "post", "1", "--db", url, *extra])
        assert done.exit_code == 0, done.output
        line = next(x for x in done.output.splitlines() if x.startswith("- **Match 1**"))
        return line.split("](", 1)[1].split(")", 1)[0]

    assert first_link() == "/shows/1/matches/1"  # no address known: from the site's root
    monkeypatch.setenv("TURNBUCKLE_BASE_URL", "http://env.example")
    assert first_link() == "http://env.example/shows/1/matches/1"
    assert runner.invoke(app, ["league", "notify", "site", "https://fed.example.org/", "--db", url]).exit_code == 0
    assert first_link() == "https://fed.example.org/shows/1/matches/1"
    assert first_link("--base-url", "https://other.example") == "https://other.example/shows/1/matches/1"


def test_a_game_without_its_own_account_gets_a_plain_one() -> None:
    from turnbuckle.league.models import Result
    from turnbuckle.league.post.writeups import plain_account, short_account

    engine = make_engine(f"sqlite:///{post_league_file()}")
    try:
        with session_scope(engine) as session:
            data = session.query(Result).filter(Result.ruleset == "boxing").first().record  # type: ignore[union-attr]
    finally:
        engine.dispose()
    record = record_from_json(data)
    plain = plain_account(record, "Some Game")
    assert plain[0] == f"{record.names[0]} and {record.names[1]} met under Some Game rules."
    assert plain[1].startswith(f"It went {record.result.at['round']} round") and plain[-1] == record.result.summary
    told = short_account(data)  # boxing's own
    assert 3 <= len(told) <= 6 and told != plain and told[-1] == record.result.summary
    broken = {"result": {"summary": "A summary kept though the record no longer reads."}, "events": "?"}
    assert short_account(broken) == ["A summary kept though the record no longer reads."]


@pytest.mark.parametrize(("names", "result", "line"), [
    (("Brother Bob", "Friendly Sam"), {"winner": "Brother Bob", "method": "pinfall", "round": 7},
     "Brother Bob def. Friendly Sam by pinfall in round 7"),
    (("A", "B"), {"winner": "B", "method": "dq", "round": 3}, "B def. A by disqualification in round 3"),
    (("A", "B"), {"winner": "A", "method": "count-out", "round": 9}, "A def. B by count-out in round 9"),
    (("A", "B"), {"winner": "A", "method": "escape", "round": 4}, "A def. B by escaping the cage in round 4"),
    (("A", "B"), {"winner": "A", "method": "ladder climb", "round": 4}, "A def. B by ladder climb in round 4"),
    (("A", "B"), {"winner": None, "method": "draw", "round": 20}, "A and B fight to a draw in round 20"),
    (("A", "B", "C"), {"winner": None, "method": "double dq", "round": 2},
     "No winner between A, B and C: double dq in round 2"),
    (("A", "B", "C"), {"winner": "C", "method": "last-standing", "round": 12},
     "C def. A and B as the last one standing in round 12"),
    (("A", "B"), {"winner": "A", "method": "decision", "period": 3, "turn": 2}, "A def. B on points in period 3"),
])
def test_results_card_line(names: tuple[str, ...], result: dict[str, object], line: str) -> None:
    from turnbuckle.league.post.card import headline

    assert headline(names, result) == line


def test_a_long_card_in_discord_messages() -> None:
    """Thirty matches, one with an account longer than a message: every message fits, each starts a
    match (or goes on with the long one, at a sentence), and nothing is lost or repeated."""
    from turnbuckle.league.post import compose, discord
    from turnbuckle.league.post.card import MatchLine, ResultsCard

    said = "Brother Bob hits a big leg drop and covers for a near fall, \u201cThe Power Bob!\u201d "
    lines = tuple(MatchLine(position=i, game="MatchMatch", names=(f"Wrestler {i}", f"Rival {i}"),
                            headline=f"Wrestler {i} def. Rival {i} by pinfall in round 3", extras=(),
                            account=((said * (40 if i == 7 else 2)).strip(),), notes=(), seed=str(i),
                            href=f"https://fed.example/shows/9/matches/{i}") for i in range(1, 31))
    card = ResultsCard(league="Fed", number=9, name="Long Night", date="2026-12-01", intro="Thirty matches!",
                       matches=lines, seed="ab" * 32, seed_sha256="cd" * 32, card_seed="ef" * 32,
                       manifest_sha256="", show_href="https://fed.example/shows/9",
                       export_href="https://fed.example/shows/9/export.json")
    messages = discord.render(compose.results_post(card))
    assert len(messages) > 3 and all(len(m) <= LIMIT for m in messages)
    long_parts = [m for m in messages if "Wrestler 7 vs Rival 7" in m or m.startswith("Brother Bob")]
    assert len(long_parts) >= 2 and all(m.rstrip().endswith(("\u201d", ")", ".")) for m in messages)
    text = "\n".join(messages)
    assert text.count("Brother Bob hits a big leg drop") == 40 + 29 * 2
    assert [int(n) for n in re.findall(r"\*\*Match (\d+)\\: Wrestler", text)] == list(range(1, 31))


def test_the_organisers_intro_is_what_publish_added() -> None:
    from turnbuckle.league.post.card import intro_of

    run = "# Night (show 4, 2026-12-01)\n\n## Match 1: A vs B (Boxing)\n\nA wins.\n- a note\n"
    assert intro_of(run) == ""  # published with no words of the organiser's
    assert intro_of(run + "\n\nBig night!\n\n\nSee you next week.\n") == "Big night!\n\n\nSee you next week."
    assert intro_of("Written before any run kept a summary.") == "Written before any run kept a summary."
    assert intro_of("") == ""


def test_every_short_write_up_has_three_to_six_sentences_and_reads_the_same_twice() -> None:
    from turnbuckle.league.models import Result
    from turnbuckle.league.post.writeups import short_account

    engine = make_engine(f"sqlite:///{post_league_file()}")
    try:
        with session_scope(engine) as session:
            records = [r.record for r in session.query(Result)]
    finally:
        engine.dispose()
    assert {r["ruleset"] for r in records} == {"matchmatch", "boxing", "folkstyle", "headlock", "deathmatch"}
    for record in records:
        told = short_account(record)
        assert 3 <= len(told) <= 6, told
        assert told == short_account(json.loads(json.dumps(record)))
