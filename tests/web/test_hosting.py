"""The hosting recipe of docs/hosting.md, run as written, on loopback: Debian's Caddy with
``deploy/Caddyfile`` (its certificate from Caddy's own local authority, which the client alone
trusts) in front of ``turnbuckle serve --workers 2`` started from ``deploy/turnbuckle.service``'s
``ExecStart`` and ``Environment`` with ``deploy/turnbuckle.env``'s settings, on one PostgreSQL database; the backup
unit's command as systemd runs it; a restore into a fresh database, verified and served again; and
``systemd-analyze verify`` on the three unit files with the real ``turnbuckle`` in their ExecStart.

Only the names and ports a test machine needs are changed in those files (each replaced text is
checked to be there, once). Ports are chosen when the test runs, every wait is bounded with room for
a loaded machine, and every process started is killed, with its children, however the test ends.

Without Caddy or systemd-analyze (``make test`` installs both where it can) these tests are skipped,
saying why; with ``TURNBUCKLE_REQUIRE_CADDY=1`` (set by ``.ci/run``) they fail instead."""

from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import ssl
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path

import httpx2 as httpx
import pytest
from sqlalchemy import event, insert, select

from tests.league.conftest import pg_admin, pg_session_db, pg_url  # noqa: F401 (fixtures)
from tests.league.helpers import build
from tests.league.postgres import admin_sql, with_database
from tests.web.pages_support import competitor_id, quiet_explanations, submission_texts
from turnbuckle.league.backup import backup
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.demo import BOB as DEMO_BOB
from turnbuckle.league.demo import build_demo
from turnbuckle.league.models import LoginAttempt, Member, Notice

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
CADDY = Path("/usr/bin/caddy")
SYSTEMD_ANALYZE = Path("/usr/bin/systemd-analyze")
REQUIRE_ENV = "TURNBUCKLE_REQUIRE_CADDY"
TB = str(Path(sys.executable).parent / "turnbuckle")
#: Where the unit files expect turnbuckle (docs/hosting.md, step 1).
INSTALLED = "/opt/turnbuckle/venv/bin/turnbuckle"
START_S = 90  # the most a server or Caddy may take to answer (a loaded machine)
#: The client's addresses on loopback: through Caddy, and straight to the server's port. Caddy itself
#: connects to the server from 127.0.0.1, the trusted proxy of deploy/turnbuckle.env.
VIA_CADDY, STRAIGHT_IN = "127.0.0.2", "127.0.0.3"
FORGED = "203.0.113.7"
PAGES = ("/", "/roster", "/history", "/titles", "/shows/1", "/shows/2", "/feeds/shows.atom", "/shows/1/export.json")
_TOKEN = re.compile(r'"X-CSRF-Token": "([^"]+)"')
_SERVING = re.compile(r"at http://127\.0\.0\.1:(\d+)/")
#: Brother Bob is named first in match 1 of the demo's open show: his grid pick is a column.
BOB = DEMO_BOB.replace(", Grid 2", ", Grid B")


def _need(path: Path, package: str) -> None:
    if os.access(path, os.X_OK):
        return
    reason = f"{path} is missing (`make test` installs Debian's {package} package as root)"
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"{reason}, and {REQUIRE_ENV}=1 requires the hosting tests to run", pytrace=False)
    warnings.warn(f"hosting tests skipped: {reason}", stacklevel=1)
    pytest.skip(reason)


# -- the recipe's files, as the test machine needs them ----------------------------------------------------
def replaced(text: str, *pairs: tuple[str, str]) -> str:
    """``text`` with each (old, new) replaced; each old text must be there exactly once."""
    for old, new in pairs:
        assert text.count(old) == 1, f"expected {old!r} once in the recipe's file"
        text = text.replace(old, new)
    return text


def unit_values(unit: str, key: str) -> list[str]:
    """The values of ``key`` in a unit file's text, in order."""
    return [line.split("=", 1)[1] for line in unit.splitlines() if line.startswith(f"{key}=")]


def unit_value(unit: str, key: str) -> str:
    """The one value of ``key`` in a unit file's text."""
    values = unit_values(unit, key)
    assert len(values) == 1, f"expected one {key}= line"
    return values[0]


def as_systemd_runs(command: str) -> list[str]:
    """An ExecStart value as the command systemd runs: ``$$`` and ``%%`` stand for ``$`` and ``%``."""
    return shlex.split(command.replace("$$", "$").replace("%%", "%"))


def settings_file(**given: str) -> dict[str, str]:
    """deploy/turnbuckle.env's variables, with the values ``given`` for the ones it names."""
    lines = (DEPLOY / "turnbuckle.env").read_text().splitlines()
    values = dict(line.split("=", 1) for line in lines if line.strip() and not line.startswith("#"))
    assert set(given) <= set(values), f"deploy/turnbuckle.env lacks {set(given) - set(values)}"
    return {**values, **given}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# -- processes ------------------------------------------------------------------------------------------------
@contextmanager
def started(argv: list[str], log: Path, env: dict[str, str]) -> Iterator[subprocess.Popen[str]]:
    """A process in a session of its own (its children with it), killed with them when the block ends."""
    with log.open("w") as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, text=True, env=env,
                                start_new_session=True)
    try:
        yield proc
    finally:
        with suppress(ProcessLookupError):  # its children too, even where it has already ended
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(30)


def _wait(what: str, log: Path, proc: subprocess.Popen[str], ready: Callable[[], bool]) -> None:
    until = time.monotonic() + START_S
    while not ready():
        assert proc.poll() is None, f"{what} stopped: {log.read_text()[-3000:]}"
        assert time.monotonic() < until, f"{what} did not answer in {START_S} s: {log.read_text()[-3000:]}"
        time.sleep(0.1)


@contextmanager
def server(tmp: Path, name: str, db: str, base_url: str, port: int) -> Iterator[int]:
    """``turnbuckle serve`` as deploy/turnbuckle.service starts it, with deploy/turnbuckle.env's
    settings (``db`` and ``base_url`` in them); ``port`` 0: the one the server picked. Yields its port."""
    unit = (DEPLOY / "turnbuckle.service").read_text()
    argv = shlex.split(replaced(unit_value(unit, "ExecStart"), (INSTALLED, TB), ("--port 8000", f"--port {port}")))
    cache = str(tmp / "cache")  # the unit's CacheDirectory
    environment = dict(line.replace("/var/cache/turnbuckle", cache).split("=", 1)
                       for line in unit_values(unit, "Environment"))
    assert unit_value(unit, "CacheDirectory") == "turnbuckle" and environment["TURNBUCKLE_CACHE_DIR"] == cache
    env = {**os.environ, **environment, **settings_file(TURNBUCKLE_DATABASE_URL=db, TURNBUCKLE_BASE_URL=base_url)}
    log = tmp / f"{name}.log"
    with started(argv, log, env) as proc:
        _wait(f"serve ({name})", log, proc, lambda: _SERVING.search(log.read_text()) is not None)
        found = _SERVING.search(log.read_text())
        assert found
        port = int(found.group(1))

        def ready() -> bool:
            try:
                return httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=5).status_code == 200
            except httpx.TransportError:
                return False

        _wait(f"serve ({name})", log, proc, ready)
        yield port


@contextmanager
def caddy(tmp: Path, https_port: int, upstream: int) -> Iterator[ssl.SSLContext]:
    """Caddy with deploy/Caddyfile, its site at https://127.0.0.1:``https_port`` with a certificate
    from its local authority (kept under ``tmp``, never installed in the system's trust store), in
    front of the server on ``upstream``. Yields a TLS context that trusts that authority alone."""
    site = replaced((DEPLOY / "Caddyfile").read_text(), ("league.example.org {", f"https://127.0.0.1:{https_port} {{"),
                    ("127.0.0.1:8000", f"127.0.0.1:{upstream}"),
                    ("/var/log/caddy/turnbuckle.log", str(tmp / "caddy-access.log")))
    (tmp / "site.caddyfile").write_text(site)
    storage = tmp / "caddy-data"
    (tmp / "Caddyfile").write_text(
        "{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n"
        f"\tstorage file_system {storage}\n\thttp_port {_free_port()}\n\thttps_port {https_port}\n"
        "\tauto_https disable_redirects\n\tdefault_bind 127.0.0.1\n}\n"
        f"import {tmp / 'site.caddyfile'}\n")
    home = tmp / "caddy-home"
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
           "XDG_CONFIG_HOME": str(home / "config")}
    log = tmp / "caddy.log"
    root = storage / "pki" / "authorities" / "local" / "root.crt"
    trusted: list[ssl.SSLContext] = []

    def ready() -> bool:
        try:
            context = ssl.create_default_context(cafile=str(root))
            with httpx.Client(verify=context, timeout=5) as client:
                answered = client.get(f"https://127.0.0.1:{https_port}/healthz").status_code == 200
        except (OSError, httpx.TransportError):  # no root certificate yet, or no answer
            return False
        trusted[:] = [context]
        return answered

    with started([str(CADDY), "run", "--adapter", "caddyfile", "--config", str(tmp / "Caddyfile")], log, env) as proc:
        _wait("caddy", log, proc, ready)
        yield trusted[0]


# -- what a visitor does ------------------------------------------------------------------------------------
def _client(base: str, source: str, trusted: ssl.SSLContext | None = None) -> httpx.Client:
    transport = httpx.HTTPTransport(verify=trusted or True, local_address=source)
    return httpx.Client(base_url=base, transport=transport, timeout=60)


def _csrf(client: httpx.Client, path: str = "/login") -> str:
    found = _TOKEN.search(client.get(path).text)
    assert found, f"{path} carries no CSRF token"
    return found.group(1)


def _sign_in(client: httpx.Client, name: str, password: str, forged: str | None = None) -> httpx.Response:
    headers = {"X-Forwarded-For": forged} if forged else {}
    return client.post("/login", data={"name": name, "password": password, "next": "/", "csrf_token": _csrf(client)},
                       headers=headers)


def _cookies_set(response: httpx.Response) -> list[str]:
    cookies = [value for key, value in response.headers.multi_items() if key == "set-cookie"]
    assert cookies, f"{response.request.url} set no cookie"
    return cookies


def _failures(db: str) -> dict[str, str]:
    engine = make_engine(db)
    try:
        with session_scope(engine) as session:
            return {a.account: a.address for a in session.scalars(select(LoginAttempt))}
    finally:
        engine.dispose()


def _pages(base: str, trusted: ssl.SSLContext) -> dict[str, str]:
    """The public pages as a spectator reads them through Caddy, the spectator's own CSRF token blanked."""
    with _client(base, VIA_CADDY, trusted) as client:
        got = {path: client.get(path) for path in PAGES}
    assert not [(p, r.status_code) for p, r in got.items() if r.status_code != 200]
    blank = re.compile(r'("X-CSRF-Token": "|name="csrf_token" value=")[^"]+')
    return {path: blank.sub(r"\1", r.text) for path, r in got.items()}


def _new_database(admin: str, tag: str) -> str:
    name = f"tb_host_{tag}_{os.getpid()}_{time.monotonic_ns() % 10**8}"
    admin_sql(admin, f"CREATE DATABASE {name}")
    return with_database(admin, name)


def _drop(admin: str, url: str) -> None:
    admin_sql(admin, f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")


def _run(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(argv), capture_output=True, text=True, timeout=300, env=env, check=False)


def _through_caddy(site: str, port: int, trusted: ssl.SSLContext, db: str) -> None:
    """What a visitor does through Caddy, and what the server makes of it."""
    with _client(site, VIA_CADDY, trusted) as visitor:
        # Caddy's X-Forwarded-Proto is believed: a spectator's cookie is Secure through Caddy, not straight in
        assert all("; Secure" in c for c in _cookies_set(visitor.get("/login")))
        # compressed by Caddy in zstd (the server itself compresses with gzip alone)
        page = visitor.get("/", headers={"Accept-Encoding": "zstd"})
        assert page.headers.get("content-encoding") == "zstd" and not page.content.startswith(b"<!")
        # a failed sign-in through Caddy counts against the address Caddy saw, not the one forged
        assert _sign_in(visitor, "via-caddy", "wrong", forged=FORGED).status_code == 401
    with _client(f"http://127.0.0.1:{port}", STRAIGHT_IN) as straight:
        cookies = _cookies_set(straight.get("/login", headers={"X-Forwarded-Proto": "https"}))
        assert cookies and not [c for c in cookies if "Secure" in c]
        # one straight to the server's port: its forged header is not believed
        assert _sign_in(straight, "straight-in", "wrong", forged=FORGED).status_code == 401
    assert _failures(db) == {"via-caddy": VIA_CADDY, "straight-in": STRAIGHT_IN}
    with _client(site, VIA_CADDY, trusted) as ann:
        signed = _sign_in(ann, "Ann", "ann-demo-pass")
        assert signed.status_code == 303, signed.text
        cookie = next(c for c in _cookies_set(signed) if c.startswith("tb_session="))
        assert "; Secure" in cookie and "; HttpOnly" in cookie
        path = f"/shows/3/matches/1/strategy/{competitor_id(db, 'Brother Bob')}"
        form = ann.get(path)
        assert form.status_code == 200 and 'name="text"' in form.text
        sent = ann.post(path, data={"text": BOB}, headers={"X-CSRF-Token": _csrf(ann, path)})
        assert sent.status_code == 200 and "Strategy received" in sent.text
    assert submission_texts(db)[-1] == BOB


def _nightly_backup(db: str, folder: Path) -> Path:
    """The backup unit's own command, run as systemd runs it, in a folder that holds a backup of 40
    days ago (deleted) and one of 2 days ago (kept); the file it wrote."""
    unit = (DEPLOY / "turnbuckle-backup.service").read_text()
    command = as_systemd_runs(replaced(unit_value(unit, "ExecStart"), (INSTALLED, TB)))
    folder.mkdir()
    for name, age_days in (("league-old.json", 40), ("league-recent.json", 2)):
        (folder / name).write_text("{}")
        then = time.time() - age_days * 86_400
        os.utime(folder / name, (then, then))
    env = {**os.environ, **settings_file(TURNBUCKLE_DATABASE_URL=db), "STATE_DIRECTORY": str(folder)}
    days = {datetime.now(UTC).strftime("%Y-%m-%d")}
    done = _run(*command, env=env)
    days.add(datetime.now(UTC).strftime("%Y-%m-%d"))  # the night may turn while it runs
    assert done.returncode == 0, done.stdout + done.stderr
    written = sorted(p.name for p in folder.iterdir() if p.name != "league-recent.json")
    assert len(written) == 1 and written[0] in {f"league-{day}.json" for day in days}, written
    assert (folder / "league-recent.json").exists()
    return folder / written[0]


@pytest.mark.slow  # Caddy and two `serve --workers 2`, one after the other
def test_the_recipe_serves_through_caddy_backs_up_and_restores(pg_admin: str, tmp_path: Path) -> None:  # noqa: F811
    _need(CADDY, "caddy")
    https_port = _free_port()
    site = f"https://127.0.0.1:{https_port}"
    with ExitStack() as stack:
        db = _new_database(pg_admin, "a")
        stack.callback(_drop, pg_admin, db)
        build_demo(db)
        quiet_explanations(db)
        with ExitStack() as first:
            port = first.enter_context(server(tmp_path, "serve", db, site, 0))
            trusted = stack.enter_context(caddy(tmp_path, https_port, port))  # Caddy outlives this server
            _through_caddy(site, port, trusted, db)
            before = _pages(site, trusted)
            feed = before["/feeds/shows.atom"]
            assert f"{site}/shows/1" in feed and f"127.0.0.1:{port}" not in feed  # the site's address
            backup = _nightly_backup(db, tmp_path / "backups")  # while the server runs

        # restored into a fresh database and verified; served again on the same port, behind the same Caddy
        restored = _new_database(pg_admin, "b")
        stack.callback(_drop, pg_admin, restored)
        done = _run(TB, "league", "restore", str(backup), "--db", restored)
        assert done.returncode == 0 and "restored" in done.stdout, done.stdout + done.stderr
        done = _run(TB, "league", "verify", "--db", restored)
        assert done.returncode == 0, done.stdout + done.stderr
        assert submission_texts(restored)[-1] == BOB
        with server(tmp_path, "restored", restored, site, port):
            assert _pages(site, trusted) == before
            with _client(site, VIA_CADDY, trusted) as fran:  # the same passwords
                assert _sign_in(fran, "Fedhead Fran", "fran-demo-pass").status_code == 303


def test_the_units_pass_systemd_analyze_verify(tmp_path: Path) -> None:
    """The three unit files, with ExecStart naming this machine's turnbuckle, pass
    ``systemd-analyze verify`` (no running systemd needed), which does find a unit whose program is missing."""
    _need(SYSTEMD_ANALYZE, "systemd")
    names = ("turnbuckle.service", "turnbuckle-backup.service", "turnbuckle-backup.timer")
    for name in names:
        (tmp_path / name).write_text((DEPLOY / name).read_text().replace(INSTALLED, TB))
    assert unit_value((tmp_path / "turnbuckle.service").read_text(), "ExecStart").startswith(f"{TB} serve ")
    done = _run(str(SYSTEMD_ANALYZE), "verify", "--man=no", *(str(tmp_path / n) for n in names))
    assert done.returncode == 0 and "turnbuckle" not in done.stdout + done.stderr, done.stdout + done.stderr
    missing = tmp_path / "missing" / "turnbuckle"
    (tmp_path / "turnbuckle.service").write_text((DEPLOY / "turnbuckle.service").read_text().replace(INSTALLED,
                                                                                                    str(missing)))
    done = _run(str(SYSTEMD_ANALYZE), "verify", "--man=no", str(tmp_path / "turnbuckle.service"))
    assert done.returncode != 0 and f"{missing} is not executable" in done.stderr


def test_the_docs_show_the_recipe_files_as_they_are() -> None:
    """docs/hosting.md shows each file of deploy/ whole, after a line naming it: the two stay the same."""
    docs = (ROOT / "docs" / "hosting.md").read_text()
    for path in sorted(DEPLOY.iterdir()):
        shown = re.search(rf"<!-- deploy/{re.escape(path.name)} -->\n```[a-z]*\n(.*?)```\n", docs, re.S)
        assert shown, f"docs/hosting.md does not show deploy/{path.name}"
        assert shown.group(1) == path.read_text(), f"docs/hosting.md shows an older deploy/{path.name}"


def test_a_backup_taken_while_the_server_writes_is_of_one_moment(pg_url: str) -> None:  # noqa: F811
    """The nightly backup runs while the server writes. A member and a notice to them, added (and
    committed) once the backup has read the members table, are in neither table of the backup: a
    backup that held the notice without its member could not be restored."""
    league = build(pg_url)
    writer = make_engine(pg_url)
    added: list[int] = []

    def meanwhile(*args: object) -> None:
        if added or "FROM competitors" not in str(args[2]):
            return
        with writer.begin() as conn:
            league_id = conn.execute(select(Member.league_id)).scalars().first()
            now = datetime.now(UTC)
            member = conn.execute(insert(Member).values(league_id=league_id, name="Late", role="player",
                                                        created_at=now).returning(Member.id)).scalar_one()
            conn.execute(insert(Notice).values(league_id=league_id, member_id=member, text="late", created_at=now))
        added.append(member)

    event.listen(league.engine, "before_cursor_execute", meanwhile)
    try:
        data = backup(league.engine)
    finally:
        event.remove(league.engine, "before_cursor_execute", meanwhile)
        writer.dispose()
        league.close()
    assert added, "the backup read no competitors"
    members = {row["id"] for row in data["tables"]["members"]}
    assert added[0] not in members and all(n["member_id"] in members for n in data["tables"]["notices"])
    assert not [n for n in data["tables"]["notices"] if n["text"] == "late"]
