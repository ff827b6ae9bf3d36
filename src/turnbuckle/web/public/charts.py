"""The course of a match as a chart, read from its record's events (docs/json-format.md).

:func:`match_chart` gives standalone SVG text for any game whose ruleset charts its records
(``Reporting.chart``: MatchMatch Stamina by round with each round's style, boxing HP by turn,
folkstyle score by turn with the periods marked, Headlock HP by turn, the figures each Deathmatch
player has left by round). The game reads its own events; this only draws what it gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.record_json import record_from_json
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.public.charts_svg import draw


def match_chart(record: MatchRecord | Mapping[str, Any]) -> str | None:
    """The match's course as an ``<svg>`` element, or None for a game or record it cannot chart.
    ``record`` is a record or its JSON form (as the league stores it)."""
    if not isinstance(record, MatchRecord):
        try:
            record = record_from_json(dict(record))
        except (RulesError, TypeError, ValueError):
            return None
    try:
        reporting = get_ruleset(record.ruleset).reporting()
        chart = reporting.chart(record) if reporting is not None else None
    except (RulesError, KeyError, TypeError, ValueError):  # no such game, or events not in the expected shape
        return None
    return None if chart is None else draw(chart)
