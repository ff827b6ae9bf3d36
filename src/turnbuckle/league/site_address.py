"""The league's own web address, as links in its messages and posts begin with it (the notifier
and the post renderers both ask it here, so neither imports the other for it)."""

from __future__ import annotations

from turnbuckle.core.settings import Settings
from turnbuckle.league.models import NotifySettings


def site_url(row: NotifySettings | None, settings: Settings | None = None) -> str:
    """What links in messages begin with: the league's site address, else the settings' base URL
    (``serve --base-url``, $TURNBUCKLE_BASE_URL), else "" (messages then carry no links)."""
    own = row.site_url if row is not None else None
    return (own or (settings or Settings.from_env()).base_url or "").rstrip("/")
