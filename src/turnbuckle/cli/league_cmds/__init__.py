"""``turnbuckle league ...``: the league's command line, a thin front over the league services. Each
module holds one group of commands and shares only ``common``; SQLAlchemy and the league package are
imported inside each command, never at start-up."""

from __future__ import annotations

import typer

from turnbuckle.cli.league_cmds import accounts, advise, card, match, notify, post

# isort: off
# In this order, which is the order of the commands in ``turnbuckle league --help``.
from turnbuckle.cli.league_cmds import setup
from turnbuckle.cli.league_cmds import shows
from turnbuckle.cli.league_cmds import records
# isort: on
from turnbuckle.cli.league_cmds.common import card_app, league_app, member_app, show_app

#: The modules whose commands their decorators put on the groups of ``common`` as they are imported.
DECORATED = (setup, shows, records)


def register(app: typer.Typer) -> None:
    """Put ``turnbuckle league ...`` and the top-level ``turnbuckle verify`` on ``app``. The commands of
    ``setup``, ``shows`` and ``records`` are on the groups of ``common`` as their modules are imported."""
    accounts.register(member_app)
    card.register(league_app, show_app, card_app)
    match.register(league_app)
    advise.register(league_app)  # league advise, league advisor on|off
    post.register(league_app)
    notify.register(league_app)  # league notify: the outbox, webhook and e-mail settings
    app.add_typer(league_app, name="league")
    app.command("verify")(records.verify_file)
