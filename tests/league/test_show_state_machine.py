"""Nothing stuck: a Hypothesis state machine drives one show through random organiser and player
steps (card edits, submits, deadline moves, locks, unlocks, runs, publishes, deletes, the clock
moving; invalid steps included, and refused) and checks after every step that from the state
reached the organiser can still run and publish the show with every match then on the card
played, removing or deleting nothing. The check runs inside a savepoint that is rolled back, so
the walk goes on from the state itself. SQLite only: the services are the same on PostgreSQL
(tests/league run them on both), and this walk is about states, not servers."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from sqlalchemy import select

from tests.league.helpers import SAM_STRATEGY, TWO_SPECIALS, League, build
from turnbuckle.core.errors import RulesError
from turnbuckle.league.models import Result, Show
from turnbuckle.league.services import card, running, shows

WRESTLERS = ["Friendly Sam", "Brother Bob", "Iron Ivan", "Lady Lightning"]
OWNERS = {"Friendly Sam": "Ann", "Iron Ivan": "Ann", "Brother Bob": "Bo", "Lady Lightning": "Bo"}
TYPES = ["standard", "cage", "strap", "scaffold", "cgae"]
TEXTS = [SAM_STRATEGY, SAM_STRATEGY.replace(", Grid B", ", Grid 2"), SAM_STRATEGY.replace(", Grid B", ""),
         TWO_SPECIALS, "Strategy: +Brawl +Cheat -Tech\nRound\tTarget\tType\tNotes\n1\tStam\tIllegal\tx\n",
         "no strategy at all", "Strategy: +Brawl +Cheat -Tech, Grid C\nFirst name chooses A-C, second chooses 1-3\n"
         "\tA\tB\tC\n1\tBr\tCh\tBr\n2\tCh\tBr\tCh\n3\tBr\tCh\tBr\n"]
REFUSED = (RulesError,)


class ShowLife(RuleBasedStateMachine):
    """One league, one show at a time (a deleted show is followed by a new one)."""

    template: Path
    workdir: Path

    @initialize()
    def start(self) -> None:
        self.path = self.workdir / f"walk-{id(self)}.db"
        shutil.copy(self.template, self.path)
        self.lg = League(f"sqlite:///{self.path}")
        self.key = self._new_show()

    def _new_show(self) -> str:
        with self.lg.act() as ctx:
            return str(shows.create_show(ctx, "Walk", "2026-11-09", self.lg.clock.now + timedelta(days=1)).number)

    def _try(self, who: str | None, step: object, *args: object, **kw: object) -> None:
        try:
            with self.lg.act(who) as ctx:
                step(ctx, *args, **kw)  # type: ignore[operator]
        except REFUSED:
            pass

    @rule(a=st.sampled_from(WRESTLERS), b=st.sampled_from(WRESTLERS), kind=st.sampled_from(TYPES),
          rebook=st.booleans())
    def add(self, a: str, b: str, kind: str, rebook: bool) -> None:
        self._try(None, card.add_match, self.key, "m2", [a, b], {"type": kind}, rebook=rebook)

    @rule(position=st.integers(1, 4), kind=st.sampled_from(TYPES), a=st.sampled_from(WRESTLERS),
          b=st.sampled_from(WRESTLERS), change_sides=st.booleans())
    def edit(self, position: int, kind: str, a: str, b: str, change_sides: bool) -> None:
        self._try(None, card.edit_match, self.key, position, sides=[a, b] if change_sides else None,
                  options={"type": kind}, rebook=True)

    @rule(position=st.integers(1, 4))
    def remove(self, position: int) -> None:
        self._try(None, card.remove_match, self.key, position)

    @rule(position=st.integers(1, 4), to=st.integers(0, 5))
    def move(self, position: int, to: int) -> None:
        self._try(None, card.move_match, self.key, position, to)

    @rule(position=st.integers(1, 4), who=st.sampled_from(WRESTLERS), text=st.sampled_from(TEXTS))
    def submit(self, position: int, who: str, text: str) -> None:
        self._try(OWNERS[who], shows.submit, self.key, position, who, text)

    @rule(hours=st.integers(-30, 60))
    def deadline(self, hours: int) -> None:
        self._try(None, card.move_deadline, self.key, self.lg.clock.now + timedelta(hours=hours))

    @rule(hours=st.integers(1, 40))
    def time_passes(self, hours: int) -> None:
        self.lg.clock.advance(hours=hours)

    @rule(step=st.sampled_from(["open", "lock", "unlock", "lock_due", "run", "publish", "heal"]))
    def show_step(self, step: str) -> None:
        calls = {"open": shows.open_show, "lock": shows.lock, "unlock": shows.unlock, "run": running.run_show,
                 "publish": running.publish, "heal": running.heal}
        if step == "lock_due":
            self._try("Ann", lambda ctx: shows.lock_due(ctx))
        else:
            self._try(None, calls[step], self.key)

    @rule()
    def delete(self) -> None:
        try:
            with self.lg.act() as ctx:
                card.delete_show(ctx, self.key)
        except REFUSED:
            return
        self.key = self._new_show()

    @invariant()
    def can_still_be_run_and_published(self) -> None:
        """From here the organiser reaches 'published' with every match on the card played."""
        if not hasattr(self, "lg"):
            return
        with self.lg.act() as ctx:
            savepoint = ctx.session.begin_nested()
            s = shows.show(ctx, self.key)
            if s.status == "published":
                savepoint.rollback()
                return
            if s.status == "draft" and not s.matches:
                card.add_match(ctx, self.key, "m2", ["Friendly Sam", "Brother Bob"])
            if s.status == "draft":
                shows.open_show(ctx, self.key)
            if s.status == "open":
                shows.lock(ctx, self.key)
            if s.status == "locked":
                ran = running.run_show(ctx, self.key)
                assert ran.status == "run", f"the run failed: {ran.run_error}"
            running.publish(ctx, self.key)
            s = shows.show(ctx, self.key)
            played = set(ctx.session.scalars(select(Result.match_id).where(Result.show_id == s.id)))
            assert s.status == "published" and played == {m.id for m in s.matches}
            assert ctx.session.scalars(select(Show).where(Show.id == s.id)).one() is s
            savepoint.rollback()

    def teardown(self) -> None:
        if hasattr(self, "lg"):
            self.lg.close()


@pytest.mark.filterwarnings("ignore::hypothesis.errors.NonInteractiveExampleWarning")
def test_a_show_never_gets_stuck(sqlite_template: Path, tmp_path: Path) -> None:
    ShowLife.workdir = tmp_path
    shutil.copy(sqlite_template, tmp_path / "seeded.db")
    build(f"sqlite:///{tmp_path / 'seeded.db'}").close()  # the test league, copied for every walk
    ShowLife.template = tmp_path / "seeded.db"
    from hypothesis.stateful import run_state_machine_as_test

    run_state_machine_as_test(ShowLife, settings=settings(
        max_examples=25, stateful_step_count=30, deadline=None, derandomize=True,
        suppress_health_check=list(HealthCheck)))
