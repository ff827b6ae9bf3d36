"""The advisor's plans: legal, written in the rulebook's layout, and played as the written strategy
is (the judge's quick tables equal the fast engine's own, after a text round trip)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.sim.advisor.helpers import M2, options, side
from turnbuckle.rulesets.matchmatch.side import Side
from turnbuckle.rulesets.matchmatch.strategy import strategy_problems
from turnbuckle.rulesets.matchmatch.strategy_text import format_strategy_text, parse_strategy_text
from turnbuckle.sim.matchmatch.advisor.judge import Judge
from turnbuckle.sim.matchmatch.advisor.space import mutate, random_plan, to_strategy
from turnbuckle.sim.matchmatch.tables import Setup


@pytest.mark.parametrize(("ids", "me", "given"), [
    (("brother-bob", "friendly-sam"), 0, {}),
    (("friendly-sam", "iron-ivan"), 1, {"type": "cage", "by_style_rounds": "match"}),
    (("lady-lightning", "brother-bob", "friendly-sam"), 2, {"rounds": 12}),
])
def test_a_plan_is_legal_and_its_tables_are_the_written_strategys(ids: tuple[str, ...], me: int,
                                                                    given: dict[str, object]) -> None:
    sides = [side(i) for i in ids]
    opts = options(**given)
    judge = Judge(sides, me, opts)
    limits = judge.limits
    rng = np.random.default_rng(7)
    mt = M2.decode_options(opts).match_type
    for i in range(40):
        plan = random_plan(rng, limits)
        for _ in range(i % 6):
            plan = mutate(plan, rng, limits)
        text = format_strategy_text(to_strategy(plan, limits))
        read = parse_strategy_text(text, "advised")
        assert strategy_problems(read, sides[me].sheet.high_spots, sides[me].sheet.push_level, limits.rounds,
                                 mt.forbidden_specials, mt.name) == [], text
        written = list(sides)
        written[me] = Side(sides[me].name, sides[me].sheet, sides[me].members, read)
        quick, built = judge.setup(plan).args(), Setup.of(written, opts).args()
        for a, b in zip(quick, built, strict=True):
            assert np.array_equal(a, b), text


def test_a_plan_never_strats_more_than_the_sheet_allows() -> None:
    sides = [side("friendly-sam"), side("brother-bob")]
    judge = Judge(sides, 0, options(type="cage"))
    rng = np.random.default_rng(3)
    plan = random_plan(rng, judge.limits)
    for _ in range(300):
        plan = mutate(plan, rng, judge.limits)
        spots, specials = plan.uses()
        assert spots <= sides[0].sheet.high_spots and specials <= sides[0].sheet.push_level
        assert all(k != 9 for _, k, _ in plan.exact)  # a cage match forbids the Submission


def test_tidying_drops_only_rows_for_styles_the_match_never_has() -> None:
    from turnbuckle.sim.matchmatch.advisor.space import DEFAULT_ACT, tidy

    sides = [side("brother-bob"), side("friendly-sam")]
    opts = options(grid="Po Te Br / We MA HF / Br MA Ch")
    judge = Judge(sides, 0, opts)
    rng = np.random.default_rng(4)
    for _ in range(10):
        plan = random_plan(rng, judge.limits)
        plan = type(plan)(plan.plus, plan.minus, plan.grid, ((3, 0),) * 8, plan.exact, plan.first_time, plan.conds)
        seen = judge.styles_seen(plan)
        tidied = tidy(plan, seen)
        assert 7 not in seen and tidied.by_style[7] == DEFAULT_ACT  # no Teamwork outside tag matches
        assert judge.score(tidied, 3000, 5) == judge.score(plan, 3000, 5)


def test_the_benchs_random_sheets_are_legal_and_varied() -> None:
    from turnbuckle.rulesets.matchmatch.sheet import sheet_cost, wrestler_problems
    from turnbuckle.sim.matchmatch.advisor.field import random_sheet

    rng = np.random.default_rng(1)
    sheets = [random_sheet(rng, f"W{i}").sheet for i in range(50)]
    assert all(wrestler_problems(s) == [] and sheet_cost(s) == 42 for s in sheets)
    assert len({s.styles for s in sheets}) == 50 and len({s.high_spots for s in sheets}) > 1


def test_a_field_fits_the_public_facts_and_is_the_same_from_the_same_seed() -> None:
    from turnbuckle.rulesets.matchmatch.sheet import load_wrestler, sheet_cost, weight_class
    from turnbuckle.sim.matchmatch.advisor.field import field_documents

    for cls in ("Light-Heavyweight", "Heavyweight", "Superheavyweight"):
        found = field_documents("Rex", {"Weight class": cls}, 3, 2, size=8, seed=11)
        assert found == field_documents("Rex", {"Weight class": cls}, 3, 2, size=8, seed=11)
        assert found["about"] == f"{cls}, Push Level 3, 2 injuries" and len(found["sheets"]) == 8
        for doc in found["sheets"]:
            w = load_wrestler(doc["wrestler"], "field")
            assert w.name == "Rex" and w.push_level == 3 and w.injuries == 2
            assert weight_class(w.styles.weight) == cls and sheet_cost(w) <= 42
        assert len({str(doc) for doc in found["sheets"]}) == 8  # eight different sheets
