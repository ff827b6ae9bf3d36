"""MatchMatch's reporting facet: a played match's chart and its short account for a results post."""

from __future__ import annotations

from turnbuckle.core.chart import Chart
from turnbuckle.core.facets import Reporting
from turnbuckle.core.match import MatchRecord
from turnbuckle.rulesets.matchmatch import chart, post_text


class MatchMatchReporting(Reporting):
    def chart(self, record: MatchRecord) -> Chart:
        return chart.chart(record)

    def short_account(self, record: MatchRecord) -> list[str]:
        return post_text.short_account(record)
