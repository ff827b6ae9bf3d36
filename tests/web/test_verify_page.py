"""Verify on the web: anyone may start a published show's replay; it runs as a job and its result is
kept and shown on the show's page (not replayed per view), until the show's export changes."""

from __future__ import annotations

import time
from pathlib import Path

from sqlalchemy import select

from tests.web.pages_support import client_for, copy_demo
from tests.web.support import csrf_of
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.models import Job, Show
from turnbuckle.league.verify_job import KIND


def wait_verified(client: object, number: int) -> str:
    from fastapi.testclient import TestClient

    assert isinstance(client, TestClient)
    until = time.monotonic() + 20
    while True:
        part = client.get(f"/shows/{number}/verify").text
        if "Verifying" not in part:
            return part
        assert time.monotonic() < until, "the verify job did not finish"
        time.sleep(0.1)


def test_a_spectator_verifies_a_published_show_and_the_result_is_kept(tmp_path: Path) -> None:
    url = copy_demo(tmp_path)
    with client_for(url, None) as client:
        page = client.get("/shows/1")
        assert "Verify this show" in page.text and "/shows/1/export.json" in page.text
        assert "Verified" not in page.text
        started = client.post("/shows/1/verify", data={"csrf_token": csrf_of(client, "/shows/1")},
                              follow_redirects=False)
        assert started.status_code == 303 and started.headers["location"] == "/shows/1#verify"
        part = wait_verified(client, 1)
        assert "<strong>Verified</strong>" in part, part
        assert "Verified" in client.get("/shows/1").text
        again = client.post("/shows/1/verify", data={"csrf_token": csrf_of(client)},
                            follow_redirects=False)
        assert again.status_code == 303
        assert client.post("/shows/3/verify", data={"csrf_token": csrf_of(client)}).status_code == 400
    engine = make_engine(url)
    with session_scope(engine) as session:
        kept = list(session.scalars(select(Job).where(Job.kind == KIND)))
        assert len(kept) == 1 and kept[0].state == "done"  # the same export: no second run
        # A changed export (here the write-up) makes the kept result an older export's.
        show = session.scalars(select(Show).where(Show.number == 1)).one()
        show.writeup += " And one more thing."
    engine.dispose()
    with client_for(url, None) as client:
        text = client.get("/shows/1").text
        assert "The export has changed since the last verify" in text and "Verify this show" in text


def test_the_show_page_checks_the_seed_against_the_hash_seen_at_lock(tmp_path: Path) -> None:
    from turnbuckle.league import canonical

    url = copy_demo(tmp_path)
    engine = make_engine(url)
    with session_scope(engine) as session:  # the organiser draws show 1's seed again after lock
        show = session.scalars(select(Show).where(Show.number == 1)).one()
        at_lock = str(show.seed_sha256)
        show.seed = canonical.new_seed()
        show.seed_sha256 = canonical.sha256_hex(bytes.fromhex(show.seed))
        redrawn = show.seed_sha256
    engine.dispose()
    with client_for(url, None) as client:
        page = client.get("/shows/1").text
        assert "No commitment given" in page and "which the organiser controls" in page
        assert "the league&#39;s Atom feed" in page and 'name="commitment"' in page
        assert "Not checked" in page and "the write-up, the match notes and the competitors&#39; names" in page
        caught = client.get("/shows/1/verify", params={"commitment": at_lock}, headers={"HX-Request": "true"})
        assert "Does not match" in caught.text and f"{redrawn[:32]}<wbr>{redrawn[32:]}" in caught.text
        fine = client.get("/shows/1/verify", params={"commitment": redrawn.upper()})
        assert "<strong>Matches</strong>" in fine.text and "<html" in fine.text  # the form sent without htmx
        bad = client.get("/shows/1/verify", params={"commitment": "not a hash"}, headers={"HX-Request": "true"})
        assert "not a SHA-256" in bad.text and bad.status_code == 200
