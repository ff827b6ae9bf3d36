"""Each game's options are decoded once, in its ``options.py``, and both its reference engine and its
fast engine read that value; no game code reads a user's file (the command line passes text in)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from turnbuckle.core.options import resolve_options
from turnbuckle.rulesets.headlock.options import match_options as headlock_options
from turnbuckle.rulesets.registry import get_ruleset

ROOT = Path(__file__).resolve().parents[1] / "src" / "turnbuckle"
DECODED_ONCE = ["rulesets/matchmatch", "sim/matchmatch", "rulesets/headlock", "sim/headlock", "rulesets/boxing",
                "sim/boxing", "rulesets/folkstyle", "sim/folkstyle", "rulesets/deathmatch", "sim/deathmatch"]


@pytest.mark.parametrize("folder", DECODED_ONCE)
def test_the_game_code_reads_no_user_file_and_decodes_no_option_itself(folder: str) -> None:
    for path in (ROOT / folder).glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
        assert not names & {"read_input", "read_text_file", "open"}, path.name
        if path.name == "options.py":
            continue
        keys = {n.slice.value for n in ast.walk(tree) if isinstance(n, ast.Subscript)
                and ((isinstance(n.value, ast.Name) and n.value.id in ("options", "opts", "o"))
                     or (isinstance(n.value, ast.Attribute) and n.value.attr == "options"
                     and isinstance(n.value.value, ast.Name) and n.value.value.id == "setup"))
                and isinstance(n.slice, ast.Constant) and isinstance(n.slice.value, str)}
        assert not keys, f"{path.name} decodes {keys} itself: read the game's match_options"


@pytest.mark.parametrize(("die", "faces"), [("d8", 8), ("d12", 12), ("d20", 20)])
def test_headlock_decodes_the_get_up_die_once(die: str, faces: int) -> None:
    rs = get_ruleset("headlock")
    got = headlock_options(resolve_options(rs.info.options, {"getup_die": die, "knockout": "true",
                                                             "deck": "own", "tag_piles": "wrestler"}))
    assert (got.rules.getup_die, got.rules.knockout, got.split, got.pile_each) == (faces, True, False, True)


def test_boxing_and_folkstyle_decode_their_options_once() -> None:
    from turnbuckle.rulesets.boxing.options import bout_options as boxing_options
    from turnbuckle.rulesets.folkstyle.options import bout_options as folkstyle_options

    box = get_ruleset("boxing")
    got = boxing_options(resolve_options(box.info.options, {"fatigue": "cumulative", "last_interval": "heal",
                                                            "rounds": "3", "combo": "false"}))
    assert (got.rounds, got.combo, got.cumulative, got.final_heal) == (3, False, True, True)
    folk = get_ruleset("folkstyle")
    bout = folkstyle_options(resolve_options(folk.info.options, {"riding_time": "false", "overtime_cycles": "5"}))
    assert (bout.riding, bout.cycles) == (False, 5)


def test_deathmatch_decodes_its_options_once() -> None:
    from turnbuckle.rulesets.deathmatch.options import battle_options

    dm = get_ruleset("deathmatch")
    got = battle_options(resolve_options(dm.info.options, {"cap": "7", "tiebreak": "rps", "max_rounds": "12",
                                                           "default_policy": "random", "stake": "the belt"}))
    assert (got.cap, got.tiebreak, got.max_rounds, got.default_policy, got.stake) == (7, "rps", 12, "random",
                                                                                      "the belt")
    plain = battle_options(resolve_options(dm.info.options, {}))
    assert (plain.cap, plain.tiebreak, plain.max_rounds, plain.default_policy, plain.stake) == (
        10, "coin", 0, "lowest-hp", "")


DECODERS = {"boxing": "bout_options", "folkstyle": "bout_options", "headlock": "match_options",
            "deathmatch": "battle_options", "matchmatch": "match_options"}


@pytest.mark.parametrize("game", sorted(DECODERS))
def test_the_ruleset_decodes_its_options_as_its_engine_does(game: str) -> None:
    """``Ruleset.decode_options`` (what the web's odds form checks with) is the game's own decoder."""
    import importlib

    from turnbuckle.rulesets.registry import all_rulesets

    assert sorted(rs.info.id for rs in all_rulesets()) == sorted(DECODERS)  # a new game names its decoder here
    rs = get_ruleset(game)
    resolved = resolve_options(rs.info.options, {})
    own = getattr(importlib.import_module(f"turnbuckle.rulesets.{game}.options"), DECODERS[game])
    assert rs.decode_options(resolved) == own(resolved)
    assert type(rs.decode_options(resolved)).__module__ == f"turnbuckle.rulesets.{game}.options"
