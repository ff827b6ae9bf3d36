"""A player who names a wrestler after another's competitor id does not take that competitor's
strategy page: the page's id is an id, the wrestler's name only a name."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select, update

from tests.web.pages_support import client_for, competitor_id, copy_demo, submission_texts
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.demo import BOB
from turnbuckle.league.models import CardSide, Competitor, Member, Submission


def test_a_wrestler_named_as_another_ones_id_leaves_its_strategy_page_alone(tmp_path: Path) -> None:
    url = copy_demo(tmp_path)
    bob = competitor_id(url, "Brother Bob")  # Ann's, named first in match 1 of the open show 3
    engine = make_engine(url)
    with session_scope(engine) as session:  # another player's older wrestler, named before the rule
        bo = session.scalars(select(Member.id).where(Member.name == "Bo")).one()
        first = session.scalars(select(Competitor.id).where(Competitor.owner_id == bo, Competitor.id < bob)
                                .order_by(Competitor.id)).first()
        assert first is not None, "the demo has no competitor of Bo's older than Brother Bob"
        session.execute(update(Competitor).where(Competitor.id == first).values(name=str(bob)))
    path = f"/shows/3/matches/1/strategy/{bob}"
    before = len(submission_texts(url))
    with client_for(url, "Ann") as ann:
        assert ann.get(path).status_code == 200
        sent = ann.post(path, data={"text": BOB.replace(", Grid 2", ", Grid B")})
        assert sent.status_code == 200 and "Strategy received" in sent.text, sent.text[-2000:]
        assert ann.get(f"/competitors/{bob}").status_code == 200
    with client_for(url, "Bo") as bo_client:  # the wrestler named like the id is Bo's, and no side of that match
        assert bo_client.get(path).status_code == 404
        assert bo_client.get(f"/shows/3/matches/1/strategy/{first}").status_code == 404
    assert len(submission_texts(url)) == before + 1
    with session_scope(engine) as session:
        newest = session.scalars(select(Submission).order_by(Submission.id.desc())).first()
        assert newest is not None and session.get_one(CardSide, newest.side_id).competitor_id == bob
    engine.dispose()
