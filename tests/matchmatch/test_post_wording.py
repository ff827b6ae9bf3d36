"""MatchMatch's words in a results post and a ringside call: a match type won only by its own finish
(the Cage's escape, the Scaffold's ten count, the Strap's four corners) has no pin words; the
automatic player's stock notes are its plan, not a side's quoted words; every injury is counted;
and in the post, a league of one game names no game on each line and the text format keeps names'
case in headings. The records are unchanged: only their words."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tests.matchmatch.helpers import RULESET, happenings, sample
from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.render import render_text
from turnbuckle.core.sources import SeededSource
from turnbuckle.league.post import renderer
from turnbuckle.league.post.card import MatchLine, ResultsCard
from turnbuckle.league.post.compose import results_post
from turnbuckle.league.post.doc import Heading, Post
from turnbuckle.rulesets.matchmatch.narrator import narrate
from turnbuckle.rulesets.matchmatch.post_text import short_account


def _with_a_near_miss(match_type: str) -> MatchRecord:
    for seed in range(200):
        rec = RULESET.run([sample("brother-bob"), sample("friendly-sam")], SeededSource(seed), {"type": match_type})
        if any(c["count"] == 2 for c in happenings(rec, "victory_check")):
            return rec
    raise AssertionError(f"no {match_type} match with a count of two in 200 seeds")


@pytest.mark.parametrize(("match_type", "near"), [("cage", "nearly out of the cage"),
                                                  ("scaffold", "off the scaffold to a count of nine"),
                                                  ("strap", "three corners touched")])
def test_a_type_won_by_its_own_finish_has_no_pin_words(match_type: str, near: str) -> None:
    rec = _with_a_near_miss(match_type)
    told = " ".join(short_account(rec))
    call = render_text(narrate(rec))
    assert "down for two" not in told and "near falls" not in told and near in told, told
    for pin_word in ("TWO count", "a one count", " covers ", ": THREE."):
        assert pin_word not in call, pin_word


def test_a_standard_match_keeps_its_pin_words() -> None:
    rec = _with_a_near_miss("standard")
    assert "down for two" in " ".join(short_account(rec))
    assert "TWO count" in render_text(narrate(rec))


def test_the_automatic_players_notes_are_its_plan_not_a_quote() -> None:
    rec = _with_a_near_miss("standard")
    assert all(s["auto"] for s in happenings(rec, "side"))  # the samples send no strategy here
    told = " ".join(short_account(rec))
    assert "\u201c" not in told and "called the finish" not in told
    assert "the automatic player" in told, told
    call = render_text(narrate(rec))
    notes = [a["notes"] for a in happenings(rec, "action") if a["notes"]]
    assert notes and f'"{notes[0]}"' not in call and "the automatic player's plan: " in call


def test_every_injury_is_counted() -> None:
    rec = _with_a_near_miss("standard")
    extra = [Happening("injury_check", {"round": i, "side": rec.names[i % 2], "roll": 6, "total": 9, "injured": True,
                                        "injuries": i}) for i in range(1, 6)]
    told = " ".join(short_account(dataclasses.replace(rec, events=[*rec.events, *extra])))
    assert "Injured: " in told and " in round 3 and 2 more." in told, told  # three named, then the rest counted


def _card(many_games: bool) -> ResultsCard:
    line = MatchLine(position=1, game="MatchMatch (M2)", names=("Brother Bob", "Iron Ivan"),
                     headline="Brother Bob def. Iron Ivan by pinfall in round 7", extras=(), account=("A.",),
                     notes=(), seed="1", href="https://fed.example/shows/1/matches/1")
    return ResultsCard(league="L", number=1, name="N", date="2026-01-01", intro="", matches=(line,), seed="s",
                       seed_sha256="h", card_seed="c", manifest_sha256="", show_href="", export_href="",
                       many_games=many_games)


def test_a_league_of_one_game_names_no_game_on_its_lines() -> None:
    one = renderer("markdown")(results_post(_card(False)))[0]
    assert "MatchMatch" not in one and "**Match 1**: [Brother Bob def." in one
    many = renderer("markdown")(results_post(_card(True)))[0]
    assert "**Match 1** (MatchMatch (M2)): [Brother Bob def." in many


def test_the_text_format_keeps_names_case_in_headings() -> None:
    text = renderer("text")(Post("t", ((Heading("Match 1: Brother Bob vs Iron Ivan", 3),),)))[0]
    assert text.splitlines()[0] == "Match 1: Brother Bob vs Iron Ivan" and "BROTHER" not in text


def test_a_league_whose_competitors_play_one_game_is_told_from_one_of_many(tmp_path: Path) -> None:
    from sqlalchemy import update

    from tests.league.post_league import copy_post_league
    from turnbuckle.league.assembly import assemble
    from turnbuckle.league.db import make_engine, session_scope
    from turnbuckle.league.models import Competitor
    from turnbuckle.league.post.links import Links
    from turnbuckle.league.queries_posts import _many_games, results_card

    engine = make_engine(copy_post_league(tmp_path))
    try:
        with session_scope(engine) as session:
            ctx = assemble().context(session)
            assert results_card(ctx, "1", Links()).many_games  # the demo league runs five games
            session.execute(update(Competitor).values(ruleset="matchmatch"))
            assert not _many_games(ctx, {"matchmatch"})
            assert _many_games(ctx, {"matchmatch", "boxing"})  # a show's own games count too
            session.rollback()
    finally:
        engine.dispose()
