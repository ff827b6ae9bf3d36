"""How many points a sheet being typed has left, for the games that buy with points: MatchMatch
(the sheet's cost against its budget), boxing (three abilities against theirs) and Deathmatch (an
army's power against the default cap). Each figure comes from the game's own code and constants;
None while the text cannot be read that far, or for a game without a budget."""

from __future__ import annotations

from dataclasses import dataclass

from turnbuckle.core.errors import RulesError
from turnbuckle.core.inputs import parse_yaml


@dataclass
class Points:
    spent: int
    budget: int
    what: str = "points"

    @property
    def left(self) -> int:
        return self.budget - self.spent


def points_of(ruleset_id: str, text: str) -> Points | None:
    try:
        if ruleset_id == "matchmatch":
            return _matchmatch(text)
        if ruleset_id == "boxing":
            return _boxing(text)
        if ruleset_id == "deathmatch":
            return _deathmatch(text)
    except (RulesError, ValueError, TypeError):
        return None
    return None


def _matchmatch(text: str) -> Points | None:
    from pydantic import ValidationError

    from turnbuckle.rulesets.matchmatch.sheet import BUDGET, Wrestler, sheet_cost

    data = parse_yaml(text, "sheet")
    body = data.get("wrestler", data) if isinstance(data, dict) else None
    if not isinstance(body, dict):
        return None
    try:
        wrestler = Wrestler.model_validate(body)
    except ValidationError:
        return None
    return Points(sheet_cost(wrestler), BUDGET)


def _boxing(text: str) -> Points | None:
    from turnbuckle.rulesets.boxing.sheet import BUDGET, STATS

    data = parse_yaml(text, "sheet")
    if not isinstance(data, dict):
        return None
    values = [data.get(s) for s in STATS]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return None
    return Points(sum(v for v in values if isinstance(v, int)), BUDGET)


def _deathmatch(text: str) -> Points | None:
    from turnbuckle.core.options import resolve_options
    from turnbuckle.rulesets.registry import get_ruleset

    rs = get_ruleset("deathmatch")
    army = rs.load_text(text, "sheet")
    cap = int(str(resolve_options(rs.info.options, {})["cap"]))
    return Points(int(getattr(army, "power")), cap, "power")  # noqa: B009
