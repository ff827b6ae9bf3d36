"""The attack rule lives in one module that the engine, the odds, the narrator and the fast tables
all read; an attack in a played battle is exactly the rule's exchange."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from turnbuckle.core.render import render_text
from turnbuckle.rulesets.deathmatch.attack import FACES, Exchange, can_hurt, damage

from .helpers import RS, army, battle, fig, happenings

ROOT = Path(__file__).resolve().parents[2] / "src" / "turnbuckle"


@pytest.mark.parametrize(("a", "atk", "d", "defence", "totals", "dealt"),
                         [(5, 3, 2, 4, (8, 6), 2), (1, 0, 6, 0, (1, 6), 0), (3, 2, 2, 3, (5, 5), 0),
                          (6, 4, 1, 0, (10, 1), 9)])
def test_an_exchange_deals_the_attack_totals_margin(a: int, atk: int, d: int, defence: int,
                                                    totals: tuple[int, int], dealt: int) -> None:
    ex = Exchange(a, atk, d, defence)
    assert (ex.attack_total, ex.defence_total, ex.damage) == (*totals, dealt)
    assert ex.damage == damage(*totals)


def test_can_hurt_is_the_best_attack_face_against_the_worst_defence_face() -> None:
    for atk in range(0, 8):
        for defence in range(0, 14):
            assert can_hurt(atk, defence) == any(Exchange(a, atk, d, defence).damage > 0
                                                 for a in FACES for d in FACES)


def test_a_played_attack_is_the_rules_exchange_and_the_narrator_tells_it() -> None:
    armies = [army("Red", fig("Brute", 9, 3, 3, 1)), army("Blue", fig("Wall", 9, 1, 1, 4))]
    record, _ = battle(armies, [6, 1, 5, 2, 4, 3], max_rounds=1)
    attacks = happenings(record, "attack")
    assert [e["damage"] for e in attacks] == [2, 1]
    text = render_text(RS.narrate(record))
    for e in attacks:
        ex = Exchange(e["attack_roll"], e["atk"], e["defence_roll"], e["defence"])
        assert (e["attack_total"], e["defence_total"], e["damage"]) == (ex.attack_total, ex.defence_total,
                                                                        ex.damage)
        assert ex.told() in text


@pytest.mark.parametrize("module", ["rulesets/deathmatch/engine.py", "rulesets/deathmatch/odds.py",
                                    "rulesets/deathmatch/narrator.py", "sim/deathmatch/tables.py"])
def test_the_attack_rule_is_imported_not_restated(module: str) -> None:
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    sources = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "turnbuckle.rulesets.deathmatch.attack" in sources
    defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    assert not defined & {"damage", "can_hurt", "Exchange"}
