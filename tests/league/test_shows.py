"""A show's life on both servers: the card, submissions (owner, deadline, duplicates, validity,
locked shows), lock and its manifest, unlock, one-transaction runs, healing and publishing."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from tests.league.helpers import SAM_STRATEGY, TWO_SPECIALS, League, open_show
from turnbuckle.core.errors import SheetError
from turnbuckle.league import canonical
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import Forbidden, LeagueError, NotFound
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.models import PushChange, RatingChange, Result, ShowEvent
from turnbuckle.league.services import roster, running, shows
from turnbuckle.league.services.card import add_match

ROLL_GRID = league_rules("matchmatch").roll_grid  # the grid MatchMatch draws at open

CARD = [("m2", ["Friendly Sam", "Brother Bob"]), ("boxing", ["Mika Sato", "Rico Vance"])]


def counts(lg: League) -> tuple[int, int, int]:
    with lg.act() as ctx:
        return (ctx.session.scalar(select(func.count()).select_from(Result)) or 0,
                ctx.session.scalar(select(func.count()).select_from(PushChange)) or 0,
                ctx.session.scalar(select(func.count()).select_from(RatingChange)) or 0)


def test_a_bad_sheet_is_refused_with_every_problem(lg: League) -> None:
    bad = "name: Bad\nstamina: 20\nstyles: {technical: 50}\n"
    with lg.act() as ctx, pytest.raises(SheetError) as exc:
        roster.add_competitor(ctx, "m2", bad, "bad.yaml")
    assert exc.value.label == "bad.yaml"
    assert any("stamina is 20" in p for p in exc.value.problems)
    assert any("over the budget of 42" in p for p in exc.value.problems)
    with lg.act() as ctx:
        assert [c.name for c in roster.competitors(ctx) if c.name == "Bad"] == []


def test_a_player_adds_only_their_own_and_only_the_organiser_builds_cards(lg: League) -> None:
    with pytest.raises(Forbidden, match="only for themselves"), lg.act("Ann") as ctx:
        roster.add_competitor(ctx, "boxing", "name: X\n", "x", owner="Bo")
    with pytest.raises(Forbidden, match="only the organiser"), lg.act("Ann") as ctx:
        shows.create_show(ctx, "Mine", "2026-11-09", lg.clock.now)


def test_submissions_are_checked_for_owner_validity_deadline_and_duplicates(lg: League) -> None:
    number = open_show(lg, CARD)
    with pytest.raises(Forbidden, match="belongs to Ann"), lg.act("Bo") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
    with pytest.raises(LeagueError, match="Special"), lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", TWO_SPECIALS)  # Push Level 1 allows one Special
    with lg.act("Ann") as ctx:
        first = shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
    assert first.sha256 == canonical.sha256_hex(SAM_STRATEGY.encode())
    with pytest.raises(LeagueError, match="same as the one sent"), lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY.replace("\n", "\r\n"))
    with pytest.raises(LeagueError, match="takes no written strategy"), lg.act("Ann") as ctx:
        shows.submit(ctx, number, 2, "Mika Sato", SAM_STRATEGY)
    with pytest.raises(NotFound, match="no match 7"), lg.act("Ann") as ctx:
        shows.submit(ctx, number, 7, "Friendly Sam", SAM_STRATEGY)
    lg.clock.advance(days=2)
    with pytest.raises(LeagueError, match="late"), lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY + "\n")


def test_a_special_allowed_by_a_higher_push_level_is_accepted(lg: League) -> None:
    with lg.act() as ctx:
        roster.award_push(ctx, "Friendly Sam", roster.parse_points("2"), "a great promo")
    number = open_show(lg, CARD)
    with lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", TWO_SPECIALS)  # level 2: two Specials


def test_lock_publishes_a_manifest_and_run_plays_every_match_once(lg: League) -> None:
    number = open_show(lg, CARD)
    with lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
    lg.clock.advance(days=1, minutes=1)
    with lg.act() as ctx:
        s = shows.lock(ctx, number)
        assert s.seed is not None and len(s.seed) == 64
        assert s.seed_sha256 == canonical.sha256_hex(bytes.fromhex(s.seed))
        manifest = s.manifest
        assert manifest is not None
    subs = {(x["position"], x["side"]): x["sha256"] for x in manifest["submissions"]}
    assert subs == {(1, 0): canonical.sha256_hex(SAM_STRATEGY.encode()), (1, 1): None, (2, 0): None, (2, 1): None}
    assert [m["ruleset"] for m in manifest["card"]] == ["matchmatch", "boxing"]
    with pytest.raises(LeagueError, match="locked"), lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY + "\n")
    with pytest.raises(LeagueError, match="before lock"), lg.act() as ctx:
        add_match(ctx, number, "boxing", ["Mika Sato", "Rico Vance"])
    with lg.act() as ctx:
        s = running.run_show(ctx, number)
        assert s.status == "run"
        assert "Brother Bob sent no strategy" in s.writeup
        results = ctx.session.scalars(select(Result).order_by(Result.id)).all()
        assert [r.seed for r in results] == [str(canonical.match_seed(s.seed or "", s.uid, p)) for p in (1, 2)]
        assert results[0].inputs[0]["strategy"].startswith("Strategy:+High Flying")
    before = counts(lg)
    with pytest.raises(LeagueError, match="has run already"), lg.act() as ctx:
        running.run_show(ctx, number)
    assert counts(lg) == before
    with lg.act() as ctx:
        assert running.publish(ctx, number).status == "published"


def test_unlock_discards_the_seed_and_the_history_keeps_both_locks(lg: League) -> None:
    number = open_show(lg, CARD)
    with lg.act() as ctx:
        first = shows.lock(ctx, number).seed_sha256
        shows.unlock(ctx, number)
        s = shows.show(ctx, number)
        assert (s.status, s.seed, s.manifest) == ("open", None, None)
        second = shows.lock(ctx, number).seed_sha256
        events = ctx.session.scalars(select(ShowEvent).where(ShowEvent.show_id == s.id)
                                     .order_by(ShowEvent.id)).all()
    assert [e.kind for e in events if e.kind in ("lock", "unlock")] == ["lock", "unlock", "lock"]
    assert events[-1].detail["seed_sha256"] == second != first


def test_run_refuses_when_the_rules_changed_since_lock(lg: League) -> None:
    number = open_show(lg, CARD)
    with lg.act() as ctx:
        s = shows.lock(ctx, number)
        s.manifest = {**(s.manifest or {}), "ruleset_versions": {"matchmatch": "0.0", "boxing": "1.0"}}
    with pytest.raises(LeagueError, match=r"locked under matchmatch 0\.0, which this turnbuckle no longer plays"), \
            lg.act() as ctx:
        running.run_show(ctx, number)
    assert counts(lg) == (0, 0, 0)


def test_a_run_that_fails_half_way_changes_nothing(lg: League, monkeypatch: pytest.MonkeyPatch) -> None:
    number = open_show(lg, CARD)
    with lg.act() as ctx:
        shows.lock(ctx, number)
    real = running.play_match
    calls = []

    def failing(*args: object) -> list[str]:
        calls.append(1)
        if len(calls) == 2:
            raise LeagueError("the power went out")
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(running, "play_match", failing)
    with lg.act() as ctx:
        running.run_show(ctx, number)
    assert counts(lg) == (0, 0, 0)
    with lg.act() as ctx:
        s = shows.show(ctx, number)
        assert s.status == "locked" and s.run_error == "the power went out"
        assert all(c.wins == c.losses == c.draws == 0 for c in roster.competitors(ctx))
        kinds = [e.kind for e in ctx.session.scalars(select(ShowEvent).where(ShowEvent.show_id == s.id))]
        assert kinds[-1] == "run_failed"
    monkeypatch.setattr(running, "play_match", real)  # mended: unlock, lock, run
    with lg.act() as ctx:
        shows.unlock(ctx, number)
        shows.lock(ctx, number)
    with lg.act() as ctx:
        s = running.run_show(ctx, number)
        assert s.status == "run" and s.run_error is None
    assert counts(lg)[0] == 2


def test_referees_are_drawn_from_the_published_card_seed(lg: League) -> None:
    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"]), ("m2", ["Iron Ivan", "Lady Lightning"])])
    with lg.act() as ctx:
        s = shows.show(ctx, number)
        names = sorted(r.name for r in roster.referees(ctx))
        for m in s.matches:
            assert m.referee_drawn
            assert m.referee is not None
            key = canonical.card_key(s.uid, "matchmatch", "standard", [sd.competitor.uid for sd in m.sides])
            assert m.referee.name == names[canonical.content_referee_draw(s.card_seed or "", key, 2)]
            assert m.grid == canonical.grid_draw(s.card_seed or "", key, ROLL_GRID) and m.grid_drawn


def test_deadlines_are_stored_in_utc_and_shown_in_league_time(lg: League) -> None:
    with lg.act() as ctx:
        s = shows.create_show(ctx, "W", "2026-07-01", lg.clock.now.replace(year=2027, month=7) + timedelta(hours=1))
        assert s.deadline.utcoffset() == timedelta(0)
        assert ctx.local(s.deadline).endswith("BST")


def test_every_organiser_service_refuses_a_player(lg: League) -> None:
    number = open_show(lg, CARD)
    calls: dict[str, Callable[[Ctx], object]] = {
        "add a member": lambda ctx: roster.add_member(ctx, "Cy"),
        "add a referee": lambda ctx: roster.add_referee(ctx, "Bill Order", "ref"),
        "add a title": lambda ctx: roster.add_title(ctx, "Belt", "boxing"),
        "award Push points": lambda ctx: roster.award_push(ctx, "Friendly Sam", roster.parse_points("1"), "x"),
        "create a show": lambda ctx: shows.create_show(ctx, "X", "2026-11-09", ctx.now()),
        "build the card": lambda ctx: add_match(ctx, number, "boxing", ["Mika Sato", "Rico Vance"]),
        "open": lambda ctx: shows.open_show(ctx, number),
        "lock": lambda ctx: shows.lock(ctx, number),
        "unlock": lambda ctx: shows.unlock(ctx, number),
        "run": lambda ctx: running.run_show(ctx, number),
        "heal": lambda ctx: running.heal(ctx, number),
        "publish": lambda ctx: running.publish(ctx, number),
    }
    for what, call in calls.items():
        with pytest.raises(Forbidden, match="only the organiser"), lg.act("Bo") as ctx:
            call(ctx)
        assert what
