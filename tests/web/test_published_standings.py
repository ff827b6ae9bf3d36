"""Standings and won-lost tallies count a show only once it is published: after the run they stay
as they were on the pages, in the API and on the command line, and move at publish."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.league.helpers import open_show
from tests.web.support import Site
from turnbuckle.league.queries import standings_rows
from turnbuckle.league.services import running, shows

NAMES = ("Friendly Sam", "Brother Bob", "Mika Sato", "Rico Vance")


def api_standings(site: Site) -> dict[str, dict[str, Any]]:
    with site.client() as client:
        rows = client.get("/api/standings").json()
        comps = {c["name"]: c for c in client.get("/api/competitors").json()}
    assert {r["name"]: r for r in rows} == comps  # both routes agree
    return {name: comps[name] for name in NAMES}


def page_standings(site: Site) -> dict[str, str]:
    """Each competitor's row on the home page's standings table, as a spectator reads it."""
    with site.client() as client:
        html = client.get("/").text
        pages = {name: client.get(f"/competitors/{row['id']}").text for name, row in api_standings(site).items()}
    rows = {}
    for name in NAMES:
        found = re.search(rf"{re.escape(name)}</a>.*?</tr>", html, re.S)
        assert found, name
        record = re.search(r"<dt>Record</dt><dd>([^<]*)</dd>", pages[name])
        assert record, name
        rows[name] = found.group(0) + " | " + record.group(1)
    return rows


def cli_standings(site: Site) -> dict[str, dict[str, Any]]:
    from typer.testing import CliRunner

    from turnbuckle.cli.app import app

    result = CliRunner().invoke(app, ["league", "standings", "--db", site.league.url, "--format", "json"])
    assert result.exit_code == 0, result.stderr
    return {r["name"]: r for r in json.loads(result.stdout) if r["name"] in NAMES}


def snapshot(site: Site) -> tuple[object, ...]:
    with site.league.act() as ctx:
        rows = {r["name"]: r for r in standings_rows(ctx) if r["name"] in NAMES}
    return rows, api_standings(site), page_standings(site), cli_standings(site)


def test_a_show_counts_in_standings_once_published_not_once_run(site: Site) -> None:
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"]), ("boxing", ["Mika Sato", "Rico Vance"])])
    before = snapshot(site)
    site.league.clock.advance(days=1, minutes=1)
    with site.league.act() as ctx:
        shows.lock(ctx, number)
        running.run_show(ctx, number)
    ran = snapshot(site)
    assert ran == before  # run, not published: nothing moved for anyone, the organiser's CLI included

    with site.league.act() as ctx:
        running.publish(ctx, number)
    rows, api, pages, cli = snapshot(site)
    assert isinstance(rows, dict) and isinstance(api, dict) and isinstance(pages, dict)
    for name in NAMES:  # each played one match: exactly one more win, loss or draw
        old = before[0][name]  # type: ignore[index]
        assert rows[name]["wins"] + rows[name]["losses"] + rows[name]["draws"] == 1 + old["wins"] + old["losses"] \
            + old["draws"]
        assert rows[name]["rating"] != old["rating"]
        assert (api[name]["wins"], api[name]["losses"], api[name]["draws"]) == (
            rows[name]["wins"], rows[name]["losses"], rows[name]["draws"])
        assert f"{rows[name]['wins']} won, {rows[name]['losses']} lost, {rows[name]['draws']} drawn" in pages[name]
    assert cli == rows
    m2 = [rows[n] for n in ("Friendly Sam", "Brother Bob")]
    if any(r["wins"] for r in m2):  # a win moves both wrestlers on the Push ladder (a draw moves nobody)
        old_m2 = [before[0][n] for n in ("Friendly Sam", "Brother Bob")]  # type: ignore[index]
        assert [(r["push_level"], r["push_points"]) for r in m2] != [
            (r["push_level"], r["push_points"]) for r in old_m2]


def test_the_organiser_still_reads_a_run_show_s_results_before_publishing(site: Site) -> None:
    from tests.web.support import sign_in

    number = open_show(site.league, [("boxing", ["Mika Sato", "Rico Vance"])])
    site.league.clock.advance(days=1, minutes=1)
    with site.league.act() as ctx:
        shows.lock(ctx, number)
        running.run_show(ctx, number)
    with site.client() as client:
        assert client.get(f"/shows/{number}/matches/1").status_code == 404  # a spectator: not yet
        assert sign_in(client, "Fran").status_code == 303
        assert client.get(f"/shows/{number}/matches/1").status_code == 200
        with site.league.act() as ctx:
            [row] = [r for r in standings_rows(ctx, "boxing") if r["name"] == "Mika Sato"]
        assert row["wins"] + row["losses"] + row["draws"] == 0  # her standings too wait for publishing


def test_the_api_names_no_champion_crowned_in_an_unpublished_show(site: Site) -> None:
    """A reign won in a result not yet published is not in a competitor's titles (the pages read it
    as 'result pending'); at publish it is."""
    from sqlalchemy import select

    from turnbuckle.league.models import Reign, Result, Title
    from turnbuckle.league.services import roster

    number = open_show(site.league, [("boxing", ["Mika Sato", "Rico Vance"])])
    site.league.clock.advance(days=1, minutes=1)
    with site.league.act() as ctx:
        shows.lock(ctx, number)
        running.run_show(ctx, number)
        title = roster.add_title(ctx, "Test Belt", "boxing")
        [result_id] = ctx.session.scalars(select(Result.id).order_by(Result.id.desc()).limit(1))
        [mika] = [r["id"] for r in standings_rows(ctx, "boxing") if r["name"] == "Mika Sato"]
        ctx.session.add(Reign(title_id=title.id, competitor_id=mika, won_result_id=result_id, lost_result_id=None,
                              started_at=site.league.clock.now, ended_at=None))
        assert ctx.session.scalars(select(Title).where(Title.name == "Test Belt")).one()

    def titles() -> list[str]:
        with site.client() as client:
            listed = {c["name"]: c["titles"] for c in client.get("/api/competitors").json()}
            one = client.get(f"/api/competitors/{mika}").json()["titles"]
        assert one == listed["Mika Sato"]
        return list(one)

    assert "Test Belt" not in titles()
    with site.league.act() as ctx:
        running.publish(ctx, number)
    assert "Test Belt" in titles()
