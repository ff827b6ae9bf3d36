"""A crowd of JSON-API clients against the real server (uvicorn as ``turnbuckle serve`` runs it) on
loopback, on SQLite and PostgreSQL (issue 26, item 1). Before the fix, more than about 55
simultaneous requests stalled the server for the pool's 30 s and answered 500: a sync route held its
pooled connection while it waited for a worker thread, and the threads waited for connections.
Now 150 at once are all answered 200; of 500 at once, at least half 200 and the rest 503 with
Retry-After, none taking over 5 s. The same bound holds on the heaviest list, ``/api/standings`` of a
league of 225 competitors: identical reads in flight at once share one answer (web/serving/coalesce.py)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

import pytest

from tests.league.conftest import pg_admin, pg_session_db, sqlite_template, url  # noqa: F401  (fixtures)
from tests.league.helpers import League, build, open_show, sample
from tests.web.serve_support import crowd, serving
from turnbuckle.league.services import roster
from turnbuckle.web.app import create_app

pytestmark = pytest.mark.solo  # timed: run alone (make test runs the solo tests after the parallel run)


@pytest.fixture
def lg(url: str) -> Iterator[League]:  # noqa: F811  (the url fixture above)
    league = build(url)
    open_show(lg=league, card=[("m2", ["Friendly Sam", "Brother Bob"])])
    yield league
    league.close()


def test_a_crowd_of_api_clients_is_served_or_told_to_come_back(lg: League) -> None:
    with serving(create_app(lg.url, clock=lg.clock, auto_lock_every=None)) as (base, _port):
        answers = crowd(base, "/api/shows", 150)
        assert Counter(a.status for a in answers) == {200: 150}
        answers = crowd(base, "/api/shows", 500)
    statuses = Counter(a.status for a in answers)
    slowest = max(a.seconds for a in answers)
    print(f"\ncrowd ({lg.url.split(':')[0]}): 500 at once: {dict(statuses)}, slowest {slowest:.2f} s")
    assert set(statuses) <= {200, 503}, statuses
    assert statuses[200] >= 250, statuses
    assert all(a.retry_after for a in answers if a.status == 503)
    assert slowest < 5.0


def test_a_crowd_on_the_standings_of_225_competitors_is_held_to_the_same_bound(lg: League) -> None:
    text = sample("m2", "friendly-sam")
    with lg.act("Fran") as ctx:
        for i in range(225 - 6):  # the test league has 6
            roster.add_competitor(ctx, "m2", re.sub(r"name: .*", f"name: Crowd Wrestler {i}", text, count=1),
                                  f"crowd-{i}.yaml", "Ann")
    with serving(create_app(lg.url, clock=lg.clock, auto_lock_every=None)) as (base, _port):
        answers = crowd(base, "/api/standings", 500)
    statuses = Counter(a.status for a in answers)
    slowest = max(a.seconds for a in answers)
    print(f"\nstandings crowd ({lg.url.split(':')[0]}): 500 at once: {dict(statuses)}, slowest {slowest:.2f} s")
    assert set(statuses) <= {200, 503}, statuses
    assert statuses[200] >= 250, statuses
    assert all(a.retry_after for a in answers if a.status == 503)
    assert slowest < 5.0
