"""The JSON API as a third-party client meets it: every answer it can get is described by
/api/openapi.json (refusals included), and a malformed body says what is wrong with it."""

from __future__ import annotations

import jsonschema_rs

from tests.web.support import Site
from turnbuckle.league.services import accounts

READS = ("/api/me", "/api/shows", "/api/shows/{number}", "/api/shows/{number}/results", "/api/standings",
         "/api/competitors", "/api/competitors/{competitor_id}", "/api/shows/{number}/strategies",
         "/api/shows/{number}/matches/{position}/briefing", "/api/notices")


def _schema(spec: dict[str, object], path: str, method: str, status: int) -> dict[str, object]:
    paths = spec["paths"]
    assert isinstance(paths, dict)
    responses = paths[path][method]["responses"]
    assert str(status) in responses, f"{method.upper()} {path}: {status} is not in {sorted(responses)}"
    schema = dict(responses[str(status)]["content"]["application/json"]["schema"])
    schema["components"] = spec["components"]
    return schema


def test_the_schema_describes_token_refusals_on_every_route(site: Site) -> None:
    """A sent token that is unknown (401) or lacks the route's scope (403) is refused on every API
    route, public reads included, and a busy server answers 503: the schema says so, with the
    one-line error body the answer really has."""
    with site.league.act("Ann") as ctx:
        submit_only, _ = accounts.create_token(ctx, "bot", ["submit"])
    with site.client() as client:
        spec = client.get("/api/openapi.json").json()
        for path in (*READS, "/api/shows/{number}/strategies", "/api/notices/{notice_id}/read"):
            for method in spec["paths"][path]:
                for status in (401, 403, 503):
                    _schema(spec, path, method, status)
        lacking = client.get("/api/shows", headers={"Authorization": f"Bearer {submit_only}"})
        unknown = client.get("/api/competitors", headers={"Authorization": "Bearer tb_nobody"})
    assert lacking.status_code == 403 and "'read' scope" in lacking.json()["detail"]
    assert unknown.status_code == 401
    jsonschema_rs.validate(_schema(spec, "/api/shows", "get", 403), lacking.json())
    jsonschema_rs.validate(_schema(spec, "/api/competitors", "get", 401), unknown.json())


def test_a_body_that_is_not_json_says_so(site: Site) -> None:
    with site.league.act("Ann") as ctx:
        raw, _ = accounts.create_token(ctx, "bot")
    auth = {"Authorization": f"Bearer {raw}", "Content-Type": "application/json"}
    with site.client() as client:
        for body in (b"not json", b'{"position": 1,', b"{'position': 1}"):
            r = client.post("/api/shows/1/strategies", content=body, headers=auth)
            assert r.status_code == 422, body
            detail = r.json()["detail"]
            assert detail.startswith("the body is not valid JSON"), detail
            assert "\n" not in detail


def test_a_title_lost_in_an_unpublished_show_is_still_held_in_the_api(site: Site) -> None:
    """As the published shows left them: the champion who lost in a show not yet published still
    holds the title in ``titles`` (as ``title_history`` says), or a spectator learns the result
    from the champion's list going empty before the organiser publishes it."""
    from sqlalchemy import select

    from tests.league.helpers import open_show
    from turnbuckle.league.models import Competitor, Reign, Result
    from turnbuckle.league.services import roster, running, shows

    with site.league.act() as ctx:
        title = roster.add_title(ctx, "QA Belt", "boxing")
        ids = {c.name: c.id for c in ctx.session.scalars(select(Competitor))}
        ctx.session.add(Reign(title_id=title.id, competitor_id=ids["Mika Sato"], won_result_id=None,
                              lost_result_id=None, started_at=site.league.clock.now, ended_at=None))
    number = open_show(site.league, [("boxing", ["Mika Sato", "Rico Vance"])])
    site.league.clock.advance(days=1, minutes=1)
    with site.league.act() as ctx:
        shows.lock(ctx, number)
        running.run_show(ctx, number)
        [result_id] = ctx.session.scalars(select(Result.id).order_by(Result.id.desc()).limit(1))
        reign = ctx.session.scalars(select(Reign).where(Reign.title_id == title.id)).one()
        reign.lost_result_id, reign.ended_at = result_id, site.league.clock.now
        ctx.session.add(Reign(title_id=title.id, competitor_id=ids["Rico Vance"], won_result_id=result_id,
                              lost_result_id=None, started_at=site.league.clock.now, ended_at=None))

    def held() -> dict[str, list[str]]:
        with site.client() as client:
            listed = {c["name"]: c["titles"] for c in client.get("/api/competitors").json()}
            ranked = {c["name"]: c["titles"] for c in client.get("/api/standings?game=boxing").json()}
            for name in ("Mika Sato", "Rico Vance"):
                assert client.get(f"/api/competitors/{ids[name]}").json()["titles"] == listed[name] == ranked[name]
        return {name: listed[name] for name in ("Mika Sato", "Rico Vance")}

    assert held() == {"Mika Sato": ["QA Belt"], "Rico Vance": []}
    with site.league.act() as ctx:
        running.publish(ctx, number)
    assert held() == {"Mika Sato": [], "Rico Vance": ["QA Belt"]}


def test_a_strategy_with_a_nul_character_is_a_422_not_a_database_error(site: Site) -> None:
    """PostgreSQL cannot store a NUL in a text column (a 500 there); the API refuses it up front,
    on every database, and keeps nothing."""
    from sqlalchemy import func, select

    from tests.league.helpers import SAM_STRATEGY, open_show
    from turnbuckle.league.db import session_scope
    from turnbuckle.league.models import Competitor, Submission

    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    with site.league.act("Ann") as ctx:
        raw, _ = accounts.create_token(ctx, "bot")
        sam = ctx.session.scalars(select(Competitor.id).where(Competitor.name == "Friendly Sam")).one()
    with site.client() as client:
        r = client.post(f"/api/shows/{number}/strategies", headers={"Authorization": f"Bearer {raw}"},
                        json={"position": 1, "competitor_id": sam, "text": SAM_STRATEGY.replace("flying.", "fly\x00")})
    assert r.status_code == 422, r.text
    assert r.json() == {"detail": "text: a strategy cannot contain a NUL character (\\x00)"}
    with session_scope(site.league.engine) as s:
        assert s.scalar(select(func.count()).select_from(Submission)) == 0


def test_the_schema_holds_the_json_api_alone(site: Site) -> None:
    """The pages (HTML, forms, feeds) are not API operations: a token is refused on them with a 401
    the schema would not describe, so /api/openapi.json lists only /api/ routes, every one of them."""
    with site.client() as client:
        spec = client.get("/api/openapi.json").json()
    paths = set(spec["paths"])
    assert paths and all(p.startswith("/api/") for p in paths), sorted(p for p in paths if not p.startswith("/api/"))
    assert {"/api/shows", "/api/standings", "/api/competitors", "/api/shows/{number}/strategies"} <= paths
