"""Issue 27: a competitor's title history is public information (the briefing's opponents, the
competitor page): each reign with the show it was won at and the show it was lost at, as the
published shows left them, on both servers."""

from __future__ import annotations

from sqlalchemy import select
from typer.testing import CliRunner

from tests.league.helpers import League, open_show
from turnbuckle.cli.app import app
from turnbuckle.league.context import Ctx
from turnbuckle.league.models import Reign, Result, Show, Title
from turnbuckle.league.services import briefing, roster, running, shows
from turnbuckle.league.services.briefing import TitleReign
from turnbuckle.league.services.shows import side_of


def _result_of(ctx: Ctx, number: str) -> int:
    return int(ctx.session.scalars(select(Result.id).join(Show).where(Show.number == int(number))).one())


def _crown(lg: League, who: str, won_in: str, dethroned: tuple[int, str] | None = None) -> int:
    """A reign of the title for ``who`` won in show ``won_in``'s result, ending ``dethroned``'s
    (a reign id and the show it is lost in), as the running of a title match leaves them."""
    with lg.act() as ctx:
        title = ctx.session.scalars(select(Title).where(Title.name == "Light-Heavyweight")).one()
        if dethroned is not None:
            old = ctx.session.get_one(Reign, dethroned[0])
            old.lost_result_id, old.ended_at = _result_of(ctx, dethroned[1]), lg.clock.now
        reign = Reign(title_id=title.id, competitor_id=roster.competitor(ctx, who).id,
                      won_result_id=_result_of(ctx, won_in), lost_result_id=None, started_at=lg.clock.now,
                      ended_at=None)
        ctx.session.add(reign)
        ctx.session.flush()
        return reign.id


def _run(lg: League, number: str) -> None:
    with lg.act() as ctx:
        shows.lock(ctx, number)
    with lg.act() as ctx:
        running.run_show(ctx, number)


def test_title_history_is_public_as_the_published_shows_left_it(lg: League) -> None:
    first = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    lg.clock.advance(days=1, minutes=1)
    _run(lg, first)
    sam_reign = _crown(lg, "Friendly Sam", first)
    with lg.act() as ctx:
        running.publish(ctx, first)
    second = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    third = open_show(lg, [("m2", ["Iron Ivan", "Brother Bob"]), ("m2", ["Lady Lightning", "Friendly Sam"])])
    lg.clock.advance(days=1, minutes=1)
    _run(lg, second)
    _crown(lg, "Brother Bob", second, (sam_reign, second))  # Bob takes the belt in show 2, not yet published

    def told() -> dict[str, tuple[list[TitleReign], list[str]]]:
        out = {}
        for position, who, mine in ((1, "Ann", "Iron Ivan"), (2, "Bo", "Lady Lightning")):
            with lg.act(who) as ctx:
                [o] = briefing.briefing(ctx, side_of(ctx, shows.show(ctx, third), position, mine)).opponents
                out[o.name] = (o.reigns, o.titles)
        return out

    one, two = int(first), int(second)
    before = told()
    assert before["Friendly Sam"] == ([TitleReign("Light-Heavyweight", one, None)], ["Light-Heavyweight"])
    assert before["Brother Bob"] == ([], [])  # his win is in a show not yet published
    with lg.act() as ctx:
        running.publish(ctx, second)
    after = told()
    assert after["Friendly Sam"] == ([TitleReign("Light-Heavyweight", one, two)], [])
    assert after["Brother Bob"] == ([TitleReign("Light-Heavyweight", two, None)], ["Light-Heavyweight"])
    run = CliRunner().invoke(app, ["league", "match", third, "2", "--as", "Bo", "--db", lg.url])
    assert run.exit_code == 0, run.output
    assert "\n  Title history: Light-Heavyweight, won at show 1, lost at show 2\n" in run.output
    with lg.act() as ctx:  # the service answers anyone, the same as the briefing
        assert briefing.title_history(ctx, roster.competitor(ctx, "Friendly Sam")) == after["Friendly Sam"][0]
        assert briefing.title_history(ctx, roster.competitor(ctx, "Iron Ivan")) == []
