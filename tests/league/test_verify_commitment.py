"""The commitment a reader saw at lock: an organiser who draws a show's seed again after lock, and
rewrites the database to match, passes a plain verify (the seed agrees with the hash in the same
file); ``verify --commitment SHOW=HASH`` with the hash published at lock finds it."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import select
from typer.testing import CliRunner

from tests.league.helpers import League, open_show
from turnbuckle.cli.app import app
from turnbuckle.league import canonical
from turnbuckle.league.export import export_league
from turnbuckle.league.models import ShowEvent
from turnbuckle.league.services import running, shows

runner = CliRunner()
CARD = [("m2", ["Friendly Sam", "Brother Bob"]), ("boxing", ["Mika Sato", "Rico Vance"])]


def redrawn_after_lock(lg: League, tmp_path: Path) -> tuple[Path, int, str]:
    """A show whose seed was drawn again after lock, the manifest and the history rewritten to match;
    its export, number and the seed hash published at lock."""
    number = open_show(lg, CARD)
    with lg.act() as ctx:
        s = shows.lock(ctx, number)
        at_lock = str(s.seed_sha256)
    with lg.act() as ctx:  # the organiser's forgery, straight in the database
        s = shows.show(ctx, number)
        s.seed = canonical.new_seed()
        s.seed_sha256 = canonical.sha256_hex(bytes.fromhex(s.seed))
        s.manifest = dict(s.manifest or {}) | {"seed_sha256": s.seed_sha256}
        ev = ctx.session.scalars(select(ShowEvent).where(ShowEvent.show_id == s.id, ShowEvent.kind == "lock")).one()
        ev.detail = dict(ev.detail) | {"seed_sha256": s.seed_sha256,
                                       "manifest_sha256": canonical.sha256_hex(canonical.canonical_json(s.manifest))}
    with lg.act() as ctx:
        running.run_show(ctx, number)
        running.publish(ctx, number)
    with lg.act() as ctx:
        data = export_league(ctx, [number])
    path = tmp_path / "export.json"
    path.write_text(json.dumps(data))
    return path, int(number), at_lock


def test_a_seed_drawn_again_after_lock_fails_against_the_lock_time_hash(lg: League, tmp_path: Path) -> None:
    path, number, at_lock = redrawn_after_lock(lg, tmp_path)
    plain = runner.invoke(app, ["verify", str(path)])
    assert plain.exit_code == 0, plain.output  # the file agrees with itself
    assert f"show {number}: no commitment given" in plain.output and "which the organiser controls" in plain.output
    assert "Atom feed" in plain.output and "webhook and e-mail" in plain.output
    caught = runner.invoke(app, ["verify", str(path), "--commitment", f"{number}={at_lock}"])
    assert caught.exit_code == 1, caught.output
    assert "does not match the commitment given" in caught.output
    revealed = json.loads(path.read_text())["shows"][0]["seed_sha256"]
    fine = runner.invoke(app, ["verify", str(path), "--commitment", f"{number}={revealed.upper()}"])
    assert fine.exit_code == 0, fine.output
    assert "checked against the commitment given" in fine.output
    other = runner.invoke(app, ["verify", str(path), "--commitment", f"{number + 7}={revealed}"])
    assert other.exit_code == 1 and "does not hold it" in other.output
    # The same from the database.
    lg.engine.dispose()
    from_db = runner.invoke(app, ["league", "verify", str(number), "--db", lg.url,
                                  "--commitment", f"{number}={at_lock}"])
    assert from_db.exit_code == 1 and "does not match the commitment given" in from_db.output, from_db.output


def test_a_bad_commitment_is_one_line_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{}")
    for bad in ("3", "x=" + "a" * 64, "3=abc", "3=" + "g" * 64):
        got = runner.invoke(app, ["verify", str(path), "--commitment", bad])
        assert got.exit_code == 2, (bad, got.output)
        assert "SHOW=HASH" in got.output and got.output.strip().count("\n") == 0, got.output
