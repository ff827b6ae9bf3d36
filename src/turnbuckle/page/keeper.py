"""``keeper_step``: one step of a match for the offline keeper, as JSON text both ways.

The request (a JSON object):

- ``game``: the game's id or alias (``"boxing"``);
- ``sides``: each side's validated sheet as JSON (what :func:`side_json` gives on the server);
- ``entries``: the entries so far, as strings (die faces, card codes, choice words);
- ``options`` (optional): the match's options by name; ``players`` (optional): a side's index
  (as a string) to its player kind (``"human"``, ``"auto"``...); ``version`` (optional): the rules
  version a saved match was played under; ``narrate`` (optional, true): whether to narrate.

The answer (a JSON object) is ``{"ok": true, "step": ..., "record_text": ...}`` where ``step`` is
:meth:`turnbuckle.core.step.Step.to_json` (``need``: what is asked next, ``side``, ``seen``: the
board, ``narration``, ``done``, ``record``) and ``record_text`` the finished record as the server
writes it (``render_json``: byte for byte), or null while the match goes on. A wrong entry or
request is ``{"ok": false, "error": {"kind": ..., "message": ..., "index": ...}}`` (``kind``:
``"entry"`` with the entry's 1-based ``index``, ``"rules"`` for a side or option the rules refuse,
``"request"`` for a request that is not as above).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from turnbuckle.core.errors import EntryError, RulesError
from turnbuckle.core.events import Json
from turnbuckle.core.render import render_json
from turnbuckle.core.step import play_step
from turnbuckle.rulesets.registry import get_ruleset


class PageInputError(RulesError):
    """A request to :func:`keeper_step` that is not as its module says: the message names the field."""


def side_json(game: str, side: object) -> Json:
    """A validated side as the JSON the page is given (the server's side of the exchange)."""
    return get_ruleset(game).side_json(side)


def keeper_step(match_json: str) -> str:
    """The step after the request's entries, as JSON text (see the module's notes)."""
    try:
        return json.dumps({"ok": True, **_step(_request(match_json))}, ensure_ascii=False)
    except EntryError as exc:
        error: dict[str, Json] = {"kind": "entry", "message": str(exc), "index": exc.index}
    except PageInputError as exc:
        error = {"kind": "request", "message": str(exc), "index": None}
    except RulesError as exc:
        error = {"kind": "rules", "message": str(exc), "index": None}
    return json.dumps({"ok": False, "error": error}, ensure_ascii=False)


def _request(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise PageInputError(f"the request is not JSON ({exc}); send one JSON object") from None
    if not isinstance(data, dict):
        raise PageInputError("the request must be a JSON object with game, sides and entries")
    for key, kind in (("game", str), ("sides", list), ("entries", list)):
        if not isinstance(data.get(key), kind):
            raise PageInputError(f"the request's '{key}' must be a {kind.__name__}; it is {data.get(key)!r:.60}")
    if not all(isinstance(e, str) for e in data["entries"]):
        raise PageInputError("every entry must be a string (a die face '4', a card 'QH', a choice word)")
    for key in ("options", "players"):
        if not isinstance(data.get(key) or {}, dict):
            raise PageInputError(f"the request's '{key}' must be an object (name to value)")
    return data


def _players(given: Mapping[str, object]) -> dict[int, str]:
    try:
        return {int(k): str(v) for k, v in given.items()}
    except ValueError:
        raise PageInputError("the request's 'players' keys must be side indexes ('0', '1', ...)") from None


def _step(data: dict[str, Any]) -> dict[str, Json]:
    rs = get_ruleset(data["game"])
    sides = [rs.load_side(side, f"side {i + 1}") for i, side in enumerate(data["sides"])]
    step = play_step(rs, sides, data["entries"], data.get("options") or None, _players(data.get("players") or {}),
                     narrate=bool(data.get("narrate", True)), version=data.get("version"))
    return {"step": step.to_json(), "record_text": None if step.record is None else render_json(step.record)}
