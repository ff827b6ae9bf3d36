"""Whole-match rules: the deck and reshuffles, tag teams, the turn limit and decision, players and
what they may see."""

from __future__ import annotations

import dataclasses
import random

import pytest

from turnbuckle.core.cards import parse_card, standard_deck
from turnbuckle.core.errors import RulesError, ScriptError
from turnbuckle.core.events import Choice, Draw
from turnbuckle.core.sources import AskingSource, ScriptedSource, SeededSource
from turnbuckle.rulesets.headlock import players
from turnbuckle.rulesets.headlock.deck import make_piles, team_piles
from turnbuckle.rulesets.headlock.players import (
    MoveView,
    Rules,
    TagView,
    Wrestler,
    best_move,
    move_options,
    move_value,
    smart_move,
)
from turnbuckle.rulesets.headlock.sheet import Character

from .util import RS, char, events, one, play

CLUBS_DIAMONDS = [f"{r}{s}" for s in "CD" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
HEARTS_SPADES = [f"{r}{s}" for s in "HS" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]


def harmless(name: str) -> Character:
    """Nobody gets hurt much: ATK 1 against DEF 20 (a special does 1 damage)."""
    return char(name=name, atk=1, defense=20)


def _cards(first: list[str], second: list[str]) -> list[str]:
    return [c for pair in zip(first, second, strict=True) for c in pair]


def test_split_deck_each_side_draws_its_half_then_reshuffles_its_own_discards() -> None:
    script = [*_cards(CLUBS_DIAMONDS, HEARTS_SPADES), "7C", "QS"]
    rec = play([harmless("Red"), harmless("Blue")], script, players={0: "solo", 1: "solo"}, turns=27)
    assert [(e["pile"], e["cards"], e["count"]) for e in events(rec, "reshuffle")] == [("Red", 26, 1), ("Blue", 26, 1)]


def test_after_the_split_a_side_cannot_draw_the_other_sides_cards() -> None:
    script = [*_cards(CLUBS_DIAMONDS, HEARTS_SPADES), "7H"]
    with pytest.raises(ScriptError, match="7H is not in the pile"):
        play([harmless("Red"), harmless("Blue")], script, players={0: "solo", 1: "solo"}, turns=27)


def test_a_drawn_card_cannot_come_again_before_the_reshuffle() -> None:
    with pytest.raises(ScriptError, match="5C is not in the pile"):
        play([harmless("Red"), harmless("Blue")], ["5C", "5D", "5C"], players={0: "solo", 1: "solo"}, turns=2)


def test_own_decks_hold_52_cards_each() -> None:
    full = CLUBS_DIAMONDS + HEARTS_SPADES
    script = [*_cards(full, full), "AC", "AC"]
    rec = play([harmless("Red"), harmless("Blue")], script, players={0: "solo", 1: "solo"}, turns=53, deck="own")
    assert [(e["pile"], e["cards"]) for e in events(rec, "reshuffle")] == [("Red", 52), ("Blue", 52)]


def test_piles_share_out_the_deck() -> None:
    halves = make_piles(["Red", "Blue"], split=True)
    assert [p.share for p in halves] == [26, 26]
    assert halves[0].deck is halves[1].deck
    own = make_piles(["Red", "Blue"], split=False)
    assert [p.share for p in own] == [52, 52]
    assert own[0].deck is not own[1].deck
    quarters = team_piles([["A", "B"], ["C", "D"]], deck_split=True, per_wrestler=True)
    assert [[p.share for p in t] for t in quarters] == [[13, 13], [13, 13]]
    team_halves = team_piles([["A", "B"], ["C", "D"]], deck_split=True, per_wrestler=False)
    assert [[p.name for p in t] for t in team_halves] == [["A & B"], ["C & D"]]
    two_decks = team_piles([["A", "B"], ["C", "D"]], deck_split=False, per_wrestler=True)
    assert [[p.share for p in t] for t in two_decks] == [[26, 26], [26, 26]]
    assert two_decks[0][0].deck is two_decks[0][1].deck is not two_decks[1][0].deck


def test_tag_out_on_a_won_speed_contest() -> None:
    sides = [char(name="Red"), char(name="Rose"), char(name="Blue"), char(name="Bea")]
    script = ["9H", "s5", "3H", "s1", "tag",  # Red wins the speed contest 14-12 and tags Rose in
              "8H", "s5", "2H", "s1", "attack"]  # Rose wins 13-11 and attacks
    rec = play(sides, script, turns=2)
    assert one(rec, "tag") == {"turn": 1, "out": "Red", "into": "Rose"}
    assert events(rec, "turn")[1]["legal"] == ["Rose", "Blue"]
    hit = one(rec, "hit")
    assert (hit["attacker"], hit["defender"], hit["damage"]) == ("Rose", "Blue", 11)
    assert rec.result.method == "decision"
    assert rec.result.extra["team"] == ["Red", "Rose"]


def test_no_tag_choice_for_a_special() -> None:
    sides = [char(name="Red"), char(name="Rose"), char(name="Blue"), char(name="Bea")]
    rec = play(sides, ["KH", "3H", "s1"], turns=1)
    assert events(rec, "tag") == []
    assert one(rec, "hit")["special"] is True


def test_tag_piles_per_wrestler() -> None:
    sides = [char(name="Red"), char(name="Rose"), char(name="Blue"), char(name="Bea")]
    rec = play(sides, ["9H", "s5", "3H", "s1", "tag"], turns=1, tag_piles="wrestler")
    assert one(rec, "match_start")["piles"] == ["Bea", "Blue", "Red", "Rose"]


def test_three_wrestlers_is_an_error() -> None:
    with pytest.raises(RulesError, match="tag match"):
        RS.run([char(name="A"), char(name="B"), char(name="C")], SeededSource(1))


def test_decision_goes_by_share_of_hp_not_raw_hp() -> None:
    red, blue = char(name="Red", sta=2, spd=20), char(name="Blue", sta=12)
    rec = play([red, blue], ["9H", "s5", "3H", "s1"], turns=1)
    assert one(rec, "hit")["hp"] == 109
    assert one(rec, "decision") == {"hp": {"Red": 20, "Blue": 109}, "start": {"Red": 20, "Blue": 120}}
    assert (rec.result.winner, rec.result.method, dict(rec.result.at)) == (0, "decision", {"turn": 1})


def test_decision_draw_on_equal_shares() -> None:
    rec = play([char(name="Red"), char(name="Blue")], ["6H", "s3", "6D", "s3"], turns=1)
    assert (rec.result.winner, rec.result.method) == (None, "draw")


def test_default_turn_limit_is_60() -> None:
    rec = RS.run([harmless("Red"), harmless("Blue")], SeededSource(4), {}, {0: "solo", 1: "solo"})
    assert rec.result.method in ("decision", "draw")
    assert rec.result.at["turn"] == 60
    assert len(events(rec, "turn")) == 60


def test_solo_plays_the_highest_power_the_card_allows() -> None:
    rec = play([char(name="Red"), char(name="Blue")], ["6H", "AD"], players={0: "solo", 1: "solo"}, turns=1)
    assert one(rec, "reveal")["moves"] == {"Red": "s5", "Blue": "s7"}


def test_solo_cap_limits_its_moves_and_prefers_a_submission_grapple() -> None:
    red = char(name="Red", grapples=("grapple", "submission", "grapple", "grapple"))
    rec = play([red, char(name="Blue")], ["9H", "AD"], players={0: "solo", 1: "solo"}, turns=1, cap=4)
    assert one(rec, "reveal")["moves"] == {"Red": "g3", "Blue": "s3"}


def test_human_choice_must_be_allowed_by_the_card() -> None:
    with pytest.raises(ScriptError, match="expected one of s1/s3/s5/g1/g3/g5"):
        play([char(name="Red"), char(name="Blue")], ["5H", "s7"], turns=1)


def test_human_player_needs_a_script_or_the_prompt() -> None:
    with pytest.raises(RulesError, match="--dice ask"):
        RS.run([char(name="Red"), char(name="Blue")], SeededSource(1), {}, {0: "human"})


def test_unknown_player_kind() -> None:
    with pytest.raises(RulesError, match="player 'greedy'"):
        RS.run([char(name="Red"), char(name="Blue")], SeededSource(1), {}, {0: "greedy"})


def test_choices_are_logged_with_who_made_them() -> None:
    rec = play([char(name="Red"), char(name="Blue")], ["6H", "g3", "AD"], players={0: "human", 1: "smart"}, turns=1)
    choices = [e for e in rec.events if isinstance(e, Choice)]
    assert next((c.side, c.by, c.chosen) for c in choices) == ("Red", "script", "g3")
    assert choices[1].side == "Blue"
    assert choices[1].by == "smart"
    assert [e.card for e in rec.events if isinstance(e, Draw)] == ["6H", "AD"]


def test_views_have_no_field_for_the_opponents_card() -> None:
    for view in (MoveView, TagView):
        card_fields = [f.name for f in dataclasses.fields(view) if "Card" in str(f.type)]
        # Its own card, and the cards each side has turned over before this turn (public).
        assert card_fields == (["card", "seen_mine", "seen_theirs"] if view is MoveView else [])
    assert {f.name for f in dataclasses.fields(Wrestler)} == {"name", "sheet", "hp", "knockdowns"}


def test_smart_choice_does_not_depend_on_the_opponents_card() -> None:
    red, blue = char(name="Red", grapples=("grapple", "submission", "grapple", "choke")), char(name="Blue")
    chosen = set()
    for theirs in ("2C", "9S", "AD", "KH", "QS", "5H"):
        rec = play([red, blue], ["8H", theirs], players={0: "smart", 1: "solo"}, turns=1)
        chosen.add(one(rec, "reveal")["moves"]["Red"])
    assert len(chosen) == 1


def test_smart_takes_the_best_expected_value() -> None:
    red, blue = char(name="Red", spd=4, atk=16), char(name="Blue", spd=15, defense=8)
    view = MoveView(Wrestler("Red", red, 100), parse_card("9C"), Wrestler("Blue", blue, 100),
                    ("s1", "s3", "s5", "s7", "g1", "g3", "g5", "g7"), 1, Rules())
    values = {code: move_value(view, code) for code in view.options}
    best = smart_move(view)
    assert values[best] == max(values.values())
    # slow against fast: the low-power move wins more speed contests and is worth more here
    assert values["s1"] > values["s7"]


def test_smart_move_remembers_exactly_what_it_may() -> None:
    """``smart_move`` remembers its choices. It always equals ``best_move``: sweeping each field
    it keys on (the opponent's HP and knockdowns, the card, the rules, either sheet) with the
    rest fixed changes the best move somewhere in every sweep, so a field missing from the key
    would hand back a stale choice; the fields it does not key on (its own HP and knockdowns,
    the turn, the names) vary at random. A second question with the same key is not priced."""
    rng = random.Random(5)
    red = char(name="Red", spd=4, atk=16, grapples=("grapple", "submission", "grapple", "choke"))
    blue = char(name="Blue", spd=15, defense=8)
    rhino = RS.load_text(RS.sample("the-rhino").text, "rhino")
    numbers = [c for c in standard_deck() if not c.is_face]
    base = {"me": rhino, "opp": blue, "card": parse_card("9C"), "rules": Rules(knockout=True, getup_rolls=1),
            "hp": 20, "kd": 1}
    sweeps: dict[str, list[object]] = {
        "hp": list(range(1, blue.hp + 1)),
        "kd": list(range(6)),
        "card": list(numbers),
        "rules": [Rules(choke=c, knockout=k, getup_rolls=r, getup_die=d) for c in (False, True)
                  for k in (False, True) for r in (1, 3, 10) for d in (8, 12, 20)],
        "me": [rhino, red, blue],
        "opp": [blue, red, rhino],
    }
    for field, values in sweeps.items():
        players._CHOICES.clear()
        answers = set()
        for value in values:
            v = {**base, field: value}
            me, opp, card = v["me"], v["opp"], v["card"]
            assert isinstance(me, Character) and isinstance(opp, Character) and isinstance(card, type(base["card"]))
            view = MoveView(Wrestler(rng.choice("ABC"), me, rng.randint(1, me.hp), rng.randint(0, 3)), card,
                            Wrestler(rng.choice("XYZ"), opp, min(int(str(v["hp"])), opp.hp), int(str(v["kd"]))),
                            move_options(me, card), rng.randint(1, 40), v["rules"])
            best = best_move(view)
            assert smart_move(view) == best, (field, value)
            answers.add(best)
        assert len(answers) > 1, f"the {field} sweep never changes the best move"

    priced: list[MoveView] = []
    real = players.best_move

    def counting(view: MoveView) -> str:
        priced.append(view)
        return real(view)

    view = MoveView(Wrestler("Red", red, 90), parse_card("7S"), Wrestler("Blue", blue, 77, 1),
                    move_options(red, parse_card("7S")), 3, Rules(choke=True))
    again = dataclasses.replace(view, me=Wrestler("Red", red, 12, 2), turn=19)
    twin = dataclasses.replace(view, opponent=Wrestler("Blue", char(name="Blue", spd=15, defense=8), 77, 1))
    with pytest.MonkeyPatch.context() as m:
        m.setattr(players, "best_move", counting)
        players._CHOICES.clear()
        first = smart_move(view)
        assert smart_move(again) == first and len(priced) == 1
        smart_move(twin)  # an equal sheet that is another object: priced afresh (keys are identities)
        assert len(priced) == 2


def test_smart_beats_solo_more_often_than_not() -> None:
    samples = [RS.load_text(s.text, s.id) for s in RS.samples()]
    smart = solo = 0
    for seed in range(12):
        for flip in (0, 1):
            a, b = samples[seed % len(samples)], samples[(seed + 1) % len(samples)]
            players = {0: "smart", 1: "solo"} if flip == 0 else {0: "solo", 1: "smart"}
            winner = RS.run([a, b], SeededSource(seed), {}, players).result.winner
            if winner is not None:
                smart += players[winner] == "smart"
                solo += players[winner] == "solo"
    assert smart > solo


def test_seeded_match_replays_exactly() -> None:
    a, b = (RS.load_text(s.text, s.id) for s in RS.samples()[:2])
    one_run = RS.run([a, b], SeededSource(99)).to_json()
    assert one_run == RS.run([a, b], SeededSource(99)).to_json()


def test_replay_a_seeded_match_from_its_logged_cards_choices_and_rolls() -> None:
    """The log is the audit trail: feeding its draws, human choices and rolls back as a script
    reproduces the match with human players."""
    a, b = (RS.load_text(s.text, s.id) for s in RS.samples()[:2])
    rec = RS.run([a, b], SeededSource(7), {}, {0: "solo", 1: "solo"})
    tokens: list[object] = []
    for e in rec.events:
        if isinstance(e, Draw):
            tokens.append(e.card)
        elif isinstance(e, Choice):
            tokens.append(e.chosen)
        elif hasattr(e, "faces"):
            tokens.extend(e.faces)
    again = RS.run([a, b], ScriptedSource.from_values(tokens), {}, {0: "human", 1: "human"})
    assert again.result == rec.result


def test_at_the_prompt_a_human_on_side_b_picks_before_the_opponents_card_is_entered() -> None:
    """Table play enters every card at one prompt: the human must choose a move before anyone
    types in the automatic opponent's card, or the human would see it."""
    prompts: list[str] = []
    answers = iter(["3H", "s1", "9H"])

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    source = AskingSource(ask, lambda message: None)
    rec = RS.run([char(name="Red"), char(name="Blue")], source, {"turns": 1}, {0: "solo", 1: "human"})
    assert [p.split(":")[0].split(" (")[0] for p in prompts] == ["Blue card", "Blue move on 3H", "Red card"]
    assert [e.card for e in rec.events if isinstance(e, Draw)] == ["3H", "9H"]
    assert one(rec, "reveal")["moves"] == {"Red": "s7", "Blue": "s1"}  # reveal still lists side A first
    assert one(rec, "clash")["speeds"] == [12, 12]


def test_two_automatic_players_still_draw_side_a_first() -> None:
    rec = play([char(name="Red"), char(name="Blue")], ["6H", "AD"], players={0: "smart", 1: "solo"}, turns=1)
    assert [e.side for e in rec.events if isinstance(e, Draw)] == ["Red", "Blue"]
