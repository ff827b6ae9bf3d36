"""Every setting the program reads from its environment, in one place, read once.

``Settings.from_env()`` reads the environment at an entry point (the command line, ``serve``'s worker
processes) and refuses a bad value at once, in one line (``SettingsError``: exit 2). Everything else
takes the ``Settings`` it is given: the app factory, the job worker, the notifier, the fast engines'
table cache. ``serve --workers N`` hands its settings to its worker processes as one serialised
value (``to_json``/``from_json``), never by writing the variables one by one.

docs/cli.md's table of environment variables is generated from ``SETTINGS`` (``markdown_table``;
a test fails when they differ): change a setting here, then run ``python -m turnbuckle.core.settings``.
"""

from __future__ import annotations

import ipaddress
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.workarounds import NAMES as WORKAROUND_NAMES
from turnbuckle.core.workarounds import SWITCH_ENV as WORKAROUNDS_ENV
from turnbuckle.core.workarounds import parse_switch

#: The variable ``serve --workers N`` hands its settings in to the worker processes it starts.
SERVE_SETTINGS_ENV = "TURNBUCKLE_SERVE_SETTINGS"
LOG_LEVELS = ("debug", "info", "warning", "error")
LOG_FORMATS = ("text", "json")


class SettingsError(RulesError):
    """A setting's value cannot be used: the message names the variable and what to write."""


@dataclass(frozen=True)
class Setting:
    """One environment variable: its name, the field it fills, its type and default as the docs say
    them, a sentence, and how its text is read (raising ValueError with what is wrong)."""

    env: str
    field: str
    kind: str
    default: str
    doc: str
    read: Callable[[str], Any]
    secret: bool = False


def _whole(low: int) -> Callable[[str], int]:
    def read(text: str) -> int:
        if not text.strip().isdigit() or len(text.strip()) > 9:
            raise ValueError("a whole number")
        value = int(text)
        if value < low:
            raise ValueError(f"{low} or more")
        return value
    return read


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError("a number of seconds") from None
    if not 0 < value < 86_400:
        raise ValueError("a number of seconds above 0 (under a day)")
    return value


def _choice(options: tuple[str, ...]) -> Callable[[str], str]:
    def read(text: str) -> str:
        value = text.strip().lower()
        if value not in options:
            raise ValueError(" or ".join(options))
        return value
    return read


def _switch(text: str) -> bool:
    value = text.strip().lower()
    if value not in ("1", "0", "yes", "no", "true", "false", "on", "off"):
        raise ValueError("1 or 0 (yes or no)")
    return value in ("1", "yes", "true", "on")


def _text(text: str) -> str | None:
    return text.strip() or None


def _names(text: str) -> tuple[str, ...]:
    return tuple(p.strip() for p in text.split(",") if p.strip())


def _networks(text: str) -> tuple[str, ...]:
    """Addresses or networks, comma-separated; ``none``: no address at all."""
    if text.strip().lower() == "none":
        return ()
    names = _names(text)
    for name in names:
        try:
            ipaddress.ip_network(name, strict=False)
        except ValueError:
            raise ValueError(f"addresses or networks (127.0.0.1, 10.0.0.0/8) or none; '{name[:40]}' is neither") \
                from None
    return names


SETTINGS: tuple[Setting, ...] = (
    Setting("TURNBUCKLE_DATABASE_URL", "database_url", "path or URL", "./turnbuckle.db",
            "The league database for `league`, `serve` and `verify`'s league checks: an SQLite file or a "
            "database URL. `--db` wins over it.", _text),
    Setting("TURNBUCKLE_BASE_URL", "base_url", "URL", "none",
            "The site's public address (https://league.example.org), which begins every link the server and "
            "the posts hand out. `serve --base-url` and the league's own site address win over it.", _text),
    Setting("TURNBUCKLE_TRUSTED_PROXIES", "trusted_proxies", "addresses", "none",
            "Comma-separated addresses or networks of proxies whose X-Forwarded-For and X-Forwarded-Proto are "
            "believed. `serve --trusted-proxy` wins over it.", _names),
    Setting("TURNBUCKLE_SCHEDULER", "scheduler", "tcp://HOST:PORT or local", "none",
            "A Dask scheduler for the long jobs' heavy work (none: each server process's own threads). "
            "`serve --scheduler` wins over it.", _text),
    Setting("TURNBUCKLE_JOB_THREADS", "job_threads", "whole number", "1",
            "Threads per server process that run queued jobs (odds runs, advice, verification); 0: this "
            "process runs none.", _whole(0)),
    Setting("TURNBUCKLE_JOB_LEASE_S", "job_lease_s", "seconds", "30",
            "How long a claimed job is held without a heartbeat before another process may take it.", _seconds),
    Setting("TURNBUCKLE_CACHE_DIR", "cache_dir", "folder", "~/.cache/turnbuckle",
            "Where the fast engines keep the tables and compiled kernels they build.", _text),
    Setting("TURNBUCKLE_SMTP_PASSWORD", "smtp_password", "text", "none",
            "The SMTP password `league notify email` stores for the league's mail (never printed).", _text,
            secret=True),
    Setting("TURNBUCKLE_ALLOW_PRIVATE_NOTIFY", "allow_private_notify", "1 or 0", "0",
            "1 lets the league's webhook and SMTP server be on this host or its private network (loopback, "
            "private, link-local addresses), which are refused otherwise. `--allow-private-notify` does the same "
            "for its command's run.",
            _switch),
    Setting("TURNBUCKLE_LOG_LEVEL", "log_level", "debug, info, warning or error", "info",
            "The least important log lines `serve` writes. `serve --log-level` wins over it.",
            _choice(LOG_LEVELS)),
    Setting("TURNBUCKLE_LOG_FORMAT", "log_format", "text or json", "text",
            "`serve`'s log lines: text for a person, json (one object a line) for a log collector. "
            "`serve --log-format` wins over it.", _choice(LOG_FORMATS)),
    Setting("TURNBUCKLE_METRICS_ALLOW", "metrics_allow", "addresses or none", "127.0.0.1, ::1",
            "Comma-separated addresses or networks that may read the server's Prometheus metrics at /metrics "
            "(anyone else gets 404; none: nobody). `serve --metrics-allow` wins over it.", _networks),
    Setting(WORKAROUNDS_ENV, "disable_workarounds", "all, none or names", "none",
            "Turns off the program's workarounds that reach into other projects' internals (docs/architecture.md, "
            f"Workarounds): all, or some of {', '.join(WORKAROUND_NAMES)}, comma-separated.", parse_switch),
)


@dataclass(frozen=True)
class Settings:
    """The program's settings, as read once from the environment (or given by a test)."""

    database_url: str | None = None
    base_url: str | None = None
    trusted_proxies: tuple[str, ...] = ()
    scheduler: str | None = None
    job_threads: int = 1
    job_lease_s: float = 30.0
    cache_dir: str | None = None
    smtp_password: str | None = field(default=None, repr=False)
    allow_private_notify: bool = False
    log_level: str = "info"
    log_format: str = "text"
    metrics_allow: tuple[str, ...] = ("127.0.0.1", "::1")
    disable_workarounds: tuple[str, ...] = ()

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """The settings the environment gives; a bad value is a SettingsError naming its variable.
        In a process ``serve --workers N`` started, its one serialised value."""
        env = os.environ if environ is None else environ
        handed = env.get(SERVE_SETTINGS_ENV)
        if handed:
            return cls.from_json(handed)
        values: dict[str, Any] = {}
        for s in SETTINGS:
            text = env.get(s.env)
            if text is None or not text.strip():
                continue
            try:
                values[s.field] = s.read(text)
            except ValueError as exc:
                shown = "(hidden)" if s.secret else repr(text[:60])
                raise SettingsError(f"${s.env} is {shown}; it must be {exc}: fix or unset it") from None
        return cls(**values)

    def with_(self, **changes: Any) -> Settings:
        """A copy with some settings given otherwise (a command's own flags win over the environment)."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})

    def to_json(self) -> str:
        return json.dumps({f.name: getattr(self, f.name) for f in fields(self)}, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Settings:
        try:
            data = json.loads(text)
            data = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
            known = {f.name for f in fields(cls)}
            return cls(**{k: v for k, v in data.items() if k in known})
        except (ValueError, TypeError, AttributeError):
            raise SettingsError(f"${SERVE_SETTINGS_ENV} is not the settings `serve` hands its workers; "
                                "unset it") from None

    def table_cache(self) -> Path:
        """Where the fast engines keep what they build."""
        return Path(self.cache_dir) if self.cache_dir else Path.home() / ".cache" / "turnbuckle"


def markdown_table() -> str:
    """docs/cli.md's table of environment variables, made from ``SETTINGS``."""
    rows = ["| variable | value | default | what it sets |", "|---|---|---|---|"]
    rows += [f"| `{s.env}` | {s.kind} | {s.default} | {s.doc} |" for s in SETTINGS]
    return "\n".join(rows) + "\n"


if __name__ == "__main__":  # python -m turnbuckle.core.settings: the table, to paste into docs/cli.md
    print(markdown_table(), end="")
