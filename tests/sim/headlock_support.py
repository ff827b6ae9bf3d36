"""Shared helpers for the Headlock sim tests: sample wrestlers, options, and the smart player as
a table lookup (proved equal to ``smart_move`` in ``test_headlock_fast.py``) so that the reference
engine plays thousands of matches within the test budget."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

import pytest

from turnbuckle.core.events import Happening
from turnbuckle.core.options import OptionValue, resolve_options
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.rulesets.headlock.players import MOVE_POLICIES, MoveView, Rules
from turnbuckle.rulesets.headlock.sheet import Character
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.sim.headlock.fast import Traced, outcomes_for
from turnbuckle.sim.headlock.tables import CARDS, CODES, smart_table
from turnbuckle.sim.reference import dice_in

HEADLOCK = get_ruleset("headlock")
SAMPLES = [s.id for s in HEADLOCK.samples()]


def sample(sample_id: str) -> Character:
    sheet = HEADLOCK.load_text(HEADLOCK.sample(sample_id).text, sample_id)
    assert isinstance(sheet, Character)
    return sheet


def options(**given: object) -> dict[str, OptionValue]:
    return dict(resolve_options(HEADLOCK.info.options, given))


_TABLES: dict[tuple[str, str, Rules], object] = {}
_CARD_ROW = {card: i for i, card in enumerate(CARDS)}


def table_smart_move(view: MoveView) -> str:
    """``smart_move``'s choice read from :func:`smart_table`."""
    key = (view.me.sheet.name, view.opponent.sheet.name, view.rules)
    if key not in _TABLES:
        _TABLES[key] = smart_table(view.me.sheet, view.opponent.sheet, view.rules)
    table = _TABLES[key]
    kd = min(view.opponent.knockdowns, table.shape[2] - 1)  # type: ignore[attr-defined]
    return CODES[int(table[_CARD_ROW[view.card], view.opponent.hp, kd])]  # type: ignore[index]


@contextmanager
def smart_by_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with monkeypatch.context() as m:
        m.setitem(MOVE_POLICIES, "smart", table_smart_move)
        yield


def replay_traced(sides: Sequence[Character], opts: Mapping[str, OptionValue], traced: Traced,
                  players: Mapping[int, str] | None = None) -> None:
    """Each traced match through the reference engine (``Ruleset.run`` with the trace as a dice
    script): the same winner, finish, turn, knockdowns, dice and tags, and the script used up."""
    outcomes = outcomes_for(len(sides))
    for i, tokens in enumerate(traced.tokens):
        source = ScriptedSource.from_values(tokens)
        record = HEADLOCK.run(sides, source, opts, players)
        result = record.result
        assert source.remaining == 0, f"match {i}: {source.remaining} tokens of the trace unused"
        assert (result.winner, result.method) == outcomes[traced.codes[i]], f"match {i}"
        assert result.at["turn"] == traced.turns[i], f"match {i}"
        happened = [e.type for e in record.events if isinstance(e, Happening)]
        assert happened.count("knockdown") == traced.knockdowns[i], f"match {i}"
        assert happened.count("tag") == traced.tags[i], f"match {i}"
        assert traced.dice[i] == sum(1 for t in tokens if isinstance(t, int)) == dice_in(record.events), f"match {i}"
