"""boxing's build space: the sheets its own loader accepts, found without offering it every one."""

from __future__ import annotations

from itertools import product

from turnbuckle.core.errors import SheetError
from turnbuckle.lab.builds import build_space
from turnbuckle.rulesets.boxing.sheet import BUDGET, STATS
from turnbuckle.rulesets.registry import get_ruleset

BOXING = get_ruleset("boxing")


def test_the_build_space_is_every_sheet_the_loader_accepts_in_order() -> None:
    accepted = []
    for values in product(range(BUDGET + 1), repeat=len(STATS)):
        try:
            accepted.append(BOXING.load_side(dict(zip(STATS, values, strict=True), name="x"), "x"))
        except SheetError:
            continue
    builds, _ = build_space(BOXING)
    assert [(b.power, b.speed, b.toughness) for b in builds] == [(a.power, a.speed, a.toughness) for a in accepted]
    assert [b.name for b in builds] == [f"P{b.power} S{b.speed} T{b.toughness}" for b in builds]
    assert len(builds) > 1
