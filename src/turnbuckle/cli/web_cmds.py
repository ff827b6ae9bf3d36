"""``turnbuckle serve``: the web application over a league database, served by uvicorn.
FastAPI and uvicorn are imported inside the command, never at start-up."""

from __future__ import annotations

import os
import socket
from typing import Annotated

import typer

from turnbuckle.cli.common import fail, user_errors
from turnbuckle.core.settings import LOG_FORMATS, LOG_LEVELS, SERVE_SETTINGS_ENV, Settings

Db = Annotated[str | None, typer.Option("--db", help="SQLite file or database URL (default: "
                                        "$TURNBUCKLE_DATABASE_URL, else ./turnbuckle.db).")]


def serve(
    ctx: typer.Context,
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
                             "default $TURNBUCKLE_TRUSTED_PROXIES, else none: the connection's address is the "
                             "client's).")] = None,
    metrics_allow: Annotated[list[str] | None, typer.Option("--metrics-allow", help="Address or network that may "
                             "read the Prometheus metrics at /metrics (repeatable; 'none': nobody; default "
                             "$TURNBUCKLE_METRICS_ALLOW, else this machine: 127.0.0.1 and ::1).")] = None,
    allow_private_notify: Annotated[bool, typer.Option("--allow-private-notify", help="Let the league's webhook "
                                    "and SMTP server be on this host or its private network (loopback, private, "
                                    "link-local addresses); by default they are refused.")] = False,
    log_level: Annotated[str | None, typer.Option("--log-level", help="The least important log lines written: "
                         "debug, info, warning or error (default $TURNBUCKLE_LOG_LEVEL, else info).")] = None,
    log_format: Annotated[str | None, typer.Option("--log-format", help="Log lines as text (for a person) or json "
                          "(one object a line, for a log collector); default $TURNBUCKLE_LOG_FORMAT, else text.")]
    = None,
) -> None:
    """Serve the league's web pages, the table-side score keeper and the JSON API (Ctrl-C stops it)."""
    with user_errors():
        from turnbuckle.core.logs import configure  # lazy: keeps the logs' set-up out of start-up
        from turnbuckle.league.db import database_url, describe  # lazy: keeps the league (sqlalchemy) out of start-up
        from turnbuckle.web.app import create_app  # lazy: keeps the league (sqlalchemy) out of start-up

        env = Settings.from_env()
        url = database_url(db, env)
        from turnbuckle.web.public.links import configured_base  # lazy: keeps fastapi out of start-up

        try:
            base_url = configured_base(base_url or env.base_url)
        except ValueError as exc:
            raise fail(f"{exc}; check --base-url or $TURNBUCKLE_BASE_URL") from None
        for value, allowed, flag in ((log_level, LOG_LEVELS, "--log-level"), (log_format, LOG_FORMATS, "--log-format")):
            if value is not None and value.lower() not in allowed:
                raise fail(f"{flag} '{value}': give {' or '.join(allowed)}")
        settings = env.with_(database_url=url, base_url=base_url, scheduler=scheduler,
                             trusted_proxies=tuple(trusted_proxy) if trusted_proxy else None,
                             metrics_allow=_metrics_allow(metrics_allow),
                             log_level=log_level.lower() if log_level else None,
                             log_format=log_format.lower() if log_format else None,
                             allow_private_notify=True if allow_private_notify else None)
        _check_scheduler(settings.scheduler, "--scheduler" if scheduler else "$TURNBUCKLE_SCHEDULER")
        if allow_private_notify:  # this process's sender, for the server's run (its workers: the settings)
            from turnbuckle.league.notify.reach import allowing_private  # lazy: keeps the league out of start-up

            ctx.with_resource(allowing_private())
        from turnbuckle.web.serving.proxies import parse_proxies  # lazy: keeps the web out of start-up

        try:
            parse_proxies(settings.trusted_proxies)
        except ValueError as exc:
            raise fail(f"{exc}; check --trusted-proxy or $TURNBUCKLE_TRUSTED_PROXIES") from None
        configure(settings.log_level, settings.log_format)  # ours and uvicorn's loggers (core/logs.py)
        from turnbuckle.web.organiser.first_run import (  # lazy: keeps the league (sqlalchemy) out of start-up
            create_if_empty,
        )

        create_if_empty(url)  # first run: an empty database gets the schema; the setup link follows
        app = create_app(url, settings=settings)
    sock = _listen(host, port)
    import uvicorn  # lazy: keeps uvicorn out of start-up

    shown = f"[{host}]" if ":" in host else host
    print(f"serving {describe(url)} at http://{shown}:{sock.getsockname()[1]}/ (Ctrl-C stops it)", flush=True)
    with user_errors():
        from turnbuckle.web.organiser.first_run import setup_link  # lazy: keeps the league (sqlalchemy) out of start-up

        link = setup_link(app.state.engine, base_url or f"http://{_reachable(host)}:{sock.getsockname()[1]}")
        if link:
            print(f"  no league yet: set it up at {link} (this link works once)", flush=True)
    with user_errors():
        from turnbuckle.league.demo import demo_logins  # lazy: keeps the league (sqlalchemy) out of start-up

        for name, password, role in demo_logins(url):
            print(f"  demo sign-in: {name} / {password} ({role})", flush=True)
    if workers > 1:
        _serve_workers(settings, workers, sock)
        return
    from turnbuckle.web.serving.server import config  # lazy: keeps uvicorn and fastapi out of start-up

    # The timeouts and limits of docs/web.md's "Serving under load"; forwarded headers: web/serving/proxies.py.
    server = uvicorn.Server(config(app, proxy_headers=False))
    with sock:
        server.run(sockets=[sock])


def _metrics_allow(given: list[str] | None) -> tuple[str, ...] | None:
    """--metrics-allow's addresses (None: not given; 'none' alone: nobody), a bad one refused in one line."""
    if not given:
        return None
    if [g.strip().lower() for g in given] == ["none"]:
        return ()
    from turnbuckle.web.serving.proxies import parse_proxies  # lazy: keeps the web out of start-up

    try:
        parse_proxies(given)
    except ValueError as exc:
        raise fail(f"--metrics-allow: {str(exc).split(';')[0]}; give an address (127.0.0.1), a network "
                   "(10.0.0.0/8) or none") from None
    return tuple(g.strip() for g in given)


def _check_scheduler(given: str | None, where: str) -> None:
    """A --scheduler (or $TURNBUCKLE_SCHEDULER) that is not 'local' nor tcp://HOST:PORT is refused at
    start, in one line, not at the first job (whose page would carry the refusal)."""
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


def _serve_workers(settings: Settings, workers: int, sock: socket.socket) -> None:
    """``workers`` processes on one socket: uvicorn starts them fresh (so it needs the app as an
    import string), and each builds its app from the settings handed down as one serialised value."""
    from uvicorn.supervisors import Multiprocess  # lazy: keeps uvicorn out of start-up

    from turnbuckle.core.logs import configure  # lazy: keeps the logs' set-up out of start-up
    from turnbuckle.web.serving.server import config  # lazy: keeps uvicorn and fastapi out of start-up

    os.environ[SERVE_SETTINGS_ENV] = settings.to_json()  # read by app_from_env in each worker process
    uvicorn_config = config("turnbuckle.web.app:app_from_env", factory=True, workers=workers, proxy_headers=False)
    configure(settings.log_level, settings.log_format)
    with sock:
        Multiprocess(uvicorn_config, sockets=[sock]).run()


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
