"""A side of a match: a wrestler or a team, and the strategy it submitted (if any).

A side document is YAML (a wrestler's fields; or ``wrestler:``/``team:`` plus ``strategy:``,
where the strategy is structured or text in the rulebook's layout), or the rulebook's plain-text
layout itself (a sheet, then a ``Strategy:`` line and the round table).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from turnbuckle.core.errors import InputRefused, RulesError, SheetError
from turnbuckle.core.events import Json
from turnbuckle.core.inputs import parse_yaml
from turnbuckle.core.models import load_model
from turnbuckle.rulesets.matchmatch.sheet import Wrestler, load_wrestler
from turnbuckle.rulesets.matchmatch.strategy import Strategy, load_strategy_data
from turnbuckle.rulesets.matchmatch.strategy_text import format_strategy_text, parse_strategy_text
from turnbuckle.rulesets.matchmatch.team import build_team
from turnbuckle.rulesets.matchmatch.textlayout import (
    looks_like_text_sheet,
    parse_sheet_text,
    refuse_two_wrestlers,
    split_document,
)
from turnbuckle.rulesets.matchmatch.wording import Plain, plain_str


@dataclass(frozen=True)
class Side:
    name: str
    sheet: Wrestler
    members: tuple[Wrestler, ...] = ()
    strategy: Strategy | None = None

    @property
    def is_team(self) -> bool:
        return bool(self.members)


Resolver = Callable[[str], Wrestler]


def _wrestler(data: object, label: str, resolve: Resolver | None) -> Wrestler:
    if isinstance(data, str):
        if looks_like_text_sheet(data):
            return parse_sheet_text(data, label)
        if resolve is not None:
            return resolve(data.strip())
        raise SheetError(label, [f"'{data}' is neither a sheet nor a sample name"])
    return load_wrestler(data, label)


def _strategy(data: object, label: str, first_line: int = 1) -> Strategy:
    if isinstance(data, str):
        return parse_strategy_text(data, label, first_line)
    return load_strategy_data(data, label)


def _team(data: object, label: str, resolve: Resolver | None) -> Side:
    if not isinstance(data, dict):
        raise SheetError(label, ["'team' must be a mapping with 'name', 'members' and the team's scores or 'use'"])
    body = dict(data)
    name = str(body.pop("name", "")).strip()
    members_raw = body.pop("members", None)
    use = body.pop("use", None)
    problems = []
    if not name:
        problems.append("the team has no 'name'")
    if not isinstance(members_raw, list):
        problems.append("'members' must be a list of wrestler sheets or sample names")
        members_raw = []
    members = []
    for i, m in enumerate(members_raw, start=1):
        try:
            members.append(_wrestler(m, f"{label}: member {i}", resolve))
        except RulesError as exc:
            problems.append(str(exc))
    if problems:
        raise SheetError(label, problems)
    if use is not None:
        # One member's sheet whole; any values given beside 'use' change it (the freed Teamwork point).
        team = build_team(name, members, None, str(use), label, changes=body)
        return Side(name, team.sheet, tuple(members))
    sheet = None
    if body:
        body.setdefault("push_level", min(m.push_level for m in members) if members else 1)
        sheet = load_model(Wrestler, {"name": name, **body}, f"{label}: team scores")
    return Side(name, build_team(name, members, sheet, None, label).sheet, tuple(members))


def load_side_data(data: object, label: str, resolve: Resolver | None = None, strategy_line: int = 1) -> Side:
    """A side from parsed YAML (``strategy_line``: the file's line where a text strategy's block
    starts, for messages)."""
    if isinstance(data, str) and looks_like_text_sheet(data):
        return load_side_text(data, label)
    if isinstance(data, list) and sum(isinstance(x, dict) and ("name" in x or "wrestler" in x) for x in data) > 1:
        names = [str(x.get("name") or x.get("wrestler")) for x in data if isinstance(x, dict)]
        raise SheetError(label, [f"this file holds {len(names)} wrestlers ({', '.join(names)}); a side file holds "
                                 "one wrestler or one team, with its strategy: give each a file of its own"])
    if not isinstance(data, dict):
        got = "an empty document" if data is None else f"a {type(data).__name__}"
        raise SheetError(label, [f"expected a wrestler or team sheet (key: value lines), got {got}"])
    if "wrestler" in data or "team" in data:
        unknown = set(data) - {"wrestler", "team", "strategy"}
        if unknown or ("wrestler" in data and "team" in data):
            raise SheetError(label, ["a side file holds 'wrestler' or 'team', and optionally 'strategy'"
                                     + (f"; unknown key(s) {sorted(unknown)}" if unknown else "")])
        if "team" in data:
            side = _team(data["team"], label, resolve)
        else:
            w = _wrestler(data["wrestler"], label, resolve)
            side = Side(w.name, w)
        strategy = data.get("strategy")
        if strategy is not None:
            side = Side(side.name, side.sheet, side.members, _strategy(strategy, f"{label}: strategy", strategy_line))
        return side
    w = load_wrestler(data, label)
    return Side(w.name, w)


_STRATEGY_KEYS = {"plus", "minus", "grid", "rounds", "by_style", "conditionals"}
#: Keys only the structured form has (``grid`` is also the text layout's word).
_STRUCTURED_KEYS = _STRATEGY_KEYS - {"grid"}


def text_layout_read_as_yaml(data: object) -> bool:
    """True when YAML read a text-layout strategy as a mapping (``Strategy: +Po ...`` then rows such
    as ``4 HF Special: Finisher``): a mapping with none of the structured form's own keys."""
    if not isinstance(data, dict):
        return False
    keys = {str(k).lower() for k in data}
    return keys != {"strategy"} and not keys & (_STRUCTURED_KEYS | {"wrestler", "team", "name", "stamina"})


def _strategy_alone(text: str | Plain, data: object) -> bool:
    """A document that holds a strategy and no wrestler or team (a common slip at the CLI)."""
    if isinstance(data, dict) and not text_layout_read_as_yaml(data):
        keys = {str(k).lower() for k in data}
        return keys <= _STRATEGY_KEYS | {"strategy"} and bool(keys & {"plus", "minus", "strategy"})
    body = plain_str(text)
    return not looks_like_text_sheet(Plain(body)) and re.search(r"^[ \t•*]*Strategy\b", body, re.M | re.I) is not None


def is_strategy_document(text: str) -> bool:
    """True for a document holding a strategy alone (YAML, structured or text, or the rulebook's layout)."""
    body = Plain.of(text)
    try:
        data: object = parse_yaml(body.text, "strategy")
    except RulesError:
        data = None
    return _strategy_alone(body, data)


@dataclass(frozen=True)
class StrategySource:
    """A strategy document on its way to its reader, made plain once and its layout recognised once
    (:func:`recognise_strategy`): ``layout`` is ``structured`` (YAML fields, ``data``) or ``text``
    (the rulebook's layout, ``text``, whose first line is the file's line ``first_line``)."""

    layout: Literal["structured", "text"]
    text: Plain
    data: object = None
    first_line: int = 1


def recognise_strategy(text: str | Plain, label: str) -> StrategySource:
    """Which layout a strategy document is in, and its part to read: structured YAML (possibly under
    ``strategy:``), YAML holding the rulebook's text layout, or that layout itself (after a sheet, if
    one is there: a document holding two wrestlers is refused here)."""
    body = Plain.of(text)
    data: object
    try:
        data = parse_yaml(body.text, label)
    except RulesError:
        data = body.text
    first_line = 1
    if isinstance(data, str) or text_layout_read_as_yaml(data):
        data = body.text  # YAML folds a plain text's lines into one; the layout is read line by line
    if isinstance(data, dict) and len(data) == 1 and str(next(iter(data))).lower() == "strategy":
        inner = next(iter(data.values()))
        block = re.match(r"\s*strategy\s*:\s*[|>]", body.text, re.IGNORECASE)
        if isinstance(inner, str) and block:
            data, first_line = inner, body.text[:block.end()].count("\n") + 2  # "strategy: |" and a block
        else:
            data = body.text if isinstance(inner, str) else inner  # "Strategy: +Po ..." is the layout's first line
    if not isinstance(data, str):
        return StrategySource("structured", body, data)
    part = body if data is body.text else Plain.of(data)
    if looks_like_text_sheet(part):
        refuse_two_wrestlers(part, label)
        sheet_part, rest = split_document(part.text)
        part, first_line = Plain(rest), first_line + sheet_part.count("\n")
    return StrategySource("text", part, first_line=first_line)


def load_strategy_document(text: str | StrategySource, label: str) -> Strategy:
    """A strategy from a document of its own, in any layout :func:`recognise_strategy` knows (given
    the document's text, or the source already recognised)."""
    source = text if isinstance(text, StrategySource) else recognise_strategy(text, label)
    if source.layout == "text":
        return parse_strategy_text(source.text, label, source.first_line)
    return load_strategy_data(source.data, label)


def load_side_text(text: str, label: str, resolve: Resolver | None = None) -> Side:
    """A side from a document's text: YAML, or the rulebook's plain-text layout."""
    data: object
    body = Plain.of(text)  # made plain once: the layout checks and readers below take it as it is
    text = body.text
    try:
        data = parse_yaml(text, label)
    except InputRefused:
        raise  # built to harm (a number of thousands of digits): never read again as the text layout
    except RulesError:
        data = None
        if not looks_like_text_sheet(body) and not _strategy_alone(body, None):
            raise
    if _strategy_alone(body, data):
        raise SheetError(label, ["this file holds a strategy but no wrestler or team; check it with "
                                 "'turnbuckle validate-strategy matchmatch FILE' (add --sheet to check it "
                                 "against a wrestler), or put it under 'strategy:' beside 'wrestler:'"])
    if isinstance(data, dict):
        block = re.search(r"^strategy\s*:\s*[|>][-+0-9]*[ \t]*$", text, re.MULTILINE | re.IGNORECASE)
        line = text[:block.start()].count("\n") + 2 if block else 1
        return load_side_data(data, label, resolve, line)
    if looks_like_text_sheet(body):
        refuse_two_wrestlers(body, label)
        sheet_part, strategy_part = split_document(text)
        w = parse_sheet_text(Plain(sheet_part), label)
        strategy = None
        if strategy_part.strip():
            strategy = parse_strategy_text(Plain(strategy_part), f"{label}: strategy", sheet_part.count("\n") + 1)
        return Side(w.name, w, (), strategy)
    return load_side_data(data, label, resolve)


def side_json(side: Side) -> Json:
    sheet: dict[str, Json] = {
        "name": side.sheet.name,
        "stamina": side.sheet.stamina,
        "styles": dict(side.sheet.styles.as_dict()),
        "defenses": dict(side.sheet.defenses.as_dict()),
        "high_spots": side.sheet.high_spots,
        "push_level": side.sheet.push_level,
        "ref_slack": side.sheet.ref_slack,
        "injuries": side.sheet.injuries,
    }
    if side.sheet.nickname:
        sheet["nickname"] = side.sheet.nickname
    if side.sheet.notes:
        sheet["notes"] = side.sheet.notes
    out: dict[str, Json]
    if side.is_team:
        out = {"team": {**sheet, "members": [m.model_dump(exclude_defaults=True) for m in side.members]}}
    else:
        out = {"wrestler": sheet}
    if side.strategy is not None:
        out["strategy"] = format_strategy_text(side.strategy)
    return out
