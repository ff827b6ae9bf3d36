"""CPU-heavy work runs in worker threads, off the event loop (issue 26, item 4): the score keeper's
replay of a match, and argon2 when someone signs in. On the loop, four keeper clients raised a cheap
page from 8 ms to 2 s; ``make bench`` measures the page under such load (benchmarks/web.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.web.support import Site, sign_in
from tests.web.test_keeper import post, start
from turnbuckle.league.services import accounts
from turnbuckle.web.keeper import form as keeper_form
from turnbuckle.web.keeper import pages as keeper


def _on_the_event_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _watched(calls: list[bool], func: Any) -> Any:
    def watched(*args: Any, **kwargs: Any) -> Any:
        calls.append(_on_the_event_loop())
        return func(*args, **kwargs)

    return watched


def test_the_score_keeper_plays_in_a_worker_thread(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    loads: list[bool] = []
    monkeypatch.setattr(keeper, "load", _watched(loads, keeper_form.load))
    with site.client() as client:
        page = start(client, "boxing", "slugger", "speedster")
        rolled = post(client, page, "keeper", action="roll")
        assert rolled.status_code == 200
        assert post(client, rolled, "keeper", action="undo").status_code == 200
    assert loads == [False, False, False]


def test_a_password_is_checked_in_a_worker_thread(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    checks: list[bool] = []
    monkeypatch.setattr(accounts, "sign_in", _watched(checks, accounts.sign_in))
    with site.client() as client:
        assert sign_in(client, "Ann").status_code == 303
        assert sign_in(client, "Bo", "wrong password").status_code == 401
    assert checks == [False, False]
