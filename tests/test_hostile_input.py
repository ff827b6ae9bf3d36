"""Hostile input (issue 12 item 14): every file-taking path reads through the bounded reader and
refuses with one line and exit 2; never a traceback, a hang or a swelling process."""

from __future__ import annotations

import io
import os
import re
import threading
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from turnbuckle.cli.app import app
from turnbuckle.core.errors import InputFileError, InputRefused
from turnbuckle.core.inputs import MAX_INPUT_BYTES, parse_json, parse_yaml, printable, read_input
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset

runner = CliRunner()
RULESETS = [rs.info.id for rs in all_rulesets()]


def tb(*args: str) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def refused(result: Any, *words: str) -> None:
    """Exit 2 with exactly one line on stderr, saying each of ``words``."""
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("turnbuckle: error: "), result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def laughs(levels: int = 9) -> str:
    """The "billion laughs": each level 9 aliases of the one before; about 1 KB, 9**9 strings."""
    rows = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    rows += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels)]
    rows += [f"name: *a{levels - 1}", f"figures: *a{levels - 1}"]
    return "\n".join(rows) + "\n"


# -- the reader ---------------------------------------------------------------------------------
def test_a_fifo_is_refused_without_being_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with unblocked(fifo) as waited, pytest.raises(InputRefused, match="not a regular file"):
        read_input(fifo)
    assert not waited(), "the reader blocked on the FIFO"


def test_devices_and_folders_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InputRefused, match="'/dev/zero' is not a regular file"):
        read_input("/dev/zero", "dice script")
    with pytest.raises(InputFileError, match="is a folder"):
        read_input(tmp_path)
    with pytest.raises(InputFileError, match="not found"):
        read_input(tmp_path / "nope.yaml")


def test_a_large_file_is_refused_by_its_size_without_being_read(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as f:  # a sparse 20 MB file: refused from its size alone
        f.truncate(20_000_000)
    with pytest.raises(InputRefused, match=r"is 20\.0 MB; files are read up to 1\.0 MB"):
        read_input(big)
    exact = tmp_path / "exact.yaml"
    exact.write_bytes(b"#" * MAX_INPUT_BYTES)
    assert len(read_input(exact)) == MAX_INPUT_BYTES


def test_standard_input_is_bounded_the_same_way(monkeypatch: pytest.MonkeyPatch) -> None:
    class Stdin:
        def __init__(self, data: bytes) -> None:
            self.buffer = io.BytesIO(data)

    monkeypatch.setattr("sys.stdin", Stdin(b"name: X\n"))
    assert read_input("-") == "name: X\n"
    monkeypatch.setattr("sys.stdin", Stdin(b"x" * (MAX_INPUT_BYTES + 1)))
    with pytest.raises(InputRefused, match=r"standard input is over 1\.0 MB"):
        read_input("-")


@pytest.mark.parametrize(("text", "shown"), [("name: A\u202eB\n", "U+202E"), ("a: 1\n\x1b[2J\n", "line 2 holds U+001B"),
                                             ("\x00", "U+0000")])
def test_control_and_direction_override_characters_are_refused(tmp_path: Path, text: str, shown: str) -> None:
    f = tmp_path / "x.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(InputRefused, match=re.escape(shown)):
        read_input(f)


def test_a_byte_order_mark_is_dropped_and_bad_utf8_is_named(tmp_path: Path) -> None:
    f = tmp_path / "x.yaml"
    f.write_bytes(b"\xef\xbb\xbfname: X\n")
    assert read_input(f) == "name: X\n"
    f.write_bytes(b"name: \xff\n")
    with pytest.raises(InputFileError, match=r"not UTF-8 text \(byte 7\)"):
        read_input(f)


def test_printable_escapes_what_would_move_the_cursor_or_reverse_text() -> None:
    assert printable("plain: ok") == "plain: ok"
    assert printable("a\x1b[2Jb\u202ec\nd\ud800") == "a\\x1b[2Jb\\u202ec\\x0ad\\ud800"


# -- YAML ---------------------------------------------------------------------------------------
def test_the_billion_laughs_is_refused_at_its_first_alias_in_bounded_memory() -> None:
    text = laughs()
    assert len(text) < 1100
    tracemalloc.start()
    try:
        with pytest.raises(InputRefused, match=r"line 2, column 10: the alias '\*a0'"):
            parse_yaml(text, "laughs.yaml")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000


def test_a_self_referencing_alias_is_refused() -> None:
    with pytest.raises(InputRefused, match="alias"):
        parse_yaml("a: &x [1, *x]\n", "loop.yaml")


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000,
                                  "a:\n" + "".join(" " * i + "- \n" for i in range(1, 200)),
                                  "{a: " * 5000 + "1" + "}" * 5000])
def test_deep_nesting_is_refused_not_a_recursion_error(text: str) -> None:
    with pytest.raises(InputRefused, match="nested more than 32 levels deep"):
        parse_yaml(text, "deep.yaml")
    data = parse_yaml("[" * 32 + "]" * 32, "ok.yaml")  # 32 levels are fine
    assert isinstance(data, list)


@pytest.mark.parametrize("number", ["9" * 4300, "9" * 31, "0x" + "f" * 5000, "-" + "1" * 5000, "1:" * 2000 + "1"])
def test_a_huge_whole_number_is_refused(number: str) -> None:
    with pytest.raises(InputRefused, match="digits; numbers here have at most 30"):
        parse_yaml(f"power: {number}\n", "big.yaml")
    assert parse_yaml("power: " + "9" * 30, "ok.yaml") == {"power": int("9" * 30)}


@pytest.mark.parametrize(("text", "said"), [("d: 2024-13-45\n", "month must be in 1..12"),
                                            ('n: "\\ud800"\n', "U+D800"), ('n: "\\e[2J"\n', "U+001B"),
                                            ("n: !!python/object:os.system x\n", "could not determine a constructor")])
def test_values_yaml_cannot_build_are_errors_at_their_line(text: str, said: str) -> None:
    with pytest.raises(InputFileError, match=f"line 1.*{re.escape(said)}"):
        parse_yaml(text, "x.yaml")


# -- every command -------------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", RULESETS)
def test_validate_refuses_the_billion_laughs_fast_with_one_line(ruleset: str, tmp_path: Path) -> None:
    f = tmp_path / "laughs.yaml"
    f.write_text(laughs())
    refused(tb("validate", ruleset, str(f)), "alias")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_match_refuses_a_device_a_fifo_and_a_huge_file_as_a_side(ruleset: str, tmp_path: Path) -> None:
    other = get_ruleset(ruleset).samples()[0].id
    big = tmp_path / "big.yaml"
    with big.open("wb") as f:
        f.truncate(3_000_000)
    fifo = tmp_path / "side.yaml"
    os.mkfifo(fifo)
    with unblocked(fifo) as waited:
        for side in ("/dev/zero", str(fifo)):
            refused(tb("match", ruleset, side, other, "--seed", "1"), "not a regular file")
            refused(tb("odds", ruleset, side, other, "-n", "10"), "not a regular file")
        refused(tb("validate", ruleset, str(fifo)), "not a regular file")
    assert not waited()
    refused(tb("match", ruleset, str(big), other), "3.0 MB")
    refused(tb("validate", ruleset, "/dev/zero"), "not a regular file")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_dice_script_that_is_a_device_or_fifo_is_refused(ruleset: str, tmp_path: Path) -> None:
    sides = [s.id for s in get_ruleset(ruleset).samples()][:2]
    fifo = tmp_path / "dice.txt"
    os.mkfifo(fifo)
    with unblocked(fifo) as waited:
        refused(tb("match", ruleset, *sides, "--dice", str(fifo)), "dice script", "not a regular file")
    assert not waited()
    refused(tb("match", ruleset, *sides, "--dice", "/dev/zero"), "dice script", "not a regular file")


def test_matchmatch_strategy_and_type_files_are_bounded(tmp_path: Path) -> None:
    fifo = tmp_path / "plan.txt"
    os.mkfifo(fifo)
    with unblocked(fifo) as waited:
        refused(tb("validate-strategy", "matchmatch", str(fifo)), "strategy", "not a regular file")
        refused(tb("match", "matchmatch", "brother-bob", "friendly-sam", "--seed", "1", "-o", f"type_file={fifo}"),
                "not a regular file")
    assert not waited()
    refused(tb("validate-strategy", "matchmatch", "/dev/zero"), "not a regular file")
    laugh = tmp_path / "types.yaml"
    laugh.write_text(laughs())
    refused(tb("match", "matchmatch", "brother-bob", "friendly-sam", "--seed", "1", "-o", f"type_file={laugh}"),
            "alias")


def test_a_name_too_long_for_the_system_is_not_a_traceback() -> None:
    refused(tb("match", "boxing", "x" * 5000, "slugger"), "neither a file nor a boxing sample")


# -- names ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("bad", ["\\u200b\\u200b", "\\u200b\\ufeff\\u2060", "Iron\\u202eMike", "Bad\\u2066Guy",
                                 "\\u3164"])
def test_names_of_invisible_or_direction_characters_are_refused(ruleset: str, bad: str, tmp_path: Path) -> None:
    rs = get_ruleset(ruleset)
    sample = rs.samples()[0]
    lines = sample.text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("name:"))
    lines[at] = lines[at][: lines[at].index("name:")] + f'name: "{bad}"'
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text("\n".join(lines) + "\n")
    out = tb("validate", ruleset, str(sheet))
    assert out.exit_code in (1, 2), out.stdout
    assert "\u202e" not in out.stdout + out.stderr and "\u200b" not in out.stdout + out.stderr
    other = rs.samples()[1].id
    played = tb("match", ruleset, str(sheet), other, "--seed", "3", "--format", "markdown")
    refused(played)
    assert played.stdout == ""


def test_a_name_with_joiners_between_visible_characters_is_kept() -> None:
    rs = get_ruleset("boxing")
    text = rs.sample("slugger").text
    name = "Zo\u200dë"
    data = parse_yaml(text, "s")
    assert isinstance(data, dict)
    data["name"] = name
    assert rs.load_side(data, "s").name == name


# -- exit 3 --------------------------------------------------------------------------------------
def test_an_internal_error_is_one_line_and_exit_3_and_debug_shows_the_traceback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object, **_kw: object) -> None:
        raise ZeroDivisionError("a bug of ours")

    monkeypatch.setattr("turnbuckle.cli.info_cmds.all_rulesets", broken)
    out = runner.invoke(app, ["rulesets"])
    assert out.exit_code == 3
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and "ZeroDivisionError: a bug of ours" in lines[0] and "--debug" in lines[0]
    debug = runner.invoke(app, ["--debug", "rulesets"])
    assert debug.exit_code == 3
    assert "Traceback (most recent call last)" in debug.stderr and "a bug of ours" in debug.stderr


# -- helpers -------------------------------------------------------------------------------------
class unblocked:
    """While the block runs, a watchdog opens ``fifo`` for writing after a few seconds and closes
    it, so a reader that wrongly blocked on it wakes (and the test fails instead of hanging)."""

    def __init__(self, fifo: Path, after_s: float = 5.0) -> None:
        self.fifo = fifo
        self.after_s = after_s
        self.done = threading.Event()
        self.fired = False
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def _watch(self) -> None:
        if self.done.wait(self.after_s):
            return
        self.fired = True
        while not self.done.is_set():
            try:
                fd = os.open(self.fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # no reader yet
                self.done.wait(0.05)
                continue
            os.close(fd)

    def __enter__(self) -> Any:
        self.thread.start()
        return lambda: self.fired

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        self.thread.join()


def test_json_archives_refuse_deep_nesting_and_huge_numbers() -> None:
    with pytest.raises(InputRefused, match="nested too deeply"):
        parse_json("[" * 200_000 + "]" * 200_000, "export.json")
    with pytest.raises(InputRefused, match="a number of 5000 digits"):
        parse_json('{"seed": ' + "9" * 5000 + "}", "export.json")
    with pytest.raises(InputFileError, match="not valid JSON at line 1, column 2"):
        parse_json("{x", "export.json")
    with pytest.raises(InputRefused, match=r"U\+202E"):
        parse_json('{"shows": [{"name": "a\\u202eb"}]}', "export.json")
    assert parse_json('{"seed": 18446744073709551615}', "export.json") == {"seed": 2**64 - 1}


def test_league_verify_file_reads_a_fifo_or_device_as_nothing(tmp_path: Path) -> None:
    fifo = tmp_path / "export.json"
    os.mkfifo(fifo)
    with unblocked(fifo) as waited:
        refused(tb("verify", str(fifo)), "not a regular file")
    assert not waited()
    refused(tb("verify", "/dev/zero"), "not a regular file")


@pytest.mark.parametrize("layout", ["yaml", "text"])
@pytest.mark.parametrize("field", ["stamina", "high_spots", "other"])
def test_a_matchmatch_number_of_thousands_of_digits_is_one_line_in_every_command(
        layout: str, field: str, tmp_path: Path) -> None:
    """A 5,001-digit number in a sheet (YAML, or the rulebook's text layout the loader falls back to)
    is refused as every other bad number is, never int()'s 'Exceeds the limit' internal error."""
    big = "1" * 5001
    if layout == "yaml":
        text = get_ruleset("matchmatch").sample("friendly-sam").text
        text = text.replace("stamina: 10", f"stamina: {big}") if field == "stamina" else \
            text.replace("high_spots: 3", f"high_spots: {big}") if field == "high_spots" else \
            text.replace("  notes:", f"  weight_class: {big}\n  notes:")
        assert big in text
    else:
        text = (Path(__file__).parent / "matchmatch" / "fixtures" / "sam-sheet.txt").read_text()
        text = text.replace("Stamina:10", f"Stamina:{big}") if field == "stamina" else \
            text.replace("High Spot: 3 (costs 9)", f"High Spot: 3 (costs {big})") if field == "high_spots" else \
            text.replace("Power:1", f"Power:{big}")
        assert big in text
    f = tmp_path / "big.yaml"
    f.write_text(text)
    refused(tb("validate", "matchmatch", str(f)), "5001 digits", "at most 30")
    refused(tb("match", "matchmatch", str(f), "friendly-sam", "--seed", "1"), "5001 digits")
    refused(tb("odds", "matchmatch", str(f), "friendly-sam", "-n", "10"), "5001 digits")
