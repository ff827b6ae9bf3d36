"""Sheets as form fields, for the games whose sheet is a handful of numbers: MatchMatch (Stamina,
eight styles, eight defenses, High Spots, Ref Slack) and boxing (power, speed, toughness). The
fields are written as the game's YAML sheet and go through the same check and save as a sheet
typed as text; the rules stay in the rulesets. Other games are edited as text only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml


@dataclass(frozen=True)
class Field:
    name: str  # the form field's name
    label: str
    number: bool = True


def _m2_fields() -> list[Field]:
    from turnbuckle.rulesets.matchmatch.styles import STYLES, title

    return ([Field("name", "Name", False), Field("nickname", "Nickname", False), Field("stamina", "Stamina")]
            + [Field(f"styles.{s}", title(s)) for s in STYLES]
            + [Field(f"defenses.{s}", title(s)) for s in STYLES]
            + [Field("high_spots", "High Spots"), Field("ref_slack", "Ref Slack"), Field("notes", "Notes", False)])


def _boxing_fields() -> list[Field]:
    from turnbuckle.rulesets.boxing.sheet import STATS

    return ([Field("name", "Name", False), Field("nickname", "Nickname", False)]
            + [Field(s, s.capitalize()) for s in STATS] + [Field("notes", "Notes", False)])


def fields_for(ruleset_id: str) -> list[Field] | None:
    """The game's fields, or None for a game edited as text only."""
    if ruleset_id == "matchmatch":
        return _m2_fields()
    if ruleset_id == "boxing":
        return _boxing_fields()
    return None


def _body(ruleset_id: str, sheet: dict[str, Any]) -> dict[str, Any] | None:
    if ruleset_id == "matchmatch":
        body = sheet.get("wrestler")
        return body if isinstance(body, dict) else None
    return sheet


def values_of(ruleset_id: str, sheet: dict[str, Any]) -> dict[str, str] | None:
    """A stored sheet as the form's field values (None when the form cannot show it: a team)."""
    fields, body = fields_for(ruleset_id), _body(ruleset_id, sheet)
    if fields is None or body is None:
        return None
    out = {}
    for f in fields:
        group, _, key = f.name.rpartition(".")
        source = body.get(group, {}) if group else body
        value = source.get(key, 0 if f.number else "") if isinstance(source, dict) else ""
        out[f.name] = str(value)
    return out


def _value(text: str, number: bool) -> object:
    text = text.strip()
    if number:
        try:
            return int(text) if text else 0
        except ValueError:
            return text  # the game's validator says what is wrong with it
    return text


def compose(ruleset_id: str, posted: dict[str, str]) -> str:
    """The fields written as the game's YAML sheet."""
    fields = fields_for(ruleset_id) or []
    body: dict[str, Any] = {}
    for f in fields:
        value = _value(posted.get(f.name, ""), f.number)
        if not f.number and value == "" and f.name != "name":
            continue
        group, _, key = f.name.rpartition(".")
        (body.setdefault(group, {}) if group else body)[key] = value
    for group in ("styles", "defenses"):  # a style left at 0 need not be written
        if isinstance(body.get(group), dict):
            body[group] = {k: v for k, v in body[group].items() if v != 0}
    if body.get("defenses") == {}:
        del body["defenses"]
    doc = {"wrestler": body} if ruleset_id == "matchmatch" else body
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)
