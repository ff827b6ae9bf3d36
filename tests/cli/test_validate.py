"""``validate`` agrees with ``match`` (issue 12.2) and lists every problem at once (issue 12.11)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.helpers import one_error_line, tb
from turnbuckle.rulesets.deathmatch.figures import bestiary
from turnbuckle.rulesets.registry import get_ruleset

HEADLOCK_SEVEN = """\
name: Broken
atk: 25
def: 26
spd: 0
sta: 13
res: 7
strikes: {1: Gut kick, 3: Haymaker, 5: Clothesline, 7: Big boot}
grapples: {1: Facebreaker, 3: {name: Suplex, kind: bogus}, 5: Spear, 7: Power bomb}
special: {name: Chokeslam, kind: grapple}
"""


def test_headlock_lists_a_bad_move_kind_and_every_stat_error(tmp_path: Path) -> None:
    sheet = tmp_path / "broken.yaml"
    sheet.write_text(HEADLOCK_SEVEN)
    out = tb("validate", "headlock", str(sheet))
    assert out.exit_code == 1
    problems = [line for line in out.stdout.splitlines() if line.startswith("  - ")]
    assert len(problems) == 6
    assert "grapples.3.kind" in problems[0]
    for stat in ("atk is 25", "def is 26", "spd is 0", "sta is 13", "res is 7"):
        assert any(stat in p for p in problems), stat
    assert not any("missing power 3" in p for p in problems)  # the left-out grapple is not blamed twice


def test_validate_names_the_file_once_and_prints_no_error_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.yaml"
    junk.write_text("{{{ not: [valid\n")
    out = tb("validate", "boxing", str(junk))
    assert out.exit_code == 1
    assert out.stdout.count("junk.yaml") == 1
    assert out.stderr == ""


def test_validate_json() -> None:
    text = get_ruleset("deathmatch").sample("ash-court").text
    out = tb("validate", "deathmatch", "-", "--cap", "8", "-f", "json", input=text)
    assert out.exit_code == 1
    data = json.loads(out.stdout)
    assert data["valid"] is False and "over the cap of 8" in data["problems"][0]


def test_deathmatch_validate_takes_the_cap_as_match_does(tmp_path: Path) -> None:
    army = tmp_path / "ash.yaml"
    army.write_text(get_ruleset("deathmatch").sample("ash-court").text)
    assert tb("validate", "deathmatch", str(army)).exit_code == 0
    out = tb("validate", "deathmatch", str(army), "--cap", "8")
    assert out.exit_code == 1 and "over the cap of 8" in out.stdout
    assert tb("validate", "deathmatch", str(army), "-o", "cap=8").stdout == out.stdout
    assert "over the cap of 8" in one_error_line(tb("match", "deathmatch", str(army), str(army), "--cap", "8"))
    assert "unknown option 'rounds'" in one_error_line(tb("validate", "deathmatch", str(army), "-o", "rounds=3"))


def _mm_side(high_spots: int, push_level: int, spots: int, finishers: int) -> str:
    """A wrestler with a strategy of ``spots`` High Spot rounds, then ``finishers`` Finishers."""
    rounds = [{"round": r, "type": "High Spot"} for r in range(1, spots + 1)]
    rounds += [{"round": spots + r, "type": "Finisher"} for r in range(1, finishers + 1)]
    styles = {"power": 3, "technical": 3, "weight": 3}
    doc = {"wrestler": {"name": "Test", "stamina": 10, "styles": styles, "high_spots": high_spots,
                        "push_level": push_level},
           "strategy": {"plus": ["power", "technical"], "minus": "martial_arts", "grid": "A1", "rounds": rounds}}
    return yaml.safe_dump(doc)


def test_matchmatch_validate_checks_high_spots_against_the_sheet(tmp_path: Path) -> None:
    side = tmp_path / "side.yaml"
    side.write_text(_mm_side(high_spots=1, push_level=1, spots=2, finishers=0))
    out = tb("validate", "m2", str(side))
    assert out.exit_code == 1 and "High Spot" in out.stdout
    assert one_error_line(tb("match", "m2", str(side), "friendly-sam", "--seed", "1"))


def test_matchmatch_validate_takes_the_match_type(tmp_path: Path) -> None:
    side = tmp_path / "side.yaml"
    side.write_text(_mm_side(high_spots=1, push_level=1, spots=0, finishers=1).replace("Finisher", "Submission"))
    assert tb("validate", "m2", str(side)).exit_code == 0
    out = tb("validate", "m2", str(side), "--type", "cage")
    assert out.exit_code == 1 and "Submission may not be stratted in a Cage Match" in out.stdout
    assert tb("validate", "m2", str(side), "-o", "type=cage").stdout == out.stdout
    assert "Cage Match" in one_error_line(tb("match", "m2", str(side), "friendly-sam", "--type", "cage", "--seed", "1"))


def test_matchmatch_broken_sheet_part_is_not_passed_over_for_its_strategy(tmp_path: Path) -> None:
    """A sheet with its strategy (the rulebook's Part VI layout) whose sheet part breaks a rule: it
    is not a valid side, though its strategy alone would be a valid strategy."""
    text = Path(__file__).parents[1].joinpath("matchmatch", "fixtures", "sam-part6.txt").read_text()
    assert "Stamina:10" in text
    whole = tmp_path / "whole.txt"
    whole.write_text(text)
    assert tb("validate", "m2", str(whole)).exit_code == 0
    broken = tmp_path / "broken.txt"
    broken.write_text(text.replace("Stamina:10", "Stamina:99"))
    out = tb("validate", "m2", str(broken))
    assert out.exit_code == 1 and "strategy" not in out.stdout.splitlines()[0]
    assert tb("match", "m2", str(broken), "brother-bob").exit_code == 2


def test_a_strategy_alone_is_reported_as_such() -> None:
    path = Path(__file__).parents[1] / "matchmatch" / "fixtures" / "bob-part5-rounds.txt"
    out = tb("validate", "m2", str(path))
    assert out.exit_code == 0
    assert "valid matchmatch strategy" in out.stdout
    assert "a strategy alone is not a side" in out.stdout
    assert one_error_line(tb("match", "m2", str(path), "brother-bob"))


# -- the property: validate exit 0 <=> match accepts the document as a side ------------------------
def _accepts(game: str, text: str, options: list[str]) -> tuple[bool, bool]:
    """(validate said valid, match played it as a side against itself)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "side.yaml"
        path.write_text(text)
        checked = tb("validate", game, str(path), *options)
        assert checked.exit_code in (0, 1), checked.stderr
        played = tb("match", game, str(path), str(path), "--seed", "1", "-q", *options)
        assert played.exit_code in (0, 2), played.stderr
        return checked.exit_code == 0, played.exit_code == 0


def _mutated(data: Any, draw: Any) -> Any:
    """The sample's data with one number changed, one key dropped or one unknown key added."""
    numbers = [(path, v) for path, v in _leaves(data) if isinstance(v, int) and not isinstance(v, bool)]
    action = draw(st.sampled_from(["number", "drop", "extra", "none"]))
    if action == "number" and numbers:
        path, _ = draw(st.sampled_from(numbers))
        _set(data, path, draw(st.integers(-2, 25)))
    elif action == "drop":
        keys = [path for path, _ in _leaves(data)]
        path = draw(st.sampled_from(keys))
        _set(data, path, None, drop=True)
    elif action == "extra":
        data["colour"] = "red"
    return data


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    if isinstance(data, dict):
        return [leaf for k, v in data.items() for leaf in _leaves(v, (*path, k))]
    return [(path, data)]


def _set(data: Any, path: tuple[Any, ...], value: Any, drop: bool = False) -> None:
    for step in path[:-1]:
        data = data[step]
    if drop:
        del data[path[-1]]
    else:
        data[path[-1]] = value


SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.data())
def test_property_boxing_headlock_folkstyle(data: Any) -> None:
    game = data.draw(st.sampled_from(["boxing", "headlock", "folkstyle"]))
    rs = get_ruleset(game)
    sample = data.draw(st.sampled_from(list(rs.samples())))
    doc = _mutated(yaml.safe_load(sample.text), data.draw)
    valid, played = _accepts(game, yaml.safe_dump(doc, sort_keys=False), [])
    assert valid == played


@SETTINGS
@given(st.lists(st.sampled_from(sorted(bestiary())), min_size=1, max_size=7), st.sampled_from([None, 4, 8, 12]))
def test_property_deathmatch(figures: list[str], cap: int | None) -> None:
    text = yaml.safe_dump({"name": "Test Army", "figures": figures})
    valid, played = _accepts("deathmatch", text, [] if cap is None else ["--cap", str(cap)])
    assert valid == played


@SETTINGS
@given(st.integers(0, 3), st.integers(1, 3), st.integers(0, 4), st.integers(0, 3), st.sampled_from([3, 6, 20]),
       st.sampled_from(["standard", "cage"]))
def test_property_matchmatch(high_spots: int, push: int, spots: int, finishers: int, rounds: int, kind: str) -> None:
    text = _mm_side(high_spots, push, spots, finishers)
    valid, played = _accepts("matchmatch", text, ["--rounds", str(rounds), "--type", kind])
    assert valid == played
