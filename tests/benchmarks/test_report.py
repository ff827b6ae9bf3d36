"""``make bench`` writes docs/benchmarks.md: the machine, then one section per part with what the
part printed, in the parts' order; a failing part is written with its error and the others still run."""

from __future__ import annotations

import importlib
import types
from datetime import UTC, datetime
from pathlib import Path

import pytest

from benchmarks import __main__ as runner
from benchmarks.report import PAGE, Machine, Part, about, render

MACHINE = Machine(cpu="Test CPU 9000", cores=2, python="3.11.9", system="Linux 6.1",
                  started=datetime(2030, 1, 2, 3, 4, tzinfo=UTC), load_start=(0.5, 0.4, 0.3),
                  load_end=(1.0, 0.9, 0.8))


def test_the_page_names_the_machine_and_holds_each_part_in_order() -> None:
    parts = [Part("engines", "Odds engines", "How fast.", "ruleset  ref/s\nboxing   2,900\n", 12.3),
             Part("web", "Web pages", "", "p95 4.0 ms\n", 40.0, error="RuntimeError: no server")]
    page = render(MACHINE, parts)
    assert page.startswith("# Benchmarks\n")
    for line in ("- CPU: Test CPU 9000", "- cores: 2", "- Python: 3.11.9", "- run started: 2030-01-02 03:04 UTC",
                 "- the whole run: 52 s", "- [Web pages](#web) (`web`, 40 s): failed"):
        assert line in page.splitlines()
    assert page.index("## Odds engines") < page.index("boxing   2,900") < page.index("## Web pages")
    assert "This part stopped on an error: `RuntimeError: no server`" in page
    assert render(MACHINE, parts) == page  # the layout is fixed: only the numbers are the run's


def test_a_part_is_its_docstrings_first_paragraph() -> None:
    assert about("""Times the pages
    of the league.

    More detail.""") == "Times the pages of the league."


def test_the_runner_keeps_what_each_part_prints_and_goes_on_after_a_failure(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def good() -> None:
        print("a table line")

    def bad() -> None:
        print("half a table")
        raise RuntimeError("no server")

    fakes = {"benchmarks.engines": types.SimpleNamespace(main=good, TITLE="Odds engines", __doc__="Engines."),
             "benchmarks.web": types.SimpleNamespace(main=bad, __doc__=None)}
    monkeypatch.setattr(importlib, "import_module", fakes.__getitem__)
    out = tmp_path / "page.md"
    assert runner.main(["web", "engines", "--out", str(out)]) == 1
    page = out.read_text()
    assert page.index("## Odds engines") < page.index("a table line") < page.index("## web") < page.index(
        "half a table")
    assert "RuntimeError: no server" in page
    assert "a table line" in capsys.readouterr().out  # printed as it goes, too


def test_a_full_run_writes_the_page_and_some_parts_write_nothing_unless_asked() -> None:
    assert runner.arguments([]).out == PAGE and PAGE.name == "benchmarks.md"
    assert runner.arguments(["web"]).out is None
