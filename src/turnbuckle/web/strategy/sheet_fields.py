"""Sheets as form fields, for the games whose sheet is a handful of numbers (``SheetEditor.sheet_form``:
MatchMatch's Stamina, styles, defenses, High Spots and Ref Slack; boxing's three abilities). The
fields are written as the game's YAML sheet and go through the same check and save as a sheet
typed as text; the rules stay in the rulesets. Other games are edited as text only."""

from __future__ import annotations

from typing import Any

import yaml

from turnbuckle.core.errors import RulesError
from turnbuckle.core.page_hooks import SheetField, SheetForm
from turnbuckle.rulesets.registry import get_ruleset

#: A form field (the game's ``SheetField``: name, label, whether a number, where a part starts).
Field = SheetField


def _form(ruleset_id: str) -> SheetForm | None:
    try:
        editor = get_ruleset(ruleset_id).sheet_editor()
        return editor.sheet_form() if editor is not None else None
    except RulesError:  # not a game this turnbuckle plays
        return None


def fields_for(ruleset_id: str) -> list[Field] | None:
    """The game's fields, or None for a game edited as text only."""
    form = _form(ruleset_id)
    return list(form.fields) if form is not None else None


def _body(form: SheetForm, sheet: dict[str, Any]) -> dict[str, Any] | None:
    if form.wrapper:
        body = sheet.get(form.wrapper)
        return body if isinstance(body, dict) else None
    return sheet


def values_of(ruleset_id: str, sheet: dict[str, Any]) -> dict[str, str] | None:
    """A stored sheet as the form's field values (None when the form cannot show it: a team)."""
    form = _form(ruleset_id)
    body = _body(form, sheet) if form is not None else None
    if form is None or body is None:
        return None
    out = {}
    for f in form.fields:
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
    form = _form(ruleset_id) or SheetForm(())
    body: dict[str, Any] = {}
    for f in form.fields:
        value = _value(posted.get(f.name, ""), f.number)
        if not f.number and value == "" and f.name != "name":
            continue
        group, _, key = f.name.rpartition(".")
        (body.setdefault(group, {}) if group else body)[key] = value
    for group in form.sparse:  # a 0 in such a group need not be written
        if isinstance(body.get(group), dict):
            body[group] = {k: v for k, v in body[group].items() if v != 0}
    for group in form.optional:
        if body.get(group) == {}:
            del body[group]
    doc = {form.wrapper: body} if form.wrapper else body
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)
