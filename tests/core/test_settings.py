"""One settings object (core/settings.py): every variable read once, a bad value refused in one line,
handed to serve's worker processes as one value; docs/cli.md's table is made from it; no ``assert``
(which ``python -O`` drops) left in the program."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from turnbuckle.cli.app import app
from turnbuckle.core.settings import SETTINGS, Settings, SettingsError, markdown_table

ROOT = Path(__file__).resolve().parents[2]


def test_docs_cli_table_is_the_settings_table() -> None:
    text = (ROOT / "docs" / "cli.md").read_text()
    found = re.search(r"<!-- settings table: begin -->\n(.*?)<!-- settings table: end -->", text, re.S)
    assert found is not None, "docs/cli.md has lost its settings table markers"
    assert found.group(1) == markdown_table(), "regenerate it: python -m turnbuckle.core.settings"


def test_every_variable_the_program_reads_is_listed() -> None:
    """A TURNBUCKLE_ variable named anywhere in the program is a setting of the table."""
    listed = {s.env for s in SETTINGS} | {"TURNBUCKLE_SERVE_SETTINGS"}
    named: set[str] = set()
    for path in (ROOT / "src" / "turnbuckle").rglob("*.py"):
        named |= set(re.findall(r"\bTURNBUCKLE_[A-Z_]+\b", path.read_text()))
    assert named <= listed, sorted(named - listed)


def test_values_are_read_and_bad_ones_refused_naming_the_variable() -> None:
    s = Settings.from_env({"TURNBUCKLE_JOB_THREADS": "3", "TURNBUCKLE_JOB_LEASE_S": "2.5",
                           "TURNBUCKLE_TRUSTED_PROXIES": "10.0.0.1, 10.1.0.0/16", "TURNBUCKLE_LOG_FORMAT": "JSON"})
    assert (s.job_threads, s.job_lease_s, s.trusted_proxies, s.log_format) == (3, 2.5, ("10.0.0.1", "10.1.0.0/16"),
                                                                                "json")
    assert Settings.from_env({}) == Settings()
    for env, value, said in (("TURNBUCKLE_JOB_THREADS", "two", "a whole number"),
                             ("TURNBUCKLE_JOB_THREADS", "9" * 5000, "a whole number"),
                             ("TURNBUCKLE_JOB_LEASE_S", "-1", "above 0"),
                             ("TURNBUCKLE_LOG_LEVEL", "loud", "debug or info")):
        with pytest.raises(SettingsError, match=rf"\${env} is .*{said}"):
            Settings.from_env({env: value})


def test_a_secret_setting_is_never_shown() -> None:
    s = Settings.from_env({"TURNBUCKLE_SMTP_PASSWORD": "hunter2-secret"})
    assert s.smtp_password == "hunter2-secret" and "hunter2" not in repr(s)


def test_serve_hands_its_workers_one_value() -> None:
    s = Settings(database_url="postgresql://x/y", base_url="https://fed.example.org", trusted_proxies=("10.0.0.1",),
                 job_threads=0, log_format="json")
    assert Settings.from_env({"TURNBUCKLE_SERVE_SETTINGS": s.to_json(), "TURNBUCKLE_JOB_THREADS": "5"}) == s
    with pytest.raises(SettingsError, match="TURNBUCKLE_SERVE_SETTINGS"):
        Settings.from_env({"TURNBUCKLE_SERVE_SETTINGS": "{not json"})


def test_a_bad_setting_stops_any_command_at_start_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TURNBUCKLE_JOB_THREADS", "lots")
    result = CliRunner().invoke(app, ["rulesets"])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "$TURNBUCKLE_JOB_THREADS" in lines[0], result.stderr


def test_no_assert_statement_is_left_in_the_program() -> None:
    """``python -O`` drops ``assert``: an invariant is checked by an ``if`` that raises Broken instead."""
    found = []
    for path in (ROOT / "src" / "turnbuckle").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Assert):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, found


def test_metrics_allow_is_loopback_by_default_takes_networks_or_none_and_refuses_a_name() -> None:
    assert Settings().metrics_allow == ("127.0.0.1", "::1")
    assert Settings.from_env({"TURNBUCKLE_METRICS_ALLOW": "10.0.0.5, 192.168.0.0/24"}).metrics_allow == \
        ("10.0.0.5", "192.168.0.0/24")
    nobody = Settings.from_env({"TURNBUCKLE_METRICS_ALLOW": "none"})
    assert nobody.metrics_allow == () and Settings.from_json(nobody.to_json()) == nobody
    with pytest.raises(SettingsError, match=r"\$TURNBUCKLE_METRICS_ALLOW is 'prometheus.local'.*neither"):
        Settings.from_env({"TURNBUCKLE_METRICS_ALLOW": "prometheus.local"})
