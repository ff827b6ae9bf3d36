"""What the page tests share: the sample league built once (by the league's own demo, through
the services) and copied for each test that changes it, and a client signed in as any member by
overriding the ``current_member`` dependency."""

from __future__ import annotations

import functools
import re
import shutil
import tempfile
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import select

from tests.league.helpers import quiet_explanations
from turnbuckle.league.context import Clock
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.demo import ORGANISER, build_demo
from turnbuckle.league.models import Competitor, Member, Show, Submission
from turnbuckle.web.app import create_app
from turnbuckle.web.deps import current_member

__all__ = ["ORGANISER", "client_for", "competitor_id", "copy_demo", "demo_file", "hidden_fields", "quiet_explanations",
           "show_status"]


@functools.cache
def demo_file() -> Path:
    """The sample league (two shows published, a third open), built once per test process. Its
    results come from fresh seeds each build: tests must not depend on who won or on Push Levels."""
    folder = Path(tempfile.mkdtemp(prefix="tb-pages-"))
    path = folder / "demo.db"
    build_demo(f"sqlite:///{path}")
    quiet_explanations(f"sqlite:///{path}")
    return path


def copy_demo(tmp: Path) -> str:
    target = tmp / "league.db"
    shutil.copyfile(demo_file(), target)
    return f"sqlite:///{target}"


def _member(url: str, name: str) -> Member:
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            m = session.scalars(select(Member).where(Member.name == name)).one()
            session.expunge(m)
            return m
    finally:
        engine.dispose()


def client_for(url: str, who: str | None, clock: Clock | None = None) -> TestClient:
    """A client reading as ``who`` (a member's name), or as a spectator when None; ``clock`` is
    the services' clock (the system's by default)."""
    app = create_app(url, clock=clock) if clock is not None else create_app(url)
    if who is not None:
        member = _member(url, who)
        app.dependency_overrides[current_member] = lambda: member
    client = TestClient(app)
    # Every post needs the page's CSRF token (web/accounts/sessions.py): take this browser's from a page, as htmx does.
    found = re.search(r'"X-CSRF-Token": "([^"]+)"', client.get("/").text)
    assert found, "the home page carries no CSRF token"
    client.headers["X-CSRF-Token"] = found.group(1)
    return client


def competitor_id(url: str, name: str) -> int:
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            return session.scalars(select(Competitor.id).where(Competitor.name == name)).one()
    finally:
        engine.dispose()


def show_status(url: str, number: int) -> str:
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            return session.scalars(select(Show.status).where(Show.number == number)).one()
    finally:
        engine.dispose()


def hidden_fields(html: str) -> dict[str, str]:
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))


def submission_texts(url: str) -> list[str]:
    """Every strategy or choice text stored, oldest first."""
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            return list(session.scalars(select(Submission.text).order_by(Submission.id)))
    finally:
        engine.dispose()
