"""A bounded load test on loopback: 200 strategy submissions sent at once to the live uvicorn server by
20 players, each for 10 of their own wrestlers: half the players signed in and sending through the
strategy form, half through the JSON API with a personal token, while a spectator keeps reading the
league home page. Every submission must succeed and be stored exactly once; the home page's p95 under
that load is printed (docs/web.md records it). The client runs in a process of its own
(``burst_client.py``), so its work is not timed as the server's."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from benchmarks.web import p95
from tests.league.conftest import pg_admin, pg_session_db, pg_url  # noqa: F401  (fixtures)
from tests.league.helpers import build
from tests.web.conftest import LiveServer, unique
from tests.web.serve_support import ROOT, serving
from turnbuckle.league.context import context
from turnbuckle.league.demo import BOB
from turnbuckle.league.models import CardMatch, CardSide, Competitor, Member, Show, Submission
from turnbuckle.league.services import accounts, roster, shows
from turnbuckle.league.services.card import add_match
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.app import create_app

PLAYERS = 20
PER_PLAYER = 10
SUBMISSIONS = PLAYERS * PER_PLAYER
SENT = 'class="ok sent"'  # the strategy page's confirmation


@dataclass(frozen=True)
class Sending:
    url: str
    headers: dict[str, str]
    text: str
    side_id: int
    api_body: dict[str, object] | None  # None: the form, signed in by a session cookie


def _league_for_load(server: LiveServer) -> tuple[int, list[Sending]]:
    """Through the services: players with sessions, their wrestlers, and an open show whose card puts
    every wrestler in a match. Each side gets its own strategy text (a note names it)."""
    sheet = next(s.text for s in get_ruleset("matchmatch").samples() if s.id == "brother-bob")
    tag = unique("Load")
    with server.ctx() as ctx:
        names: list[tuple[str, str]] = []
        for p in range(PLAYERS):
            player = roster.add_member(ctx, f"{tag} player {p}").name
            for w in range(PER_PLAYER):
                name = f"{tag} wrestler {p}-{w}"
                roster.add_competitor(ctx, "matchmatch", sheet.replace("name: Brother Bob", f"name: {name}"),
                                      "load test", player)
                names.append((player, name))
        s = shows.create_show(ctx, f"{tag} show", "2031-01-01", ctx.now() + timedelta(days=2))
        # Opponents from different players, so that every match has two owners.
        for i in range(SUBMISSIONS // 2):
            add_match(ctx, str(s.number), "matchmatch", [names[i][1], names[i + SUBMISSIONS // 2][1]],
                            rebook=True)  # each wrestler is booked once: no need to look (quicker)
        shows.open_show(ctx, str(s.number))
        number = s.number
        # Even players sign in (a session: cookie and CSRF token); odd ones use an API token.
        credentials: dict[str, dict[str, str]] = {}
        for p, (player, _) in enumerate(names[::PER_PLAYER]):
            if p % 2 == 0:
                member = ctx.session.scalars(select(Member).where(Member.name == player)).one()
                raw = accounts.start_session(ctx.session, member, lambda: datetime.now(UTC))
                row = accounts.find_session(ctx.session, raw, datetime.now(UTC))
                assert row is not None
                credentials[player] = {"Cookie": f"tb_session={raw}", "X-CSRF-Token": row.csrf_token}
            else:
                token, _row = accounts.create_token(context(ctx.session, player), "load test")
                credentials[player] = {"Authorization": f"Bearer {token}"}
        rows = ctx.session.execute(
            select(CardSide.id, CardSide.competitor_id, CardMatch.position, CardSide.index.label("side_index"))
            .join(CardMatch).where(CardMatch.show_id == s.id))
        by_comp = {r.competitor_id: (r.id, r.position, r.side_index) for r in rows}
        ids: dict[str, int] = {row.name: row.id for row in ctx.session.execute(
            select(Competitor.name, Competitor.id).where(Competitor.name.startswith(tag)))}
        out = []
        for player, name in names:
            comp_id = ids[name]
            side_id, position, index = by_comp[comp_id]
            text = BOB.replace("Smack him around.", f"Smack him around ({name}).")
            if index == 0:  # named first: the grid pick is a column (BOB's 'Grid 2' is a second side's row)
                text = text.replace(", Grid 2", ", Grid B")
            headers = credentials[player]
            if "Authorization" in headers:
                out.append(Sending(f"/api/shows/{number}/strategies", headers, text, side_id,
                                   {"position": position, "competitor_id": comp_id, "text": text}))
            else:
                out.append(Sending(f"/shows/{number}/matches/{position}/strategy/{comp_id}", headers, text, side_id,
                                   None))
    return number, out


def _load(server: LiveServer, sending: list[Sending]) -> tuple[list[tuple[Sending, int, str]], list[float]]:
    """The burst, sent from a process of its own (``tests/web/burst_client.py``)."""
    items = [{"url": s.url, "headers": s.headers, "text": s.text, "api_body": s.api_body} for s in sending]
    done = subprocess.run([sys.executable, "-m", "tests.web.burst_client", server.url], input=json.dumps(items),
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the burst's client failed: {done.stderr[-2000:]}")
    out = json.loads(done.stdout)
    answers = [(item, status, text) for item, (status, text) in zip(sending, out["answers"], strict=True)]
    return answers, out["home_times"]


@pytest.mark.solo  # timed: run alone, after the parallel run
def test_200_concurrent_strategy_submissions_are_each_stored_once(live_server: LiveServer) -> None:
    _burst(live_server)


@pytest.mark.solo  # timed: run alone, after the parallel run
def test_the_burst_on_postgresql(pg_url: str) -> None:  # noqa: F811  (the fixture above)
    """The same on PostgreSQL (issue 26: it stored 85 of 200 and answered 115 × 500), served as
    ``turnbuckle serve`` serves it."""
    lg = build(pg_url)
    try:
        app = create_app(pg_url, auto_lock_every=None)
        with serving(app) as (base, _port):
            _burst(LiveServer(url=base, db_url=pg_url, engine=lg.engine, app=app))
    finally:
        lg.close()


def _burst(live_server: LiveServer) -> None:
    number, sending = _league_for_load(live_server)
    assert len(sending) == SUBMISSIONS
    start = time.perf_counter()
    answers, home_times = _load(live_server, sending)
    wall = time.perf_counter() - start
    failed = [f"{item.url}: {status} {' '.join(text.split())[:300]}" for item, status, text in answers
              if (status, SENT in text) != ((201, False) if item.api_body is not None else (200, True))]
    assert failed == [], "\n".join(failed[:10])
    with live_server.ctx() as ctx:
        show_id = ctx.session.scalars(select(Show.id).where(Show.number == number)).one()
        stored = ctx.session.execute(
            select(Submission.side_id, Submission.text).join(CardSide).join(CardMatch)
            .where(CardMatch.show_id == show_id)).all()
    assert sorted(r.side_id for r in stored) == sorted(s.side_id for s in sending)  # each side exactly once
    assert {(r.side_id, r.text) for r in stored} == {(s.side_id, s.text) for s in sending}
    assert home_times, "the home page was never read during the load"
    print(f"\nload ({live_server.db_url.split(':')[0]}): {SUBMISSIONS} concurrent strategy submissions in "
          f"{wall:.2f} s; league home read {len(home_times)} times meanwhile, p95 {p95(home_times) * 1000:.0f} ms, "
          f"max {max(home_times) * 1000:.0f} ms")
