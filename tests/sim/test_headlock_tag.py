"""The fast Headlock engine in tag matches (wrestlers 1+2 against 3+4), match by match: each traced
match's cards and dice, replayed through the reference engine as a dice script, give the same
match (winner, finish, turn, knockdowns, dice and the number of tags) and use up the script. The
script names every card, so a replay also proves each card came from the right pile: the team's
pile or the wrestler's own (``tag_piles``), of one split deck or of the team's own deck (the
scripted source rejects a card that is not in the pile drawing it). The tag decisions in the
replays are the reference engine's own ``smart_tag`` and ``solo_tag``; the moves come from the
smart table (``headlock_support``), except in ``test_tag_replay_with_the_real_smart_player``.

Deliberate mutations of the kernel, each failing these replays: tagging out on any won clash (a
special or a counter too, not only a speed contest); judging the tag on the opponent's HP instead
of the partner's; and the decision counting only the legal wrestlers' HP instead of each team's
pooled HP.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.sim.headlock_support import HEADLOCK, SAMPLES, options, replay_traced, sample, smart_by_table
from turnbuckle.rulesets.headlock.deck import team_piles
from turnbuckle.rulesets.headlock.players import TagView, Wrestler, smart_tag, solo_tag
from turnbuckle.sim import drive
from turnbuckle.sim.headlock.fast import TAG_OUTCOMES, Setup, run, trace
from turnbuckle.sim.headlock.tables import pile_arrays, tag_table
from turnbuckle.sim.odds import simulate
from turnbuckle.sim.specs import FastEngineUnsupported, spec_for

KO = {"choke": True, "knockout": True, "getup_die": "d8", "getup_rolls": 1}

#: (four samples, options, players): both tag_piles, both decks, knockout and choke, solo and
#: smart mixes (all solo: nobody tags), short turn limits for decisions and draws.
CASES: list[tuple[tuple[int, int, int, int], dict[str, object], dict[int, str] | None]] = [
    ((0, 1, 2, 3), {}, None),
    ((4, 2, 1, 3), {"tag_piles": "wrestler"}, None),
    ((2, 3, 0, 4), {"deck": "own"}, None),
    ((1, 4, 3, 2), {"deck": "own", "tag_piles": "wrestler", "knockout": True, "getup_die": "d20",
                    "getup_rolls": 3}, {0: "solo", 3: "solo"}),
    ((2, 0, 4, 3), {"choke": True, "knockout": True, "turns": 30}, {1: "solo"}),
    ((3, 1, 2, 0), {"cap": 3, "choke": True, "tag_piles": "wrestler", "turns": 12},
     {0: "solo", 1: "solo", 2: "solo", 3: "solo"}),
]
MATCHES = 50

#: Cases whose traces together hold every outcome a tag match can have.
COVERAGE: list[tuple[tuple[int, int, int, int], dict[str, object], dict[int, str] | None]] = [
    ((2, 0, 4, 3), {**KO, "turns": 30}, {1: "solo"}),
    ((0, 2, 1, 4), {**KO, "deck": "own", "tag_piles": "wrestler"}, None),
    ((4, 3, 2, 1), {**KO, "tag_piles": "wrestler"}, {3: "solo"}),
    ((1, 4, 3, 2), {**KO, "deck": "own"}, {0: "solo", 3: "solo"}),
    ((3, 4, 2, 1), {"choke": True, "turns": 3}, None),
]


def _check(four: tuple[int, int, int, int], opts: dict[str, object], players: dict[int, str] | None,
           n: int, seed: int) -> tuple[Counter[int], list[int]]:
    sides = [sample(SAMPLES[i]) for i in four]
    resolved = options(**opts)
    traced = trace(sides, resolved, n, seed=seed, players=players)
    replay_traced(sides, resolved, traced, players)
    return Counter(traced.codes), traced.tags


@pytest.mark.parametrize("case", range(len(CASES)))
def test_traced_tag_matches_replay_identically(case: int, monkeypatch: pytest.MonkeyPatch) -> None:
    four, opts, players = CASES[case]
    with smart_by_table(monkeypatch):
        _, tags = _check(four, opts, players, MATCHES, seed=200 + case)
    smart_starters = all((players or {}).get(i, "smart") == "smart" for i in (0, 2))
    if players is not None and len(players) == 4:
        assert sum(tags) == 0  # the solo player never tags out
    elif smart_starters:
        assert sum(1 for t in tags if t) >= MATCHES // 2, tags  # tags are common, not a corner case
    else:
        assert sum(tags) > 0


def test_tag_replay_with_the_real_smart_player() -> None:
    """No table in the reference engine here: its own smart_move chooses every move."""
    _, tags = _check((0, 1, 2, 3), {}, None, 8, seed=5)
    _, more = _check((2, 3, 0, 4), {"deck": "own", "tag_piles": "wrestler", **KO}, None, 6, seed=6)
    assert sum(tags) + sum(more) > 0


@pytest.mark.slow  # traces until every outcome has been seen
def test_tag_traces_cover_every_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every finish by each of the four wrestlers, both teams' decisions and the draw. (A decision
    goes to the team's first wrestler, so wrestlers 2 and 4 never win one.)"""
    seen: Counter[int] = Counter()
    with smart_by_table(monkeypatch):
        for four, opts, players in COVERAGE:
            codes, _ = _check(four, opts, players, 80, seed=77)
            seen += codes
    reachable = {i for i, (w, m) in enumerate(TAG_OUTCOMES) if not (m == "decision" and w in (1, 3))}
    assert set(seen) == reachable


def test_tag_table_is_the_tag_policy() -> None:
    """The table answers as the ruleset's own policies do on random views: any opponent, turn and
    knockdowns, every HP of the wrestler and its partner (HP shares like 1/3 compared as floats,
    exactly as smart_tag compares them)."""
    sheets = [sample(s) for s in SAMPLES]
    rng = random.Random(4)
    for me in sheets:
        for mate in sheets:
            if mate is me:
                continue
            table = tag_table(me, mate, "smart")
            assert table.shape == (me.hp + 1, mate.hp + 1)
            assert (tag_table(me, mate, "solo") == 0).all()
            for _ in range(150):
                hp, php = rng.randrange(me.hp + 1), rng.randrange(mate.hp + 1)
                opp = rng.choice(sheets)
                view = TagView(Wrestler(me.name, me, hp, rng.randrange(3)),
                               Wrestler(mate.name, mate, php, rng.randrange(3)),
                               Wrestler(opp.name, opp, rng.randrange(opp.hp + 1), rng.randrange(3)),
                               rng.randrange(1, 61))
                assert bool(table[hp, php]) == (smart_tag(view) == "tag"), (me.name, mate.name, hp, php)
                assert solo_tag(view) == "attack"
            # the boundary: a third of the HP or less, the partner a third fresher
            third = me.hp // 3
            assert table[third, mate.hp] == (3 * third <= me.hp)
            assert table[me.hp, mate.hp] == 0


def test_pile_arrays_are_the_engines_piles() -> None:
    for split in (True, False):
        for per_wrestler in (True, False):
            pile_of, deck_of, share = pile_arrays(4, split, per_wrestler)
            groups = team_piles([["a", "b"], ["c", "d"]], split, per_wrestler)
            piles = [p for g in groups for p in g]
            assert share.tolist() == [p.share for p in piles]
            assert len(set(pile_of.tolist())) == (4 if per_wrestler else 2)
            assert len(set(deck_of.tolist())) == (1 if split else 2)
            assert sum(share.tolist()) == (52 if split else 104)


def test_tag_results_are_the_same_for_any_thread_count_and_chunk(monkeypatch: pytest.MonkeyPatch) -> None:
    sides = [sample(SAMPLES[i]) for i in (2, 3, 0, 4)]
    opts = options(choke=True, knockout=True, tag_piles="wrestler")
    one = run(sides, opts, 20_000, seed=3, threads=1, chunk=7000, build="jit")
    two = run(sides, opts, 20_000, seed=3, threads=2, build="jit")
    small = run(sides, opts, 20_000, seed=3, threads=2, chunk=2999, build="jit")
    built = run(sides, opts, 20_000, seed=3, threads=1, build="aot")  # no numba at run time
    monkeypatch.setattr(drive, "SPLIT_FROM_S", 0.0)  # split however short the run
    split = run(sides, opts, 20_000, seed=3, threads=2, build="aot")  # on two threads
    assert one == two == small == built == split
    assert one.n == 20_000 and one.sides == 4
    assert {w for w, _ in one.outcomes} == {None, 0, 1, 2, 3}


def test_odds_for_a_tag_match_use_the_fast_engine() -> None:
    sides = [sample(SAMPLES[i]) for i in range(4)]
    fast = simulate(HEADLOCK, sides, {}, 3000, seed=1)
    assert fast.engine == "fast" and fast.notes == []
    assert fast.tally.n == 3000 and fast.tally.sides == 4
    first, second = (sum(fast.tally.wins(w) for w in team) for team in ((0, 1), (2, 3)))
    assert first > 0 and second > 0
    assert first + second + fast.tally.outcomes.get((None, "draw"), 0) == 3000


def test_a_human_in_a_tag_match_falls_back() -> None:
    four = [sample(SAMPLES[i]) for i in range(4)]
    with pytest.raises(FastEngineUnsupported, match="human"):
        Setup.of(four, options(), {3: "human"})


@pytest.mark.parametrize("four", [(0, 1), (0, 1, 2, 3)])
def test_the_run_plays_the_traced_matches(four: tuple[int, ...]) -> None:
    """``run`` (a compiled copy of the match for each wrestler count) counts the very outcomes,
    lengths and dice that ``trace`` records, for singles and a tag match."""
    sides = [sample(SAMPLES[i]) for i in four]
    opts = options(choke=True, knockout=True, getup_die="d8", tag_piles="wrestler")
    tally = run(sides, opts, 3000, seed=21, threads=2, chunk=1000)
    traced = trace(sides, opts, 3000, seed=21)
    outcomes = Setup.of(sides, opts).outcomes
    assert tally.outcomes == {outcomes[c]: k for c, k in Counter(traced.codes).items()}
    assert tally.lengths == dict(Counter(traced.turns))
    assert tally.dice == sum(traced.dice)
    assert tally.figures["knockdowns"] == sum(traced.knockdowns)
    per_turn = spec_for("headlock").cards_per_length  # what ``make bench`` counts as cards
    assert [sum(isinstance(t, str) for t in tokens) for tokens in traced.tokens] == [per_turn * t for t in traced.turns]
