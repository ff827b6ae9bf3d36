"""Step-by-step play: a match as a pure function of its setup and the entries made so far.

``play_step(ruleset, sides, entries)`` replays the entries through the engine and returns a
:class:`Step`: either the finished record, or what is needed next (a :class:`Need`), whose side
it is, and what that side may see (its :class:`Seen`: the events it may know, the game's board
for it). Nothing waits for a person: a front end keeps the entries (a form, a file), adds the
next one and calls again. Undo is the same entries minus the last.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from turnbuckle.core.entries import EntrySource, Need, NeedInput
from turnbuckle.core.errors import EntryError
from turnbuckle.core.events import Choice, Draw, Event, EventLog, Json, Roll
from turnbuckle.core.match import MatchRecord, Result, unique_names
from turnbuckle.core.options import resolve_options
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.render import render_text
from turnbuckle.core.writeup import Heading, Line, Writeup

#: The summary of the stand-in result a match in progress is narrated with; the narration is cut there.
_IN_PROGRESS = "\x00in progress\x00"


@dataclass(frozen=True)
class Seen:
    """What one side may see: ``events`` as JSON, another side's secrets as ``{"type": "hidden",
    "side": ...}``; ``board`` the game's lines for that side (scoreboard, HP, own cards)."""

    side: str | None
    events: tuple[Json, ...]
    board: tuple[str, ...]

    def to_json(self) -> dict[str, Json]:
        return {"side": self.side, "board": list(self.board), "events": list(self.events)}


@dataclass(frozen=True)
class Step:
    """Where a match stands after the entries: ``record`` when it is over, else ``need`` (what is
    asked next), ``side`` (the index of the side it belongs to, None for nobody's roll) and
    ``seen`` (what that side may see). ``entries`` are the entries as stored (``qh`` -> ``QH``);
    ``narration`` is the write-up so far as an onlooker may read it, one line each."""

    entries: tuple[str, ...]
    record: MatchRecord | None
    need: Need | None
    side: int | None
    seen: Seen | None
    narration: tuple[str, ...]
    #: The same write-up as blocks (headings, lines, tables), for a page that lays it out itself.
    writeup: Writeup | None = field(default=None, compare=False, repr=False)

    @property
    def done(self) -> bool:
        return self.record is not None

    @property
    def others_secret(self) -> bool:
        """Whether another side holds something the side asked may not see yet (a card, a pick):
        at a shared screen the device is then passed, so the last player's secret is off it."""
        return self.seen is not None and any(isinstance(e, dict) and e.get("type") == "hidden"
                                             for e in self.seen.events)

    def to_json(self, entries: bool = True) -> dict[str, Json]:
        """The step as plain JSON. The entries hold every side's cards and picks: leave them out
        (``entries=False``) when the JSON goes to one side, and keep them where only the table sees them."""
        out: dict[str, Json] = {"entries": list(self.entries)} if entries else {}
        return out | {
            "done": self.done,
            "need": None if self.need is None else self.need.to_json(),
            "side": self.side,
            "seen": None if self.seen is None else self.seen.to_json(),
            "narration": list(self.narration),
            "record": None if self.record is None else self.record.to_json(),
        }


def play_step(
    rs: Ruleset[Any],
    sides: Sequence[Any],
    entries: Sequence[str],
    options: Mapping[str, object] | None = None,
    players: Mapping[int, str] | None = None,
    narrate: bool = True,
    version: str | None = None,
) -> Step:
    """Play ``entries`` (die faces, card codes, choice words, as strings) and say what comes next.

    A wrong entry, or one after the match is over, is an :class:`EntryError` naming its place and
    what is allowed. ``narrate=False`` leaves the narration out (it costs a write-up per call).
    ``version`` plays an earlier rules version the engine keeps (a saved match's own)."""
    source = EntrySource(entries)
    log = EventLog()
    need: Need | None = None
    record: MatchRecord | None = None
    try:
        record = rs.run(sides, source, options, players, log=log, version=version)
    except NeedInput as stop:
        need = stop.need
    if record is not None and len(source.used) < len(entries):
        n = len(source.used)
        raise EntryError(n + 1, entries[n], f"the match is over after entry {n}; leave this and "
                                            "the entries after it out")
    names = unique_names([rs.side_name(s) for s in sides])
    events = record.events if record is not None else log.events
    lines: tuple[str, ...] = ()
    told: Writeup | None = None
    if narrate:
        partial = record or _partial_record(rs, sides, names, events, options, players)
        told = narration_writeup(rs, partial, record is not None)
        lines = _lines(told)
    if need is None:
        return Step(tuple(source.used), record, None, None, None, lines, told)
    side = names.index(need.side) if need.side in names else None
    return Step(tuple(source.used), None, need, side, seen_by(rs, names, events, need.side, sides), lines, told)


def seen_by(rs: Ruleset[Any], names: Sequence[str], events: Sequence[Event], viewer: str | None,
            sides: Sequence[Any] = ()) -> Seen:
    """What ``viewer`` may see of ``events`` (``sides``: the match's sheets, for the board)."""
    view = rs.table_view()
    hidden = view.hidden(events, viewer) if view is not None else set()
    shown = [e for i, e in enumerate(events) if i not in hidden]
    out: list[Json] = [{"type": "hidden", "side": owner(e)} if i in hidden else e.to_json()
                       for i, e in enumerate(events)]
    if view is None:
        board: Sequence[str] = ()
    else:
        board = view.table_board(sides, names, shown, viewer) if sides else view.board(names, shown, viewer)
    return Seen(viewer, tuple(out), tuple(board))


def owner(event: Event) -> str | None:
    """The side an event belongs to: a roll's, draw's or choice's ``side``, a happening's ``side`` field."""
    if isinstance(event, (Roll, Draw, Choice)):
        return event.side
    side = event.data.get("side")
    return side if isinstance(side, str) else None


def hide_until(
    events: Sequence[Event],
    viewer: str | None,
    secret: Callable[[Event], bool],
    reveals: Callable[[Event], bool],
) -> set[int]:
    """The common shape of secrets: an event for which ``secret`` holds, owned by a side other than
    ``viewer``, stays hidden until a later event for which ``reveals`` holds."""
    pending: set[int] = set()
    for i, event in enumerate(events):
        if reveals(event):
            pending.clear()
        if secret(event) and owner(event) != viewer:
            pending.add(i)
    return pending


def _partial_record(rs: Ruleset[Any], sides: Sequence[Any], names: list[str], events: Sequence[Event],
                    options: Mapping[str, object] | None, players: Mapping[int, str] | None) -> MatchRecord:
    return MatchRecord(
        ruleset=rs.info.id, ruleset_version=rs.info.version, seed=None, dice="ask",
        options=resolve_options(rs.info.options, options or {}), names=names,
        sheets=[rs.side_json(s) for s in sides], events=list(events),
        result=Result(None, "in progress", {}, _IN_PROGRESS), players=dict(players or {}),
    )


def narration(rs: Ruleset[Any], record: MatchRecord, done: bool) -> tuple[str, ...]:
    """The write-up as an onlooker may read it, one line each (see :func:`narration_writeup`)."""
    return _lines(narration_writeup(rs, record, done))


def _lines(writeup: Writeup) -> tuple[str, ...]:
    """A write-up's text without its title, one line each."""
    return tuple(render_text(Writeup("-", writeup.blocks)).splitlines()[2:])


def narration_writeup(rs: Ruleset[Any], record: MatchRecord, done: bool) -> Writeup:
    """The write-up as an onlooker may read it: of a match in progress, the part before its
    result, with every side's secrets left out; of a finished match, all of it."""
    view = rs.table_view()
    if not done and view is not None:
        hidden = view.hidden(record.events, None)
        events = [e for i, e in enumerate(record.events) if i not in hidden]
        record = replace(record, events=events)
    writeup = rs.narrate(record)
    blocks = list(writeup.blocks)
    if not done:
        cut = next((i for i, b in enumerate(blocks) if isinstance(b, Line) and _IN_PROGRESS in b.text),
                   len(blocks))
        blocks = blocks[:cut]
        while blocks and isinstance(blocks[-1], Heading):
            blocks.pop()
    return Writeup(writeup.title, blocks)
