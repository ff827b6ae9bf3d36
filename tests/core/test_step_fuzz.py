"""Whatever a browser or a person sends as entries, step-by-step play answers with a step or a
typed error: a good match so far, then any token at all."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.core.test_step import HUMANS, OPTIONS, PickingSource, entries_of, samples
from turnbuckle.core.errors import EntryError, RulesError
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.step import play_step
from turnbuckle.rulesets.registry import all_rulesets

RULESETS = all_rulesets()
TOKENS = st.one_of(
    st.integers(min_value=-3, max_value=120).map(str),
    st.sampled_from(["QH", "10s", "ZZ", "AS", "top", "High Spot", "undo", "", " ", "s1", "B2", "rock", "Defer",
                     "١", "0x3", "1e3", "None", "stamina"]),
    st.text(max_size=8),
)


@pytest.mark.parametrize("rs", RULESETS, ids=[rs.info.id for rs in RULESETS])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(min_value=0, max_value=60), extra=st.lists(TOKENS, min_size=1, max_size=3))
def test_any_entry_after_a_good_start_gives_a_step_or_an_entry_error(rs: Ruleset[Any], cut: int,
                                                                      extra: list[str]) -> None:
    lineup, players = HUMANS.get(rs.info.id, [(["slugger", "speedster"], {})])[0]
    sheets = samples(rs)
    sides = [sheets[s] for s in lineup]
    options = OPTIONS.get(rs.info.id, {})
    good = entries_of(rs.run(sides, PickingSource(5), options, players))[:cut]
    error: RulesError | None = None
    try:
        step = play_step(rs, sides, [*good, *extra], options, players)
    except RulesError as exc:
        error = exc
    if error is not None:
        assert isinstance(error, EntryError), error
        assert len(good) < error.index <= len(good) + len(extra)
        assert error.reason and "\n" not in str(error)
        return
    assert step.done or step.need is not None
    assert step.entries[:len(good)] == tuple(good)

