"""The league the results-post goldens and the archive tests read: the demo league built with
fixed seeds, uids and clock (so its results are the same on every run), with an injection attempt
in every strategy note and in the organiser's intro to each show."""

from __future__ import annotations

import functools
import hashlib
import shutil
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from unittest import mock

from tests.league.helpers import quiet_explanations
from turnbuckle.league import demo
from turnbuckle.league.services import running

#: What a member might write to break a post: markup of every target, links, mentions, a heading.
INJECTION = ("@everyone @here <@123456> <!channel> <script>alert(1)</script> **bold** [b]bb[/b] "
             "[x](https://evil.example/a) www.evil.example # heading")
NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def _notes_with(strategy: str) -> str:
    """A demo strategy with the injection in every round's note."""
    lines = strategy.splitlines()
    out = lines[:2]
    for line in lines[2:]:
        cells = line.split("\t")
        cells[-1] = f"{cells[-1]} {INJECTION}"
        out.append("\t".join(cells))
    return "\n".join(out) + "\n"


def _fixed_token_hex() -> Any:
    counter = iter(range(1_000_000))

    def token_hex(nbytes: int = 32) -> str:
        return hashlib.sha256(f"post-golden {next(counter)}".encode()).hexdigest()[: 2 * nbytes]

    return token_hex


@functools.cache
def post_league_file() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="tb-post-"))
    path = folder / "post.db"
    publish = running.publish

    def publish_with_intro(ctx: Any, key: str, writeup: str | None = None) -> Any:
        intro = f"{writeup}\n\n{INJECTION}\n# not a heading\n\n> not a quote either"
        return publish(ctx, key, intro)

    with mock.patch("secrets.token_hex", _fixed_token_hex()), \
            mock.patch.object(demo, "SAM", _notes_with(demo.SAM)), \
            mock.patch.object(demo, "BOB", _notes_with(demo.BOB)), \
            mock.patch.object(running, "publish", publish_with_intro):
        demo.build_demo(f"sqlite:///{path}", now=NOW)
    quiet_explanations(f"sqlite:///{path}")  # not run by the test servers over its copies (helpers.py)
    return path


def copy_post_league(tmp: Path) -> str:
    target = tmp / "post.db"
    shutil.copyfile(post_league_file(), target)
    return f"sqlite:///{target}"
