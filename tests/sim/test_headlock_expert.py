"""The expert Headlock player in the fast engine is the reference engine's: both call
``expert_kernel.expert_choice`` (one implementation), each encoding its own state. Matches the
fast engine plays with the expert, replayed card by card and die by die through the reference
engine (whose expert decides from its own view), end the same way on the same turn; a choice
encoded differently on either side would play a different move and part the two."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.sim.headlock_support import HEADLOCK, SAMPLES, options, sample, smart_by_table
from turnbuckle.core.events import Choice
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.sim.headlock.fast import Setup, outcomes_for, trace
from turnbuckle.sim.specs import FastEngineUnsupported

CASES: list[tuple[int, int, dict[str, object], dict[int, str]]] = [
    (0, 1, {}, {0: "expert"}),
    (1, 0, {"turns": 80}, {1: "expert"}),
    (2, 3, {"deck": "own", "turns": 70}, {0: "expert", 1: "expert"}),
    (2, 4, {"choke": True, "knockout": True, "getup_die": "d8", "getup_rolls": 1}, {0: "expert", 1: "solo"}),
    (3, 4, {"knockout": True, "getup_die": "d20"}, {0: "smart", 1: "expert"}),
]


MATCHES = 120


@pytest.mark.slow
def test_fast_expert_replays_through_the_reference_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over 10,000 expert decisions in all: every traced match replays to the same finish, turn,
    knockdowns and dice, the script used up exactly."""
    decisions = 0
    outcomes = outcomes_for(2)
    for case, (a, b, opts, players) in enumerate(CASES):
        sides = [sample(SAMPLES[a]), sample(SAMPLES[b])]
        resolved = options(**opts)
        traced = trace(sides, resolved, MATCHES, seed=300 + case, players=players)
        assert max(traced.turns) > 26  # some matches reach the reshuffled piles, where counting matters most
        with smart_by_table(monkeypatch):
            for i, tokens in enumerate(traced.tokens):
                source = ScriptedSource.from_values(tokens)
                record = HEADLOCK.run(sides, source, resolved, players)
                where = f"case {case}, match {i}"
                assert source.remaining == 0, where
                assert (record.result.winner, record.result.method) == outcomes[traced.codes[i]], where
                assert record.result.at["turn"] == traced.turns[i], where
                assert traced.dice[i] == sum(1 for t in tokens if isinstance(t, int)), where
                decisions += sum(1 for e in record.events if isinstance(e, Choice) and e.by == "expert")
    assert decisions >= 10_000, decisions


def test_the_fast_engine_leaves_tag_matches_with_an_expert_to_the_reference_engine() -> None:
    sides = [sample(s) for s in SAMPLES[:4]]
    with pytest.raises(FastEngineUnsupported, match="singles"):
        Setup.of(sides, options(), {0: "expert"})


def test_the_kernels_build_is_named_after_the_expert_kernel_too(tmp_path: Path) -> None:
    """The fast kernel compiles ``expert_kernel`` into its ahead-of-time build, so the build's name
    hashes that file too: an edit to the expert makes a new build."""
    from turnbuckle.sim import aot

    kernel = "turnbuckle.sim.headlock.kernel"
    assert aot._compiled_in(kernel) == ("turnbuckle.rulesets.headlock.expert_kernel",)
    origin = aot._origin(kernel)
    alone = os.stat(origin)
    copy = tmp_path / "expert_kernel.py"
    copy.write_text(Path(aot._origin(aot._compiled_in(kernel)[0])).read_text() + "\n# edited\n")
    edited = os.stat(copy)
    files = ((origin, alone.st_mtime_ns, alone.st_size),)
    assert aot._source_digest(files, "x") != aot._source_digest((*files, (str(copy), edited.st_mtime_ns,
                                                                           edited.st_size)), "x")
    assert aot._source_key(kernel) == aot._source_key(kernel)
