"""Wording a user reads: a side count names the game's own plural ('armies' in Deathmatch, never
'armys'), in odds, odds --exchange, sweep and advise; folkstyle's period choice lists Defer once
(not also the rulebook's "Differ", a second button or word that does the same), and still takes
"Differ" typed at the table, in the score keeper, at the prompt and in a script."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from tests.folkstyle.helpers import GREEN, QUIET_PERIOD, RED
from turnbuckle.cli.app import app
from turnbuckle.core.errors import RulesError, ScriptError
from turnbuckle.core.sources import AskingSource, ScriptedSource
from turnbuckle.core.step import play_step
from turnbuckle.lab.sweep import make_sweep
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.sim.odds import simulate
from turnbuckle.web.keeper.pads import pad_for

runner = CliRunner()
DEATHMATCH = get_ruleset("deathmatch")


def _one_army() -> list[Any]:
    sample = DEATHMATCH.samples()[0]
    return [DEATHMATCH.load_text(sample.text, sample.id)]


def test_odds_counts_armies() -> None:
    with pytest.raises(RulesError, match=r"^UOV Deathmatch needs 2 to 4 armies, got 1$"):
        simulate(DEATHMATCH, _one_army(), {}, 10, seed=1, engine="reference")


def test_odds_exchange_counts_armies_and_the_whole_range() -> None:
    out = runner.invoke(app, ["odds", "deathmatch", "ash-court", "--exchange"])
    assert out.exit_code == 2
    assert "UOV Deathmatch needs 2 to 4 armies for --exchange, got 1" in out.output
    assert "armys" not in out.output


def test_sweep_counts_armies() -> None:
    with pytest.raises(RulesError, match=r"^a sweep needs at least 2 armies, got 1$"):
        make_sweep(DEATHMATCH, _one_army(), {}, 10, 1)
    two = _one_army() * 2
    with pytest.raises(RulesError, match=r"^--sizes 3 needs at least 3 armies, got 2$"):
        make_sweep(DEATHMATCH, two, {}, 10, 1, sizes=(3,))


def test_advise_counts_armies() -> None:
    # The army search counts the armies of a battle as `match` and `odds` say it.
    out = runner.invoke(app, ["advise", "deathmatch", *["ash-court"] * 5])
    assert out.exit_code == 2
    assert "UOV Deathmatch needs 2 to 4 armies, got 5" in out.output


FOLKSTYLE = get_ruleset("folkstyle")
HUMANS = {0: "human", 1: "human"}
# Rex wins the colour roll and takes Red; a quiet first period; Green wins the period-2 roll-off.
TO_PERIOD_2 = ["6", "1", "Red", *map(str, QUIET_PERIOD), "2", "4"]
PERIOD_2 = ("Top", "Bottom", "Neutral", "Defer")


def _defers(record: Any) -> list[dict[str, Any]]:
    return [dict(e.data) for e in record.events if getattr(e, "type", None) == "defer"]


def test_the_table_and_the_keeper_list_defer_once() -> None:
    step = play_step(FOLKSTYLE, [RED, GREEN], TO_PERIOD_2, players=HUMANS, narrate=False)
    assert step.need is not None and step.need.options == PERIOD_2
    assert step.need.describe() == "Green start of period 2: choose one of Top, Bottom, Neutral, Defer"
    pad = pad_for(step.need)
    assert pad is not None and [k.value for k in pad.keys] == list(PERIOD_2)


@pytest.mark.parametrize("typed", ["Differ", "differ", "Defer"])
def test_the_table_and_the_keeper_take_differ_as_defer(typed: str) -> None:
    step = play_step(FOLKSTYLE, [RED, GREEN], [*TO_PERIOD_2, typed], players=HUMANS, narrate=False)
    assert step.need is not None and step.need.purpose == "Red start of period 2"
    assert step.need.options == ("Top", "Bottom", "Neutral")
    assert step.entries[-1] == "Defer"
    # an entry list saved with the rulebook's word (an old save, a keeper page) replays the same
    old = play_step(FOLKSTYLE, [RED, GREEN], [*TO_PERIOD_2, "Differ", "Bottom"], players=HUMANS, narrate=False)
    assert old.need is not None and old.need.purpose.startswith("Red")


def test_a_script_takes_differ_and_lists_defer_once() -> None:
    source = ScriptedSource.from_values([*TO_PERIOD_2, "DIFFER", "Bottom", *([1] * 12), "Top", *([1] * 12)])
    record = FOLKSTYLE.run([RED, GREEN], source, None, HUMANS)
    assert _defers(record) == [{"colour": "Green", "period": "2"}]
    with pytest.raises(ScriptError, match=r"expected one of Top/Bottom/Neutral/Defer for 'Green start of "
                                          r"period 2 choice', got 'Deferr'$"):
        FOLKSTYLE.run([RED, GREEN], ScriptedSource.from_values([*TO_PERIOD_2, "Deferr"]), None, HUMANS)


def test_the_prompt_lists_defer_once_and_takes_differ() -> None:
    answers = iter([*TO_PERIOD_2, "Differ", "Bottom", *(["1"] * 12), "Top", *(["1"] * 12)])
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    record = FOLKSTYLE.run([RED, GREEN], AskingSource(ask, lambda message: None), None, HUMANS)
    assert _defers(record) == [{"colour": "Green", "period": "2"}]
    assert "Green start of period 2 [Top/Bottom/Neutral/Defer]: " in prompts


def test_odds_refuses_a_side_count_before_announcing_a_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    """The note that the fast engine compiles (about 10 s) came before the side count's refusal."""
    from turnbuckle.sim.specs import SimSpec

    monkeypatch.setattr(SimSpec, "fast_needs_compile", lambda self, n: True)  # as on a machine with no build yet
    out = runner.invoke(app, ["odds", "deathmatch", "ash-court"])
    assert out.exit_code == 2 and out.stderr.splitlines() == ["turnbuckle: error: UOV Deathmatch needs 2 to 4 armies, "
                                                             "got 1"]
