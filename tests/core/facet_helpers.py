"""A game's facets with the plain behaviour where it has none, so a test asks every game alike."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from turnbuckle.core.facets import Reporting, SheetEditor
from turnbuckle.core.page_hooks import StrategyChoices, StrategyDraft
from turnbuckle.core.registry import Ruleset


class PlainSheets(SheetEditor):
    """A game without a sheet editor, as the pages treat it."""


class PlainReporting(Reporting):
    """A game without reporting, as the pages and posts treat it."""


class NoStrategies:
    """A game without written strategies: every answer None."""

    def strategy_choices(self) -> StrategyChoices | None:
        return None

    def strategy_from_form(self, values: Mapping[str, str], rows: int, conditionals: int) -> StrategyDraft | None:
        return None

    def strategy_form_values(self, text: str, rows: int, conditionals: int) -> dict[str, str] | None:
        return None

    def grid_table(self, grid: str) -> list[tuple[str, list[str]]] | None:
        return None


def editor(rs: Ruleset[Any]) -> SheetEditor:
    return rs.sheet_editor() or PlainSheets()


def report(rs: Ruleset[Any]) -> Reporting:
    return rs.reporting() or PlainReporting()


def written(rs: Ruleset[Any]) -> Any:
    return rs.written_strategies() or NoStrategies()
