"""``turnbuckle league post`` (a show's results post, or its card's announcement, ready to paste)
and ``turnbuckle league archive`` (the league's static site); registered by ``league_cmds.register``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from turnbuckle.cli.common import user_errors, write_out
from turnbuckle.cli.league_cmds.common import Db, ShowArg, unit

FORMAT_HELP = "markdown (default), bbcode, discord (messages of at most 2,000 characters), html or text."


def post(show: ShowArg,
         fmt: Annotated[str, typer.Option("--format", "-f", help=FORMAT_HELP)] = "markdown",
         announce: Annotated[bool, typer.Option(
             "--announce", help="The card's announcement (an open show) instead of the results (a published one).")]
         = False,
         base_url: Annotated[str, typer.Option(
             "--base-url", help="The league's web address, for absolute links (default: the site address set "
             "with 'league notify site', else $TURNBUCKLE_BASE_URL, else links from the site's root, /shows/3).")]
         = "",
         out: Annotated[Path | None, typer.Option("--out", "-o", help="Write to this file.")] = None,
         db: Db = None) -> None:
    """A show's results post, or with --announce its card's announcement, in a forum's or a chat's format.
    Everything a member wrote is escaped for that format (no markup, link or mention gets through)."""
    with user_errors():
        from turnbuckle.league.post.links import NO_SITE_ADDRESS  # lazy: keeps the league out of start-up
        from turnbuckle.league.queries_posts import announcement, results_post, site_address  # lazy: the league

        with unit(db) as ctx:
            make = announcement if announce else results_post
            base = base_url or site_address(ctx.session, ctx.league.id)
            messages = make(ctx.session, show, fmt, base_url=base)
        if fmt == "discord":
            text = "".join(f"--- message {i} of {len(messages)} ({len(m)} characters) ---\n{m}\n"
                           for i, m in enumerate(messages, start=1))
        else:
            text = "".join(messages)
        if out is None:
            print(text, end="")
        else:
            write_out(out, text)
            print(f"wrote {out}")
        if not base:  # said once the post is out, not refused: a post for a site-less league is still a post
            typer.echo("warning: " + NO_SITE_ADDRESS.format(fallback="the site's root (/shows/1)",
                                                           option="--base-url URL"), err=True)


def archive(folder: Annotated[Path, typer.Argument(help="The folder to write the site into (new or empty, or an "
                                                        "earlier archive to replace).")],
            db: Db = None) -> None:
    """Write a static site of everything public: published shows with their results posts and ringside calls,
    standings, titles and reigns, competitors, the league export and how to check it with 'turnbuckle verify'.
    It opens from disk with no server; nothing of an unpublished show and no account data goes in."""
    with user_errors():
        from turnbuckle.league.archive import write_archive  # lazy: keeps the league (sqlalchemy) out of start-up

        with unit(db) as ctx:
            n = write_archive(ctx, folder)
        print(f"wrote {n} files to {folder}; open {folder / 'index.html'}")


def register(league_app: typer.Typer) -> None:
    league_app.command("post")(post)
    league_app.command("archive")(archive)
