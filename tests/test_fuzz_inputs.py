"""Fuzzing every file-taking command in-process (issue 12 item 14): whatever the file holds, the
command ends with exit 0, 1 or 2, never a traceback and never exit 3 (our bug).

The files are the bundled samples bent by Hypothesis (bytes cut, repeated or replaced, values
swapped for hostile YAML: aliases, deep nesting, huge numbers, tags, control and direction
characters) and plain random text. Bounded: a few dozen examples a command, no deadline (the
machine may be busy), each example a few milliseconds to a match's length;
``TURNBUCKLE_FUZZ_EXAMPLES=N`` runs N examples a command instead.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from turnbuckle.cli.app import app
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset

runner = CliRunner()
RULESETS = [rs.info.id for rs in all_rulesets()]
#: Examples per command: a few in the suite; ``TURNBUCKLE_FUZZ_EXAMPLES=500`` for a longer campaign.
EXAMPLES = int(os.environ.get("TURNBUCKLE_FUZZ_EXAMPLES", "15"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Pieces of YAML (and text) that have broken readers before.
HOSTILE = [
    "*a", "&a [1, *a]", "&a x", "[" * 60, "{a: " * 40, "9" * 40, "0x" + "f" * 50, "1:" * 30 + "1",
    "!!python/object:os.system x", "!!binary ???", "!!float x", "!!int x", "2024-13-45", "2024-02-30 25:61:00",
    '"\\ud800"', '"\\e[2J"', '"\\u202e"', "\u202e", "\u200b", "\ufeff", "\x00", "\x1b[2J", "\r", "\t",
    "{", "}", "[", "]", "- - -", "? [a]\n: b", "<<: {a: 1}", "~", "null", "1e400", ".nan", "-.inf", "true",
    "---\n---", "...", "%YAML 1.1", "#", ":", "- ", "'", '"', "|\n  x", ">-", "x" * 500, "é", "🥊", "\u0301",
]


@st.composite
def bent(draw: st.DrawFn, text: str) -> bytes:
    """``text`` bent a few times, as bytes (sometimes not UTF-8 at all)."""
    data = text
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["insert", "replace", "cut", "repeat", "line"]))
        piece = draw(st.one_of(st.sampled_from(HOSTILE), st.text(max_size=20)))
        if kind == "insert":
            data = data[:at] + piece + data[at:]
        elif kind == "replace":
            end = draw(st.integers(at, min(len(data), at + 30)))
            data = data[:at] + piece + data[end:]
        elif kind == "cut":
            end = draw(st.integers(at, len(data)))
            data = data[:at] + data[end:]
        elif kind == "repeat":
            end = draw(st.integers(at, min(len(data), at + 200)))
            data = data[:at] + data[at:end] * draw(st.integers(2, 5)) + data[end:]
        else:  # a value replaced by a hostile one on some line
            lines = data.splitlines() or [""]
            i = draw(st.integers(0, len(lines) - 1))
            key, sep, _ = lines[i].partition(":")
            lines[i] = f"{key}{sep} {piece}" if sep else piece
            data = "\n".join(lines)
    raw = data.encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 9)) == 0:
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at:]
    return raw


def document(ruleset: str) -> st.SearchStrategy[bytes]:
    """A sample of ``ruleset`` bent, or random text."""
    samples = [s.text for s in get_ruleset(ruleset).samples()]
    return st.one_of(st.sampled_from(samples).flatmap(bent),
                     st.text(max_size=300).map(lambda t: t.encode("utf-8", "surrogatepass")))


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def run(*args: str) -> Any:
    """Invoke the CLI; check the contract for any input: exit 0/1/2, no traceback, and an error
    (exit 2) is one line."""
    result = runner.invoke(app, list(args))
    exc = result.exception
    assert exc is None or isinstance(exc, SystemExit), f"{type(exc).__name__}: {exc}"
    assert result.exit_code in (0, 1, 2), (result.exit_code, result.stderr[-2000:])
    assert "Traceback" not in result.stderr
    if result.exit_code == 2:
        lines = result.stderr.splitlines()
        errors = [line for line in lines if line.startswith("turnbuckle: error: ")]
        assert len(errors) == 1, result.stderr
    return result


def write(folder: Path, name: str, data: bytes) -> str:
    path = folder / name
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_validate_takes_any_file(ruleset: str, folder: Path) -> None:
    @FUZZ
    @given(document(ruleset))
    def check(data: bytes) -> None:
        run("validate", ruleset, write(folder, f"{ruleset}-v.yaml", data))

    check()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_match_takes_any_side_file(ruleset: str, folder: Path) -> None:
    other = get_ruleset(ruleset).samples()[0].id

    @FUZZ
    @given(document(ruleset))
    def check(data: bytes) -> None:
        run("match", ruleset, write(folder, f"{ruleset}-m.yaml", data), other, "--seed", "5")

    check()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_odds_takes_any_side_file(ruleset: str, folder: Path) -> None:
    other = get_ruleset(ruleset).samples()[0].id

    @FUZZ
    @given(document(ruleset))
    def check(data: bytes) -> None:
        run("odds", ruleset, write(folder, f"{ruleset}-o.yaml", data), other, "-n", "3", "--engine", "reference",
            "--seed", "5")

    check()


def dice_script() -> st.SearchStrategy[bytes]:
    token = st.one_of(st.integers(-2, 25).map(str), st.sampled_from(["QH", "10S", "x", "top", "#", "", "00"]),
                      st.sampled_from(HOSTILE), st.text(max_size=6))
    return st.lists(token, max_size=400).map(lambda ts: " ".join(ts).encode("utf-8", "surrogatepass"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_match_takes_any_dice_script(ruleset: str, folder: Path) -> None:
    sides = [s.id for s in get_ruleset(ruleset).samples()][:2]

    @FUZZ
    @given(dice_script())
    def check(data: bytes) -> None:
        run("match", ruleset, *sides, "--dice", write(folder, f"{ruleset}-d.txt", data))

    check()


def test_build_takes_any_dice_script(folder: Path) -> None:
    @FUZZ
    @given(dice_script())
    def check(data: bytes) -> None:
        run("build", "headlock", "--roll", "--dice", write(folder, "build-d.txt", data))

    check()


def _strategies() -> list[str]:
    fixtures = Path(__file__).parent / "matchmatch" / "fixtures"
    return [p.read_text(encoding="utf-8") for p in sorted(fixtures.glob("*.txt"))]


def test_validate_strategy_takes_any_file(folder: Path) -> None:
    @FUZZ
    @given(st.sampled_from(_strategies()).flatmap(bent))
    def check(data: bytes) -> None:
        run("validate-strategy", "matchmatch", write(folder, "plan.txt", data), "--sheet", "brother-bob")
        run("validate", "matchmatch", write(folder, "plan.txt", data))

    check()


def test_match_takes_any_matchmatch_text_side(folder: Path) -> None:
    @FUZZ
    @given(st.sampled_from(_strategies()).flatmap(bent))
    def check(data: bytes) -> None:
        run("match", "matchmatch", write(folder, "side.txt", data), "friendly-sam", "--seed", "2")

    check()


def test_match_takes_any_match_type_file(folder: Path) -> None:
    types = "extra:\n  name: Extra\n  pin: -1\n"
    bundled = Path(__file__).parents[1] / "src" / "turnbuckle" / "rulesets" / "matchmatch" / "data"
    texts = [types] + [p.read_text(encoding="utf-8") for p in sorted(bundled.glob("*.yaml"))]

    @FUZZ
    @given(st.sampled_from(texts).flatmap(bent))
    def check(data: bytes) -> None:
        path = write(folder, "types.yaml", data)
        run("match", "matchmatch", "brother-bob", "friendly-sam", "--seed", "2", "-o", f"type_file={path}")

    check()


def test_verify_takes_any_export(folder: Path) -> None:
    export = '{"format": "turnbuckle.league-export/1", "shows": [], "competitors": [], "seed": 1}'

    @FUZZ
    @given(bent(export))
    def check(data: bytes) -> None:
        run("verify", write(folder, "export.json", data))

    check()


@pytest.mark.parametrize("command", ["replay", "show"])
def test_record_commands_take_any_file(command: str, folder: Path) -> None:
    record = runner.invoke(app, ["match", "boxing", "slugger", "speedster", "--seed", "4", "--format", "json"]).stdout
    huge = record.replace('"seed": 4', '"seed": ' + "9" * 5000, 1)
    assert huge != record
    run(command, write(folder, f"{command}-huge.json", huge.encode()))

    @FUZZ
    @given(bent(record))
    def check(data: bytes) -> None:
        run(command, write(folder, f"{command}.json", data))

    check()


def test_match_takes_any_strategy_file(folder: Path) -> None:
    @FUZZ
    @given(st.sampled_from(_strategies()).flatmap(bent))
    def check(data: bytes) -> None:
        path = write(folder, "week.txt", data)
        run("match", "matchmatch", "brother-bob", "friendly-sam", "--seed", "2", "--strategy", f"1={path}")

    check()


def test_match_takes_any_sheet_named_by_a_side_file(folder: Path) -> None:
    (folder / "side.yaml").write_text("wrestler: named.yaml\n", encoding="utf-8")
    bob = get_ruleset("matchmatch").sample("brother-bob").text

    @FUZZ
    @given(bent(bob))
    def check(data: bytes) -> None:
        write(folder, "named.yaml", data)
        run("match", "matchmatch", str(folder / "side.yaml"), "friendly-sam", "--seed", "2")

    check()
