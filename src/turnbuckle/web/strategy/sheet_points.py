"""How many points a sheet being typed has left, for the games that buy with points
(``SheetEditor.sheet_points``: MatchMatch's sheet cost against its budget, boxing's three abilities
against theirs, a Deathmatch army's power against the default cap). Each figure comes from the
game's own code and constants; None while the text cannot be read that far, or for a game
without a budget."""

from __future__ import annotations

from turnbuckle.core.errors import RulesError
from turnbuckle.core.page_hooks import SheetPoints
from turnbuckle.rulesets.registry import get_ruleset

#: What a sheet has spent of its budget (``spent``, ``budget``, ``what``, ``left``).
Points = SheetPoints


def points_of(ruleset_id: str, text: str) -> Points | None:
    try:
        editor = get_ruleset(ruleset_id).sheet_editor()
        return editor.sheet_points(text) if editor is not None else None
    except (RulesError, ValueError, TypeError):
        return None
