"""Fair play: a player changes nothing of a match but their own side's choices. Every field a
player sends through the services (strategy text with anything smuggled in it, their own sheet
edited after the card opened) is tried; whatever is accepted, the match is played on the card's
grid, referee, type and length, both sides' sheets as frozen at open with the league's Push Level
and injuries, and the opponent's side untouched. (The web forms and API bodies are walked in
tests/web.)"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from tests.league.helpers import SAM_STRATEGY, League, open_show, sample
from turnbuckle.core.errors import RulesError
from turnbuckle.league.models import Result
from turnbuckle.league.services import roster, running, shows
from turnbuckle.league.services.running import match_options
from turnbuckle.league.services.sides import card_side_document

PLAN = "Round\tTarget\tType\tNotes\n1\tStam\tHigh Spot\tUp.\n"
CHEAT_GRID = "First name chooses A-C, second chooses 1-3\n\tA\tB\tC\n1\tBr\tCh\tBr\n2\tCh\tBr\tCh\n3\tBr\tCh\tBr\n"
HOSTILE = [
    SAM_STRATEGY,
    "Strategy: +High Flying +Technical -Brawl, Grid B\n" + CHEAT_GRID + PLAN,
    "wrestler:\n  name: Friendly Sam\n  stamina: 15\n  push_level: 5\n  injuries: 0\n"
    "strategy: |\n  Strategy: +High Flying +Technical -Brawl, Grid B\n  Round\tTarget\tType\tNotes\n",
    "plus: [high_flying, technical]\nminus: brawling\ngrid: B\nreferee: Zero Tolerance\nrounds: 1\n",
    "plus: [high_flying, technical]\nminus: brawling\ngrid: B\n",
    '{"plus": ["high_flying", "technical"], "minus": "brawling", "grid": "B", "type": "cage", "options": {}}',
    "Strategy: +High Flying +Technical -Brawl, Grid B\nPush Level: 5\nHigh Spots: 9\nReferee: Zero Tolerance\n"
    "Match type: cage\n" + PLAN,
    "team:\n  name: Sneaky\n  members: [friendly-sam, brother-bob]\n  use: Brother Bob\n",
    "player: weakest",
    "Strategy: +High Flying +Technical -Brawl, Grid B\n" + PLAN * 40 + "\u202e\x00",
    "Strategy: +High Flying +Technical -Brawl, Grid 2\n" + PLAN,
]


def _without_strategy(doc: dict[str, Any], standing: bool = True) -> dict[str, Any]:
    """The side's document less its strategy (and, with ``standing`` False, less the league's Push
    Level and injuries, which the matches before it on this card may have moved)."""
    out = {k: v for k, v in doc.items() if k != "strategy"}
    if not standing:
        out["wrestler"] = {k: v for k, v in out["wrestler"].items() if k not in ("push_level", "injuries")}
    return out


def test_nothing_a_player_sends_changes_anything_but_their_own_choices(lg: League) -> None:
    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])] * len(HOSTILE))
    accepted = []
    for position, text in enumerate(HOSTILE, start=1):
        try:
            with lg.act("Ann") as ctx:
                shows.submit(ctx, number, position, "Friendly Sam", text)
            accepted.append(position)
        except RulesError:
            pass
    assert 1 in accepted and 2 not in accepted  # a fair strategy goes in; one written for a player's grid does not
    heavy = sample("m2", "friendly-sam").replace("stamina: 10", "stamina: 12").replace("technical: 5", "technical: 3")
    with lg.act("Ann") as ctx:  # the owner edits the sheet after the card opened: it counts from the next show
        roster.replace_sheet(ctx, "Friendly Sam", heavy, "sam.yaml")
    with lg.act() as ctx:
        shows.lock(ctx, number)
    with lg.act() as ctx:
        s = shows.show(ctx, number)
        expected = {m.id: ([_without_strategy(card_side_document(ctx, sd, None, "current")) for sd in m.sides],
                           match_options(m), m.grid, m.referee.name if m.referee else None) for m in s.matches}
        assert all(docs[0]["wrestler"]["stamina"] == 10 for docs, *_ in expected.values())  # frozen at open
    with lg.act() as ctx:
        assert running.run_show(ctx, number).status == "run"
    with lg.act() as ctx:
        for result in ctx.session.scalars(select(Result)):
            docs, options, grid, referee = expected[result.match_id]
            first = result.match_id == min(expected)
            assert [_without_strategy(d, first) for d in result.inputs] == [_without_strategy(d, first) for d in docs]
            assert all(d["wrestler"]["push_level"] < 5 for d in result.inputs)
            assert result.record["options"]["grid"] == grid == options["grid"]
            assert result.record["options"]["type"] == "standard" and result.record["options"]["rounds"] == 20
            start = next(e for e in result.record["events"] if e["type"] == "match_start")
            assert start["referee"] == referee and start["rounds"] == 20 and start["match_type"] == "Standard match"
            bob = next(e for e in result.record["events"] if e["type"] == "side" and e["side"] == "Brother Bob")
            assert bob["stamina"] == 10 and bob["high_spots"] == 0
            sam = next(e for e in result.record["events"] if e["type"] == "side" and e["side"] == "Friendly Sam")
            assert sam["specials"] < 5 and sam["high_spots"] == 3 and sam["stamina"] == 10
