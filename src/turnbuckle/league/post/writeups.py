"""The short write-up of a played match: the game's own account when it writes one
(``Reporting.short_account``), else a plain one any game's record gives (who met, how it ended).
Read from the stored record alone, so the same record always gives the same words."""

from __future__ import annotations

from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.events import Roll
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.record_json import record_from_json
from turnbuckle.rulesets.registry import get_ruleset

MAX_SENTENCES = 6


def _names(names: list[str]) -> str:
    return " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]


def plain_account(record: MatchRecord, game: str) -> list[str]:
    """What every record tells: who met in which game, how long it went, and its end."""
    out = [f"{_names(list(record.names))} met under {game} rules."]
    rolls = sum(1 for e in record.events if isinstance(e, Roll))
    at = record.result.at
    span = next((f"{at[k]} {k}{'s' if at[k] != 1 else ''}" for k in ("round", "period", "turn") if k in at), "")
    if span:
        out.append(f"It went {span}, on {rolls} roll{'s' if rolls != 1 else ''} of the dice.")
    out.append(record.result.summary or f"It ended by {record.result.method}.")
    return out


def short_account(data: dict[str, Any]) -> list[str]:
    """Three to six sentences on a stored match record (its JSON form)."""
    try:
        record = record_from_json(data)
        rs = get_ruleset(record.ruleset)
    except RulesError:
        result = data.get("result")
        said = result.get("summary") if isinstance(result, dict) else None
        return [str(said or "The record of this match does not read here.")]
    reporting = rs.reporting()
    told = (reporting.short_account(record) if reporting is not None else []) or plain_account(record, rs.info.name)
    return [t for t in told if t][:MAX_SENTENCES]
