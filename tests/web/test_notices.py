"""A member's notices: on their home page and account page with a "mark read" button, and from
the API (``GET /api/notices``, ``POST /api/notices/{id}/read``) for the token's member. A notice
held back until a show is published stays hidden, to everyone, until then; another member's
notice reads as missing."""

from __future__ import annotations

from html import unescape

from fastapi.testclient import TestClient
from sqlalchemy import select

from tests.league.helpers import SAM_STRATEGY, open_show
from tests.web.support import Site, csrf_of, sign_in
from turnbuckle.league.models import Member, Notice
from turnbuckle.league.services import accounts, card, shows

HELD = "Show 1, match 1: your strategy no longer fitted when the show ran"


def member(site: Site, name: str) -> TestClient:
    client = site.client()
    assert sign_in(client, name).status_code == 303
    return client


def token(site: Site, name: str) -> dict[str, str]:
    with site.league.act(name) as ctx:
        raw, _ = accounts.create_token(ctx, "tests")
    return {"Authorization": f"Bearer {raw}"}


def notices_for_ann(site: Site) -> tuple[str, int, int]:
    """An edit that makes Ann's strategy stale (a notice she sees now) and a notice held back until
    the show is published (as the run leaves one); the show and both notices' ids."""
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    with site.league.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
    site.league.clock.advance(hours=1)
    with site.league.act() as ctx:
        card.edit_match(ctx, number, 1, options={"type": "cage"})
        s = shows.show(ctx, number)
        ann = ctx.session.scalars(select(Member).where(Member.name == "Ann")).one()
        card.notify(ctx, ann.id, s, HELD, hold_until=s)
    with site.league.act() as ctx:
        stale, held = (n.id for n in ctx.session.scalars(select(Notice).order_by(Notice.id)))
    return number, stale, held


def publish(site: Site, number: str) -> None:
    """The show published (set directly: running it is not what these tests are about)."""
    with site.league.act() as ctx:
        shows.show(ctx, number).status = "published"


def test_the_home_and_account_pages_list_notices_and_mark_them_read(site: Site) -> None:
    number, stale, held = notices_for_ann(site)
    with member(site, "Ann") as ann:
        home = unescape(ann.get("/").text)
        assert "Notices for you" in home and "your strategy for Friendly Sam is stale" in home
        assert HELD not in home  # held back until show 1 is published
        assert f'action="/notices/{stale}/read"' in home
        account = unescape(ann.get("/account").text)
        assert "your strategy for Friendly Sam is stale" in account and HELD not in account
        r = ann.post(f"/notices/{stale}/read", data={"next": "/account", "csrf_token": csrf_of(ann)})
        assert r.status_code == 303 and r.headers["location"] == "/account"
        assert "Notices for you" not in ann.get("/").text
        account = unescape(ann.get("/account").text)
        assert "your strategy for Friendly Sam is stale" in account and "· read " in account  # kept, as read
        assert ann.post(f"/notices/{held}/read", data={"csrf_token": csrf_of(ann)}).status_code == 404
        publish(site, number)
        home = unescape(ann.get("/").text)
        assert HELD in home
        r = ann.post("/notices/read", data={"next": "//elsewhere.example", "csrf_token": csrf_of(ann)})
        assert r.status_code == 303 and r.headers["location"] == "/"  # never another site
        assert "Notices for you" not in ann.get("/").text
    with site.league.act() as ctx:
        assert all(n.read_at == site.league.clock.now for n in ctx.session.scalars(select(Notice)))


def test_another_members_notice_reads_as_missing(site: Site) -> None:
    _number, stale, _held = notices_for_ann(site)
    with member(site, "Bo") as bo:
        assert "your strategy for Friendly Sam" not in bo.get("/").text
        assert "your strategy for Friendly Sam" not in bo.get("/account").text
        assert bo.post(f"/notices/{stale}/read", data={"csrf_token": csrf_of(bo)}).status_code == 404
        assert bo.post(f"/notices/{2**70}/read", data={"csrf_token": csrf_of(bo)}).status_code == 404
        assert bo.get("/api/notices", headers=token(site, "Bo")).json() == []
        assert bo.post(f"/api/notices/{stale}/read", headers=token(site, "Bo")).status_code == 404
    with site.client() as spectator:
        assert spectator.post(f"/notices/{stale}/read", data={"csrf_token": csrf_of(spectator)}).status_code == 401
        assert spectator.get("/api/notices").status_code == 401
    with site.league.act() as ctx:
        assert all(n.read_at is None for n in ctx.session.scalars(select(Notice)))


def test_the_api_lists_the_tokens_members_notices_and_marks_one_read(site: Site) -> None:
    number, stale, held = notices_for_ann(site)
    ann = token(site, "Ann")
    with site.client() as client:
        listed = client.get("/api/notices", headers=ann).json()
        assert [n["id"] for n in listed] == [stale]
        assert listed[0]["show"] == int(number) and listed[0]["read_at"] is None
        assert "is stale" in listed[0]["text"]
        read = client.post(f"/api/notices/{stale}/read", headers=ann)
        assert read.status_code == 200 and read.json()["read_at"] is not None
        assert client.get("/api/notices", headers=ann).json() == []
        assert [n["id"] for n in client.get("/api/notices", params={"all": "true"}, headers=ann).json()] == [stale]
        assert client.post(f"/api/notices/{held}/read", headers=ann).status_code == 404  # not visible yet
        publish(site, number)
        assert [n["id"] for n in client.get("/api/notices", headers=ann).json()] == [held]
        schema = client.get("/api/openapi.json").json()
    assert "/api/notices" in schema["paths"] and "NoticeOut" in schema["components"]["schemas"]
