"""Match charts drawn once: a result never changes after its show runs, so its SVG is kept (a
bounded, thread-safe cache keyed by the result's id and match seed) and a results page redraws
only what it has not drawn before."""

from __future__ import annotations

import threading
from collections import OrderedDict

from turnbuckle.league import queries_shows
from turnbuckle.league.context import Ctx
from turnbuckle.league.models import Result, Show
from turnbuckle.web.public.viewing import match_chart

MAX_KEPT = 4000
#: On a card this long or shorter the charts come inline; a longer card's page asks for each.
INLINE_UP_TO = 12

_lock = threading.Lock()
_kept: OrderedDict[tuple[int, str], str | None] = OrderedDict()


def _get(key: tuple[int, str]) -> tuple[bool, str | None]:
    with _lock:
        if key in _kept:
            _kept.move_to_end(key)
            return True, _kept[key]
    return False, None


def _put(key: tuple[int, str], svg: str | None) -> None:
    with _lock:
        _kept[key] = svg
        while len(_kept) > MAX_KEPT:
            _kept.popitem(last=False)


def show_charts(ctx: Ctx, s: Show) -> dict[int, str | None]:
    """Each played match's chart by card position (records read only for charts not yet drawn)."""
    rows = queries_shows.result_seeds(ctx, s.id)
    out: dict[int, str | None] = {}
    missing: dict[int, tuple[tuple[int, str], int]] = {}
    for rid, seed, pos in rows:
        found, svg = _get((rid, seed))
        if found:
            out[pos] = svg
        else:
            missing[rid] = ((rid, seed), pos)
    if missing:
        for rid, record in queries_shows.result_records(ctx, missing):
            key, pos = missing[rid]
            svg = match_chart(record)
            _put(key, svg)
            out[pos] = svg
    return out


def result_chart(result: Result) -> str | None:
    key = (result.id, result.seed)
    found, svg = _get(key)
    if not found:
        svg = match_chart(result.record)
        _put(key, svg)
    return svg
