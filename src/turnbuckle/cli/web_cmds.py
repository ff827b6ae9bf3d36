"""``turnbuckle serve``: the web application over a league database, served by uvicorn.
FastAPI and uvicorn are imported inside the command, never at start-up."""

from __future__ import annotations

import os
import socket
from typing import Annotated

import typer

from turnbuckle.cli.common import fail, user_errors

Db = Annotated[str | None, typer.Option("--db", help="SQLite file or database URL (default: "
                                        "$TURNBUCKLE_DATABASE_URL, else ./turnbuckle.db).")]


def serve(
    db: Db = None,
    host: Annotated[str, typer.Option("--host", help="Address to listen on (127.0.0.1: this machine only).")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")] = 8000,
    base_url: Annotated[str | None, typer.Option("--base-url", help="The site's public address (e.g. "
                        "https://league.example.org), which begins every invite and reset link (default: the "
                        "address it listens on); set it behind a proxy.")] = None,
    workers: Annotated[int, typer.Option("--workers", min=1, max=64, help="Server processes sharing the port; "
                       "each also runs queued jobs (use PostgreSQL: see docs/web.md).")] = 1,
    scheduler: Annotated[str | None, typer.Option("--scheduler", help="Dask scheduler for the long runs' heavy "
                         "work: tcp://HOST:PORT or local (default $TURNBUCKLE_SCHEDULER; none: each server "
                         "process's own threads).")] = None,
    trusted_proxy: Annotated[list[str] | None, typer.Option("--trusted-proxy", help="Address or network of a "
                             "proxy in front of the server whose X-Forwarded-For is believed (repeatable; "
                             "default none: the connection's address is the client's).")] = None,
    allow_private_notify: Annotated[bool, typer.Option("--allow-private-notify", help="Let the league's webhook "
                                    "and SMTP server be on this host or its private network (loopback, private, "
                                    "link-local addresses); by default they are refused.")] = False,
) -> None:
    """Serve the league's web pages, the table-side score keeper and the JSON API (Ctrl-C stops it)."""
    with user_errors():
        from turnbuckle.league.db import database_url, describe
        from turnbuckle.web.app import create_app

        url = database_url(db)
        from turnbuckle.web.links import BASE_URL_ENV, configured_base

        try:
            base_url = configured_base(base_url)
        except ValueError as exc:
            raise fail(f"{exc}; check --base-url or ${BASE_URL_ENV}") from None
        if base_url:
            os.environ[BASE_URL_ENV] = base_url  # for the worker processes of --workers N
        _check_scheduler(scheduler)
        if allow_private_notify:
            from turnbuckle.league.notify.reach import allow_private

            allow_private()  # for this process and the worker processes of --workers N
        from turnbuckle.web.proxies import parse_proxies, share_trusted

        try:
            share_trusted(parse_proxies(trusted_proxy or []))
        except ValueError as exc:
            raise fail(f"{exc}; check --trusted-proxy") from None
        from turnbuckle.web.first_run import create_if_empty

        create_if_empty(url)  # first run: an empty database gets the schema; the setup link follows
        app = create_app(url, base_url=base_url, scheduler=scheduler, trusted_proxies=trusted_proxy or ())
    sock = _listen(host, port)
    import uvicorn

    shown = f"[{host}]" if ":" in host else host
    print(f"serving {describe(url)} at http://{shown}:{sock.getsockname()[1]}/ (Ctrl-C stops it)", flush=True)
    with user_errors():
        from turnbuckle.web.first_run import setup_link

        link = setup_link(app.state.engine, base_url or f"http://{_reachable(host)}:{sock.getsockname()[1]}")
        if link:
            print(f"  no league yet: set it up at {link} (this link works once)", flush=True)
    with user_errors():
        from turnbuckle.league.demo import demo_logins

        for name, password, role in demo_logins(url):
            print(f"  demo sign-in: {name} / {password} ({role})", flush=True)
    if workers > 1:
        _serve_workers(url, scheduler, workers, sock)
        return
    from turnbuckle.web.serving import config

    # The timeouts and limits of docs/web.md's "Serving under load"; forwarded headers: web/proxies.py.
    server = uvicorn.Server(config(app, proxy_headers=False))
    with sock:
        server.run(sockets=[sock])


def _check_scheduler(scheduler: str | None) -> None:
    """A --scheduler (or $TURNBUCKLE_SCHEDULER) that is not 'local' nor tcp://HOST:PORT is refused at
    start, in one line, not at the first job (whose page would carry the refusal)."""
    from turnbuckle.league.job_worker import SCHEDULER_ENV

    given, where = (scheduler, "--scheduler") if scheduler else (os.environ.get(SCHEDULER_ENV), f"${SCHEDULER_ENV}")
    if not given or given == "local":
        return
    scheme, _, rest = given.partition("://")
    host, _, port = rest.rpartition(":")
    if scheme not in ("tcp", "tls") or not host or not port:
        raise fail(f"{where} '{given}': give tcp://HOST:PORT of a running Dask scheduler, or 'local'")


def _reachable(host: str) -> str:
    """The listening address as a browser on this machine writes it (any address: localhost)."""
    if host in ("0.0.0.0", "::", ""):
        return "localhost"
    return f"[{host}]" if ":" in host else host


def _serve_workers(url: str, scheduler: str | None, workers: int, sock: socket.socket) -> None:
    """``workers`` processes on one socket: each builds its app from the environment (uvicorn
    starts them fresh, so it needs the app as an import string)."""
    import os

    from uvicorn.supervisors import Multiprocess

    from turnbuckle.league.db import URL_ENV
    from turnbuckle.league.job_worker import SCHEDULER_ENV
    from turnbuckle.web.serving import config

    os.environ[URL_ENV] = url
    if scheduler:
        os.environ[SCHEDULER_ENV] = scheduler
    settings = config("turnbuckle.web.app:app_from_env", factory=True, workers=workers, proxy_headers=False)
    with sock:
        Multiprocess(settings, sockets=[sock]).run()


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound here so that a port already taken or an address that is not this
    machine's is one line (exit 2) before the server starts, not a server's log message."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _, address = infos[0]
        sock = socket.socket(family, kind, proto)
    except OSError as exc:
        raise fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}; check --host") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        raise fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}; pick another --port or --host") from None
    sock.set_inheritable(True)
    return sock


def register(app: typer.Typer) -> None:
    app.command()(serve)
