"""Playing a stored match again: from its seed, or from the entries it logged (every die face, card
and person's choice), under the rules installed now, and finding the first event that differs."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from turnbuckle import __version__
from turnbuckle.core.errors import RecordError, RulesError, ScriptError
from turnbuckle.core.events import Choice, Draw, Event, Json, Roll
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.sources import ScriptedSource, SeededSource, Source


def entries_of(events: tuple[Event, ...] | list[Event]) -> list[object]:
    """The entries a scorekeeper would have written down: every face, card and choice not made by
    an automatic player, in order."""
    tokens: list[object] = []
    for e in events:
        if isinstance(e, Roll):
            tokens += e.faces
        elif isinstance(e, Draw):
            tokens.append(e.card)
        elif isinstance(e, Choice) and e.by in ("script", "human"):
            tokens.append(e.chosen)
    return tokens


@dataclass(frozen=True)
class Replay:
    """What a replay found: ``identical``, or the first difference (``index`` of the event, the
    recorded and replayed forms, ``None`` where one side has no such event) or a ``problem`` that
    stopped the replay; ``versions`` names the record's and this program's rules where they differ."""

    identical: bool
    events: int
    index: int | None = None
    recorded: Json = None
    replayed: Json = None
    problem: str = ""
    versions: str = ""

    def report(self) -> str:
        """The lines ``turnbuckle replay`` prints."""
        if self.identical:
            return f"identical: {self.events} events and the same result"
        lines = []
        if self.problem:
            lines.append(f"differs: {self.problem}")
        elif self.index is None:
            lines.append("differs: every event is the same but the result is not")
            lines += [f"  record: {_one_line(self.recorded)}", f"  replay: {_one_line(self.replayed)}"]
        else:
            lines.append(f"differs at event {self.index + 1} of {self.events}:")
            lines += [f"  record: {_one_line(self.recorded)}", f"  replay: {_one_line(self.replayed)}"]
        if self.versions:
            lines.append(self.versions)
        return "\n".join(lines)


def _one_line(value: Json) -> str:
    return "(no such event)" if value is None else json.dumps(value, ensure_ascii=False)


def _same_entry_kind(event: dict[str, Json]) -> dict[str, Json]:
    """A person's choice at the table and the same choice read from a script are the same entry."""
    if event.get("type") == "choice" and event.get("by") == "human":
        return {**event, "by": "script"}
    return event


def replay(rs: Ruleset[Any], record: MatchRecord) -> Replay:
    """Play ``record`` again under ``rs`` (its ruleset as installed now) and compare it event by event.

    A record that cannot be set up again (a sheet or option the rules no longer take) is a
    difference when its versions differ from ours, and a RecordError when they are the same."""
    versions = ""
    playable = record.ruleset_version in rs.info.playable_versions
    if not playable:
        versions = (f"the record was played under {record.ruleset} {record.ruleset_version} (turnbuckle "
                    f"{record.package_version}); this turnbuckle plays {rs.info.id} "
                    f"{', '.join(rs.info.playable_versions)} (turnbuckle {__version__}): "
                    "the rules may have changed, not necessarily the record")
    source: Source
    if record.seed is not None:
        source = SeededSource(record.seed)
    else:
        source = ScriptedSource.from_values(entries_of(tuple(record.events)))
    count = len(record.events)
    try:
        sides = [rs.load_side(sheet, f"side {i + 1} of the record") for i, sheet in enumerate(record.sheets)]
        again = rs.run(sides, source, dict(record.options), dict(record.players), entrants=list(record.entrants),
                       version=record.ruleset_version if playable else None)
    except ScriptError as exc:
        return Replay(False, count, problem=f"the replay asks for other entries than the record holds: {exc}",
                      versions=versions)
    except RulesError as exc:
        if not versions:
            raise RecordError(f"the record does not set up a match: {exc}") from None
        return Replay(False, count, problem=f"the record no longer sets up a match: {exc}", versions=versions)
    old = [_same_entry_kind(e.to_json()) for e in record.events]
    new = [_same_entry_kind(e.to_json()) for e in again.events]
    for i in range(max(len(old), len(new))):
        a = old[i] if i < len(old) else None
        b = new[i] if i < len(new) else None
        if a != b:
            return Replay(False, max(len(old), len(new)), i, a, b, versions=versions)
    if record.to_json()["result"] != again.to_json()["result"]:
        return Replay(False, count, None, record.to_json()["result"], again.to_json()["result"], versions=versions)
    return Replay(True, count)
