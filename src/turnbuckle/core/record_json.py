"""Reading a match record back from its JSON form (docs/json-format.md): the inverse of
``MatchRecord.to_json``, checked field by field so that a file that is not a record of this format
gets one line saying what is wrong (a RecordError), never a traceback."""

from __future__ import annotations

import json
from collections.abc import Mapping

from turnbuckle.core.errors import RecordError
from turnbuckle.core.events import Event, Json, event_from_json
from turnbuckle.core.inputs import check_strings
from turnbuckle.core.jsoncheck import json_kind, need_list, need_object, need_text, need_whole
from turnbuckle.core.match import DICE_KINDS, RECORD_FORMAT, RESULT_KEYS, MatchRecord, Result
from turnbuckle.core.options import OptionValue

TOP_KEYS = ("format", "ruleset", "ruleset_version", "turnbuckle_version", "seed", "dice", "options", "sides",
            "events", "result")
SIDE_KEYS = ("name", "entrant", "player", "sheet")


def parse_record(text: str) -> MatchRecord:
    """A record from the text of a JSON file; RecordError when it is not valid JSON (e.g. cut short)
    or not a record this version reads."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        short = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string")
        cut = " (the file looks cut short)" if short else ""
        raise RecordError(f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}{cut}") from None
    except RecursionError:
        raise RecordError("the JSON is nested too deeply to be a match record") from None
    except ValueError:  # Python reads no whole number of 4,300 digits or more
        raise RecordError("a number in it is too long to be part of a match record") from None
    check_strings(data, "the record")
    return record_from_json(data)


def _check_format(value: object) -> None:
    if value == RECORD_FORMAT:
        return
    if isinstance(value, str) and value.startswith("turnbuckle.match/"):
        raise RecordError(f"record format '{value}' is not one this version reads ({RECORD_FORMAT}); "
                          "play the match again with this version to get a record it reads")
    raise RecordError(f"not a turnbuckle match record: its format is {value!r}, expected '{RECORD_FORMAT}'")


def _options(value: object) -> dict[str, OptionValue]:
    if not isinstance(value, dict):
        raise RecordError(f"the record's options must be an object, not {json_kind(value)}")
    for key, option in value.items():
        if not isinstance(option, (bool, int, str)):
            raise RecordError(f"option '{key}' must be true/false, a whole number or text, not "
                              f"{json_kind(option)}")
    return value


def _events(value: object) -> list[Event]:
    out = []
    for i, item in enumerate(need_list(value, "the record's events")):
        try:
            out.append(event_from_json(item))
        except RecordError as exc:
            raise RecordError(f"event {i + 1}: {exc}") from None
        except ValueError as exc:  # a game event whose fact is named like the event's kind
            raise RecordError(f"event {i + 1}: {exc}") from None
    return out


def _result(value: object, names: list[str]) -> Result:
    if not isinstance(value, dict):
        raise RecordError(f"the record's result must be an object, not {json_kind(value)}")
    keys = list(value)
    for key in RESULT_KEYS:
        if key not in value:
            raise RecordError(f"the record's result has no '{key}' field")
    if keys[:2] != ["winner", "method"]:
        raise RecordError("the record's result must start with 'winner' and 'method'")
    s = keys.index("summary")
    if keys[s + 1:s + 3] != ["placings", "teams"]:
        raise RecordError("the record's result must give 'placings' and 'teams' right after 'summary'")
    winner_name = value["winner"]
    if winner_name is None:
        winner = None
    elif isinstance(winner_name, str) and winner_name in names:
        winner = names.index(winner_name)
    else:
        raise RecordError(f"the result's winner {winner_name!r} is not one of the sides")
    at = {k: need_whole(value[k], f"the result's '{k}'") for k in keys[2:s]}
    extra: Mapping[str, Json] = {k: value[k] for k in keys[s + 3:]}
    placings = tuple(need_whole(p, "a placing") for p in need_list(value["placings"], "the result's placings"))
    teams = tuple(need_whole(t, "a team number") for t in need_list(value["teams"], "the result's teams"))
    for what, got in (("placings", placings), ("teams", teams)):
        if len(got) != len(names):
            raise RecordError(f"the result gives {len(got)} {what} for {len(names)} sides")
    try:
        return Result(winner, need_text(value["method"], "the result's method"), at,
                      need_text(value["summary"], "the result's summary"), extra, placings, teams)
    except ValueError as exc:
        raise RecordError(str(exc)) from None


def record_from_json(data: object) -> MatchRecord:
    """A MatchRecord from parsed JSON data; RecordError naming the first thing that is wrong."""
    if not isinstance(data, dict):
        raise RecordError(f"a match record must be a JSON object, not {json_kind(data)}")
    _check_format(data.get("format"))
    top = need_object(data, "the record", TOP_KEYS)
    seed = top["seed"]
    if seed is not None:
        need_whole(seed, "the record's seed")
    dice = need_text(top["dice"], "the record's dice")
    if dice not in DICE_KINDS:
        raise RecordError(f"the record's dice '{dice}' is not one of {', '.join(DICE_KINDS)}")
    names: list[str] = []
    entrants: list[str | None] = []
    players: dict[int, str] = {}
    sheets: list[Json] = []
    for i, raw in enumerate(need_list(top["sides"], "the record's sides")):
        side = need_object(raw, f"side {i + 1}", SIDE_KEYS)
        names.append(need_text(side["name"], f"side {i + 1}'s name"))
        entrant = side["entrant"]
        entrants.append(None if entrant is None else need_text(entrant, f"side {i + 1}'s entrant"))
        player = need_text(side["player"], f"side {i + 1}'s player")
        if player != "auto":
            players[i] = player
        sheets.append(side["sheet"])  # type: ignore[arg-type]
    if not names:
        raise RecordError("the record has no sides")
    if len(set(names)) != len(names):
        raise RecordError("two of the record's sides have the same name")
    return MatchRecord(
        ruleset=need_text(top["ruleset"], "the record's ruleset"),
        ruleset_version=need_text(top["ruleset_version"], "the record's ruleset_version"),
        seed=seed,  # type: ignore[arg-type]
        dice=dice,
        options=_options(top["options"]),
        names=names,
        sheets=sheets,
        events=_events(top["events"]),
        result=_result(top["result"], names),
        players=players,
        entrants=entrants,
        package_version=need_text(top["turnbuckle_version"], "the record's turnbuckle_version"),
    )
