"""Identical heavy reads in flight at once share one answer (a "single flight").

A crowd asking ``/api/standings`` of a league of hundreds of competitors at the same moment would
otherwise compute the same list hundreds of times, one after another under the interpreter lock,
and the last in line would wait far longer than any single answer takes. Here the first request
for a key computes the answer's bytes; requests for the same key that arrive while it is being
computed wait for it and send the same bytes. Nothing is kept once the computation ends, so an
answer is never older than the request that arrived before it: a write committed while a
computation runs shows from the next one on, as if those requests had come a moment earlier.

The key names everything the answer depends on (the route, its query, who is asking), so two
viewers who may see different things never share one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Future


class Coalescer:
    """One computation at a time per key; callers that arrive meanwhile take its result (or its error)."""

    def __init__(self, wait_s: float = 30.0) -> None:
        self._lock = threading.Lock()
        self._flights: dict[Hashable, Future[bytes]] = {}
        self.joined = 0  # callers that took another's answer, since the start (for tests and metrics)
        self.wait_s = wait_s  # a joiner's longest wait: the computation itself is bounded by the server's limits

    def run(self, key: Hashable, compute: Callable[[], bytes]) -> bytes:
        with self._lock:
            flight = self._flights.get(key)
            leader = flight is None
            if flight is None:
                flight = self._flights[key] = Future()
            else:
                self.joined += 1
        if not leader:
            return flight.result(timeout=self.wait_s)
        try:
            value = compute()
        except BaseException as exc:
            flight.set_exception(exc)
            raise
        else:
            flight.set_result(value)
            return value
        finally:
            with self._lock:
                del self._flights[key]

    def in_flight(self) -> int:
        """How many computations are running now (for tests and metrics)."""
        with self._lock:
            return len(self._flights)
