"""Golden records of a game's older rules versions: what the games that keep them in
``golden/<version>/`` share (``tests/boxing``, ``tests/folkstyle``).

Every change of outcome bumps the rules version, and the engine keeps playing the versions before
it (``RulesetInfo.older_versions``): a stored match must replay exactly as it was played. A game's
``golden_records.py`` makes the records of the current version with :func:`write_golden`, once, with
the code of that version, before the change that follows it (it refuses to overwrite records of an
older version: they are history); its ``test_old_versions.py`` plays them again under their own
version and compares the JSON byte for byte (:func:`old_version_tests`), and checks what the next
version changed with :func:`play_again`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import pytest

from turnbuckle.core.match import MatchRecord
from turnbuckle.core.record_json import parse_record
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.render import render_json
from turnbuckle.core.replay import replay
from turnbuckle.core.sources import SeededSource

T = TypeVar("T")


# -- making the records (a game's golden_records.py) -----------------------------------------------


def sample(ruleset: Ruleset[Any], sample_id: str, kind: type[T]) -> T:
    """The game's bundled sample ``sample_id``, a side of type ``kind``."""
    side = ruleset.load_text(ruleset.sample(sample_id).text, sample_id)
    assert isinstance(side, kind)
    return side


def play(ruleset: Ruleset[Any], sides: Sequence[object], seed: int, options: dict[str, object],
         version: str | None) -> MatchRecord:
    """One seeded match of ``sides`` under ``version`` (None: the current rules)."""
    return ruleset.run(list(sides), SeededSource(seed), options, version=version)


def write_golden(argv: Sequence[str], ruleset: Ruleset[Any], golden: Path,
                 records: Callable[[str | None], Iterable[tuple[str, MatchRecord]]]) -> int:
    """The ``main`` of ``python -m tests.GAME.golden_records VERSION``: write each of ``records``
    (file stem, record) as played by the current code, which must be ``VERSION``, to
    ``golden/VERSION/STEM.json``; never over a folder that exists."""
    game = ruleset.info.id
    if len(argv) != 1:
        print(f"usage: python -m tests.{game}.golden_records VERSION (the current rules version)", file=sys.stderr)
        return 2
    version = argv[0]
    if version != ruleset.info.version:
        print(f"records of {version} are made by the code of {version}; this is {game} {ruleset.info.version}",
              file=sys.stderr)
        return 2
    folder = golden / version
    if folder.exists():
        print(f"{folder} exists: golden records are history, never remade", file=sys.stderr)
        return 2
    folder.mkdir(parents=True)
    for stem, record in records(None):
        (folder / f"{stem}.json").write_text(render_json(record), encoding="utf-8")
        print(f"{stem}: {record.result.summary}")
    return 0


# -- replaying them (a game's test_old_versions.py) -------------------------------------------------


def golden_paths(golden: Path) -> list[Path]:
    """Every golden record, ``golden/<version>/<stem>.json``, in order."""
    return sorted(golden.glob("*/*.json"))


def path_id(path: Path) -> str:
    """A record's test id: ``version/stem``."""
    return f"{path.parent.name}/{path.stem}"


def play_again(ruleset: Ruleset[Any], record: MatchRecord, version: str | None,
               options: dict[str, object] | None = None) -> MatchRecord:
    """``record``'s match played again, from its own sheets, seed, players and entrants, under
    ``version`` (None: the current rules) with its own options or ``options``."""
    sides = [ruleset.load_side(sheet, f"side {i + 1}") for i, sheet in enumerate(record.sheets)]
    assert record.seed is not None
    again = ruleset.run(sides, SeededSource(record.seed), dict(record.options) if options is None else options,
                        dict(record.players), entrants=list(record.entrants), version=version)
    # The package's own version is not the rules': a later turnbuckle plays the same match.
    return replace(again, package_version=record.package_version)


def old_version_tests(ruleset: Ruleset[Any], paths: Sequence[Path],
                      at_least: int) -> tuple[Callable[[], None], Callable[[Path], None]]:
    """The two tests of a game's ``test_old_versions.py``, to bind there to ``test_...`` names:
    each older version the engine plays has records (``at_least`` in all) and each record is of a
    version it plays; and each record, of the version its folder names, plays again under that
    version to the same JSON text, through ``Ruleset.run`` and through ``turnbuckle replay``'s
    ``core.replay``."""

    def every_older_version_has_records() -> None:
        versions = {p.parent.name for p in paths}
        assert set(ruleset.info.older_versions) <= versions <= set(ruleset.info.playable_versions)
        assert len(paths) >= at_least

    @pytest.mark.parametrize("path", paths, ids=path_id)
    def replays_byte_for_byte(path: Path) -> None:
        text = path.read_text(encoding="utf-8")
        record = parse_record(text)
        assert record.ruleset_version == path.parent.name
        assert render_json(play_again(ruleset, record, record.ruleset_version)) == text
        assert replay(ruleset, record).identical

    return every_older_version_has_records, replays_byte_for_byte
