"""Tag teams: a team's scores are built from its members' (the rulebook's I.2, and the rulings).

Every attribute lies between the members' lowest and highest; Teamwork is the members' lowest;
High Spots are free of the range rule; the team costs at most 42. A team may instead take one
member's sheet whole, with Teamwork lowered to the minimum.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from turnbuckle.core.errors import SheetError
from turnbuckle.core.models import load_model
from turnbuckle.rulesets.matchmatch.sheet import BUDGET, Wrestler, sheet_cost, wrestler_problems
from turnbuckle.rulesets.matchmatch.styles import STYLES, title


@dataclass(frozen=True)
class Team:
    """A validated team: its members and the combined sheet it wrestles with."""

    name: str
    members: tuple[Wrestler, ...]
    sheet: Wrestler


def _range(values: Sequence[int]) -> tuple[int, int]:
    return min(values), max(values)


def team_problems(sheet: Wrestler, members: Sequence[Wrestler]) -> list[str]:
    """Every way ``sheet`` breaks the team-building rules for these members."""
    problems: list[str] = []
    if len(members) < 2:
        problems.append(f"a team needs at least 2 members, got {len(members)}")
        return problems
    checks: list[tuple[str, int, list[int]]] = [("Stamina", sheet.stamina, [m.stamina for m in members])]
    for style in STYLES:
        if style == "teamwork":
            continue
        checks.append((title(style), sheet.styles.get(style), [m.styles.get(style) for m in members]))
    for style in STYLES:
        checks.append((f"{title(style)} defense", sheet.defenses.get(style), [m.defenses.get(style) for m in members]))
    checks.append(("Ref Slack", sheet.ref_slack, [m.ref_slack for m in members]))
    for label, value, values in checks:
        lo, hi = _range(values)
        if not lo <= value <= hi:
            allowed = str(lo) if lo == hi else f"{lo} to {hi}"
            problems.append(f"{label} is {value}; the members' range allows {allowed}")
    lowest_tw = min(m.styles.teamwork for m in members)
    if sheet.styles.teamwork != lowest_tw:
        problems.append(
            f"Teamwork is {sheet.styles.teamwork}; a team's Teamwork must be {lowest_tw}, the lowest of its members'"
        )
    problems.extend(wrestler_problems(sheet))
    return problems


def member_sheet_for_team(member: Wrestler, members: Sequence[Wrestler], name: str) -> Wrestler:
    """One member's sheet taken whole, with Teamwork lowered to the members' lowest."""
    lowest_tw = min(m.styles.teamwork for m in members)
    styles = member.styles.model_copy(update={"teamwork": lowest_tw})
    return member.model_copy(update={"name": name, "styles": styles, "injuries": 0})


def with_changes(sheet: Wrestler, changes: Mapping[str, object], label: str) -> Wrestler:
    """``sheet`` with some values changed (``styles``/``defenses`` merge score by score), e.g. to
    spend the point a team frees by lowering a member's Teamwork."""
    data = sheet.model_dump()
    for key, value in changes.items():
        if key in ("styles", "defenses") and isinstance(value, Mapping):
            data[key] = {**data[key], **value}
        else:
            data[key] = value
    return load_model(Wrestler, data, label)


def build_team(name: str, members: Sequence[Wrestler], sheet: Wrestler | None = None,
               use: str | None = None, label: str = "team", changes: Mapping[str, object] | None = None) -> Team:
    """A validated team. Give ``sheet`` (the team's own scores) or ``use`` (a member's name whose
    sheet is taken whole, then ``changes`` applied to it); raises SheetError listing every problem."""
    members = tuple(members)
    if sheet is not None and use is not None:
        raise SheetError(label, ["give the team's own scores or 'use: <member name>' with the values to change, "
                                 "not both a whole sheet and 'use'"])
    if sheet is None:
        if use is None:
            raise SheetError(label, ["give the team's scores, or 'use: <member name>' to take one member's sheet"])
        chosen = [m for m in members if m.name.lower() == use.strip().lower()]
        if not chosen:
            names = ", ".join(m.name for m in members)
            raise SheetError(label, [f"'use: {use}' names no member; the members are {names}"])
        sheet = member_sheet_for_team(chosen[0], members, name)
        if changes:
            sheet = with_changes(sheet, changes, f"{label}: changes to {chosen[0].name}'s sheet")
    elif sheet.name != name:
        sheet = sheet.model_copy(update={"name": name})
    problems = team_problems(sheet, members)
    if problems:
        raise SheetError(label, problems)
    return Team(name, members, sheet)


__all__ = ["BUDGET", "Team", "build_team", "sheet_cost", "team_problems"]
