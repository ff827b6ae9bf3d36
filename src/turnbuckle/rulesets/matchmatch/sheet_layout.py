"""A MatchMatch sheet as the rulebook prints its sample characters (I.3): the name, Stamina, the
eight styles, the style defenses with their cost in brackets ("Cheating: 2(4)"), High Spots with
their cost, then Ref Slack and what the league keeps (Push Level, injuries); a team adds its members.
Also the blank sheet the editor may start from."""

from __future__ import annotations

from typing import Any

from turnbuckle.core.events import Json
from turnbuckle.core.facets import SheetSection, shown_value
from turnbuckle.rulesets.matchmatch.sheet import DEFENSE_COST, HIGH_SPOT_COST, REF_SLACK_COST
from turnbuckle.rulesets.matchmatch.styles import TITLES

#: The styles in the order the rulebook's sample characters print them (Weight before High Flying).
PRINTED: tuple[str, ...] = ("technical", "power", "martial_arts", "brawling", "weight", "high_flying",
                            "cheating", "teamwork")


def _number(body: dict[str, Any], key: str) -> int:
    value = body.get(key, 0)
    return value if isinstance(value, int) else 0


def _scores(body: dict[str, Any], key: str) -> dict[str, int]:
    given = body.get(key)
    return {s: int(v) for s, v in given.items() if isinstance(v, int)} if isinstance(given, dict) else {}


def _with_cost(value: int, each: int) -> str:
    """``2(4)``: a bought score and the points it cost, as the rulebook writes a defense."""
    return f"{value}({value * each})" if value else "0"


def sheet_sections(sheet: Json) -> list[SheetSection]:
    """The sheet's sections; a missing score reads 0 (the sheet's own default)."""
    if not isinstance(sheet, dict):
        return [SheetSection("", (("Sheet", shown_value(sheet)),))]
    kind = "team" if "team" in sheet else "wrestler"
    body = sheet.get(kind)
    if not isinstance(body, dict):
        return [SheetSection("", tuple((str(k), shown_value(v)) for k, v in sheet.items()))]
    head: list[tuple[str, str]] = [("Name", str(body.get("name", "")))]
    given = body.get("members") if kind == "team" else None
    members = given if isinstance(given, list) else []
    theirs = {str(m.get("nickname")) for m in members if isinstance(m, dict) and m.get("nickname")}
    if body.get("nickname") and str(body["nickname"]) not in theirs:  # a team built on a member's sheet
        head.append(("Nickname", str(body["nickname"])))                # carries its nickname: not the team's
    if kind == "team":
        names = [m.get("name", "?") if isinstance(m, dict) else str(m) for m in members]
        head.append(("Members", ", ".join(str(n) for n in names)))
    head.append(("Stamina", str(_number(body, "stamina"))))
    styles, defenses = _scores(body, "styles"), _scores(body, "defenses")
    spots, slack = _number(body, "high_spots"), _number(body, "ref_slack")
    extra: list[tuple[str, str]] = [
        ("High Spots", f"{spots} (costs {spots * HIGH_SPOT_COST})"),
        ("Ref Slack", f"{slack} (costs {slack * REF_SLACK_COST})"),
        ("Push Level", str(body.get("push_level", 1))),
        ("Injuries", str(_number(body, "injuries"))),
    ]
    if body.get("notes"):
        extra.append(("Notes", str(body["notes"])))
    return [
        SheetSection("", tuple(head)),
        SheetSection("Styles", tuple((TITLES[s], str(styles.get(s, 0))) for s in PRINTED)),
        SheetSection("Style Defenses", tuple((TITLES[s], _with_cost(defenses.get(s, 0), DEFENSE_COST))
                                             for s in PRINTED)),
        SheetSection("", tuple(extra)),
    ]


def blank_sheet() -> Json:
    """A wrestler with no name and nothing bought: all 42 points to spend."""
    return {"wrestler": {"name": "", "stamina": 0, "styles": dict.fromkeys(PRINTED, 0),
                         "defenses": dict.fromkeys(PRINTED, 0), "high_spots": 0, "ref_slack": 0, "notes": ""}}
