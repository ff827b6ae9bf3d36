"""Notifications: messages about a league's shows sent by webhook and e-mail from an outbox table.

An event (a card opened, a deadline near, a show locked, results published, a strategy received) writes its
messages to the ``outbox`` in the same unit of work as the event itself (``events.py``); a worker
(``sender.py``: the web server's background task, or ``turnbuckle league notify --drain``) claims
what is due, sends it and logs each attempt. The league's settings (``config.py``) hold the webhook
and the SMTP server (``reach.py`` keeps both to public addresses; ``dialects.py`` writes each
webhook body as its receiver reads it); members' addresses and opt-ins are in ``contacts.py``; the calendar and news
feeds are written by ``ical.py`` and ``atom.py`` from ``feeds.py``.
"""

from __future__ import annotations

#: The kinds of message, in the order the pages list them.
KINDS = ("open", "deadline", "locked", "results", "receipt")
#: What each kind is, as the settings pages and the command line say it.
KIND_LABELS = {
    "open": "a card opened for strategies (the announcement)",
    "deadline": "a strategy deadline approaching",
    "locked": "a show locked: the hash of its secret seed, the commitment the results are checked against "
              "(on with the results unless you turn it off)",
    "results": "results published (the results post)",
    "receipt": "your own strategy received, with its hash (e-mail only)",
}
#: The kinds a league webhook may get (a receipt is for one member only).
WEBHOOK_KINDS = ("open", "deadline", "locked", "results")
#: Turned on with ``results`` (a member who takes the results gets the commitment they are checked against).
WITH_RESULTS = "locked"
