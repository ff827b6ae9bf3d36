"""Verify: a real show passes; each kind of tampering with its export is a finding."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.league.helpers import SAM_STRATEGY, League, build, open_show
from turnbuckle.core.errors import InputFileError
from turnbuckle.league.export import export_league
from turnbuckle.league.services import running, shows
from turnbuckle.league.verify import load_export, verify_export

CARD = [("m2", ["Friendly Sam", "Brother Bob"]), ("m2", ["Iron Ivan", "Lady Lightning"]),
        ("boxing", ["Mika Sato", "Rico Vance"])]


def published_export(lg: League) -> dict[str, Any]:
    number = open_show(lg, CARD, title="Light-Heavyweight")
    with lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
    with lg.act() as ctx:
        shows.lock(ctx, number)
        running.run_show(ctx, number)
        running.heal(ctx, number)
        running.publish(ctx, number)
    with lg.act() as ctx:
        return export_league(ctx)


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory, sqlite_template: Path) -> dict[str, Any]:
    import shutil

    path = tmp_path_factory.mktemp("verify") / "league.db"
    shutil.copy(sqlite_template, path)
    lg = build(f"sqlite:///{path}")
    # Injure Friendly Sam beforehand so the week's healing has a roll to check.
    with lg.act() as ctx:
        from turnbuckle.league.services.roster import competitor

        competitor(ctx, "Friendly Sam").injuries = 3
    data = published_export(lg)
    lg.close()
    return data


def test_a_real_show_verifies_on_both_servers(lg: League) -> None:
    data = published_export(lg)
    findings, notes = verify_export(json.loads(json.dumps(data)))
    assert findings == []
    assert any("3 match(es) replayed" in n for n in notes)


def test_the_export_holds_the_seed_the_strategies_and_the_healing(export: dict[str, Any]) -> None:
    show = export["shows"][0]
    assert show["seed"] and show["manifest"]["seed_sha256"] == show["seed_sha256"]
    assert show["matches"][0]["sides"][0]["submission"] == SAM_STRATEGY
    # Sam came in with 3 injury points; the show's random seed may add points to Sam or to others,
    # and everyone hurt is healed, so Sam is healed from at least 3 and each entry from a real injury.
    sam = next(c["uid"] for c in export["competitors"] if c["name"] == "Friendly Sam")
    before = {h["competitor"]: h["before"] for h in show["healing"]}
    assert before[sam] >= 3
    assert all(b > 0 for b in before.values())
    assert verify_export(export) == ([], verify_export(export)[1])


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        keys: list[Any] = [int(k) if k.isdigit() else k for k in path.split(".")]
        target: Any = data
        for k in keys[:-1]:
            target = target[k]
        target[keys[-1]] = value(target[keys[-1]]) if callable(value) else value
    return change


TAMPERING = {
    "a match's record": (_set("shows.0.matches.2.record.result.winner", "Nobody"), "replay differs"),
    "an event of a record": (_set("shows.0.matches.0.record.events.3", {"type": "roll", "faces": [6]}),
                             "replay differs"),
    "the revealed seed": (_set("shows.0.seed", "00" * 32), "does not match its published SHA-256"),
    "a submission": (_set("shows.0.matches.0.sides.0.submission", SAM_STRATEGY.replace("Finale", "Final")),
                     "does not match the hash"),
    "the strategy played": (_set("shows.0.matches.0.sides.0.document.strategy", "Strategy:+Power +Weight -MA\n"),
                            "not the one submitted"),
    "the card after lock": (_set("shows.0.card.1.sides.0.name", "Someone Else"), "card changed after lock"),
    "the manifest": (_set("shows.0.manifest.submissions.1.sha256", "ab" * 32), "manifest"),
    "a match seed": (_set("shows.0.matches.1.seed", "12345"), "is not HMAC"),
    "a healing roll": (_set("shows.0.healing.0.after", 0), "healing"),
    "a drawn referee": (_set("shows.0.card.0.referee", "Bill Order"), "card changed after lock"),
}


@pytest.mark.parametrize("kind", sorted(TAMPERING))
def test_each_kind_of_tampering_is_found(export: dict[str, Any], kind: str) -> None:
    change, message = TAMPERING[kind]
    data = copy.deepcopy(export)
    change(data)
    findings, _ = verify_export(data)
    assert findings, kind
    assert any(message in f for f in findings), findings


def test_a_drawn_referee_is_checked_against_the_card_seed(export: dict[str, Any]) -> None:
    data = copy.deepcopy(export)
    show = data["shows"][0]
    for card in (show["card"], show["manifest"]["card"]):  # consistent tampering of both copies
        card[0]["referee"] = "Bill Order"
    findings, _ = verify_export(data)
    assert any("is not the draw" in f for f in findings)


def test_an_unreadable_export_is_an_input_error() -> None:
    with pytest.raises(InputFileError, match="not valid JSON"):
        load_export("{", "x.json")
    with pytest.raises(InputFileError, match="not a league export"):
        load_export('{"format": "turnbuckle.match/1"}', "x.json")


def test_the_verify_command_exits_0_1_and_2(export: dict[str, Any], tmp_path: Path) -> None:
    good, bad, broken = tmp_path / "good.json", tmp_path / "bad.json", tmp_path / "broken.json"
    good.write_text(json.dumps(export))
    tampered = copy.deepcopy(export)
    _set("shows.0.matches.2.record.result.winner", "Nobody")(tampered)
    bad.write_text(json.dumps(tampered))
    broken.write_text("{not json")
    cmd = [str(Path(sys.executable).parent / "turnbuckle")]
    runs = {name: subprocess.run([*cmd, "verify", str(p)], capture_output=True, text=True)
            for name, p in (("good", good), ("bad", bad), ("broken", broken))}
    assert runs["good"].returncode == 0, runs["good"].stderr
    assert "verified" in runs["good"].stdout
    assert runs["bad"].returncode == 1
    assert "FINDING" in runs["bad"].stdout
    assert runs["broken"].returncode == 2
    assert runs["broken"].stderr.strip().count("\n") == 0 and "not valid JSON" in runs["broken"].stderr


def _add_injury(data: dict[str, Any]) -> None:
    show = data["shows"][0]
    show["injuries"].append({"competitor": show["matches"][0]["sides"][0]["competitor"], "match": 1,
                             "before": 0, "after": 1, "reason": "injured in match 1"})


RECOMPUTED = {
    "a Push move": (_set("shows.0.push_changes.0.after", [5, "2"]), "the result gives"),
    "a Push move left out": (lambda d: d["shows"][0]["push_changes"].pop(), "Push changes are not the result's"),
    "a Push move added": (lambda d: d["shows"][0]["push_changes"].append(dict(d["shows"][0]["push_changes"][0])),
                          "Push changes are not the result's"),
    "an injury": (_add_injury, "injuries listed are not the record's"),
    "a side's name in a match": (_set("shows.0.matches.0.sides.0.name", "Someone Else"), "sides are not the card's"),
}


@pytest.mark.parametrize("kind", sorted(RECOMPUTED))
def test_each_recomputed_standings_change_is_checked(export: dict[str, Any], kind: str, tmp_path: Path) -> None:
    """Push Level moves and injuries follow from the records: an edit to one is a finding, exit 1."""
    from typer.testing import CliRunner

    from turnbuckle.cli.app import app

    change, message = RECOMPUTED[kind]
    assert verify_export(copy.deepcopy(export))[0] == []
    data = copy.deepcopy(export)
    change(data)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    got = CliRunner().invoke(app, ["verify", str(path)])
    assert got.exit_code == 1, got.output
    assert message in got.output, got.output


def test_verify_says_what_it_does_not_check(export: dict[str, Any], tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from turnbuckle.cli.app import app

    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    got = CliRunner().invoke(app, ["verify", str(path)])
    assert got.exit_code == 0, got.output
    assert "Push Level move(s) recomputed" in got.output and "injury change(s) recomputed" in got.output
    assert "not checked: the write-up, the match notes and the competitors' names" in got.output
    assert "hand are inputs" in got.output
