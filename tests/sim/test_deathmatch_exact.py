"""Exact odds of one Deathmatch attack, checked against icepool (which states the rule afresh),
and ``odds deathmatch ... --exchange``."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from tests.sim.deathmatch_setups import FIENDS, army, fig, options, sample
from turnbuckle.cli.app import app
from turnbuckle.sim.deathmatch.exact import Attack, exchange_tables

PAIRS = [(0, 0), (3, 1), (1, 3), (6, 6), (20, 0), (0, 20), (5, 2), (4, 5), (20, 20)]


def _icepool_damage(atk: int, defence: int) -> icepool.Die:
    """The margin of d6 + ATK over d6 + DEF, or nothing when the attack is not higher."""
    return icepool.map(lambda a, d: max(0, a + atk - (d + defence)), icepool.d6, icepool.d6)


@pytest.mark.parametrize(("atk", "defence"), PAIRS)
def test_attack_matches_icepool(atk: int, defence: int) -> None:
    die = _icepool_damage(atk, defence)
    got = Attack.of(atk, defence)
    for dmg in range(0, 26):
        assert got.damage.get(dmg, Fraction(0)) == Fraction(die.probability(dmg)), f"damage {dmg}"
    assert got.hit == Fraction(die.probability(">", 0))
    assert got.mean == Fraction(die.mean())
    assert got.most == die.max_outcome()
    for hp in range(1, 27):
        assert got.kill(hp) == Fraction(die.probability(">=", hp)), f"hp {hp}"
    assert got.kill_table() == {hp: got.kill(hp) for hp in range(1, got.most + 1)}


def test_known_values() -> None:
    """Hand-checked: equal ATK and DEF hit when the attack die is higher, 15 of 36 pairs."""
    even = Attack.of(4, 4)
    assert even.hit == Fraction(15, 36)
    assert even.kill(5) == Fraction(1, 36)  # only 6 against 1
    assert Attack.of(0, 20).hit == 0
    assert Attack.of(20, 0).kill(20) == Fraction(21, 36)  # a margin of 20 or more: a >= d


@given(st.integers(0, 20), st.integers(0, 20))
def test_attack_is_a_distribution(atk: int, defence: int) -> None:
    got = Attack.of(atk, defence)
    assert sum(got.damage.values()) == 1
    assert got.hit == 1 - got.damage.get(0, Fraction(0))
    kills = list(got.kill_table().values())
    assert kills == sorted(kills, reverse=True)  # more HP left, less chance to kill


def test_exchange_tables_cover_every_enemy_pair() -> None:
    data, text = exchange_tables(FIENDS, [a.name for a in FIENDS], options(cap=18))
    # Four armies of six distinct figures: 24 attackers x 18 enemy figures.
    assert len(data["attacks"]) == 24 * 18
    row = data["attacks"][0]
    assert (row["attacker"], row["defender"]) == ("Fiend A0", "Fiend B0")
    got = Attack.of(row["atk"], row["def"])
    assert row["hit"] == str(got.hit)
    assert row["kill_at_full_hp"] == str(got.kill(row["defender_hp"]))
    assert "One attack by Fiends A on Fiends D" in text


def test_odds_exchange_cli() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["odds", "deathmatch", "ash-court", "bog-host", "--exchange"])
    assert result.exit_code == 0, result.output
    assert "One attack by The Ash Court on The Bog Host" in result.stdout
    result = runner.invoke(app, ["odds", "deathmatch", "ash-court", "bog-host", "--exchange", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    court = sample("ash-court")
    wyrm = court.figures[0]
    first = data["attacks"][0]
    assert (first["attacker"], first["atk"]) == (wyrm.name, wyrm.atk)
    assert Fraction(first["hit"]) == Attack.of(wyrm.atk, first["def"]).hit


def test_exchange_columns_never_run_together() -> None:
    # "Cinder Sprite (ATK 3)" filled the old 22-character column; a long name must not either.
    long = army("Long", fig("Quite Unreasonably Long-Named Horror", 5, 3, 3, 3))
    armies = [sample("ash-court"), long]
    _, text = exchange_tables(armies, [a.name for a in armies], options())
    rows = [line for line in text.splitlines() if "(ATK " in line]
    assert rows
    for line in rows:
        cells = re.split(r" {2,}", line.strip())
        assert cells[0].endswith(")") and "(ATK " in cells[0], line
        assert "(DEF " in cells[1] and cells[1].endswith(")"), line
    assert "  Cinder Sprite (ATK 3)  " in text
