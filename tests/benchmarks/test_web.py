"""The web bench's arithmetic (``make bench`` times pages and asserts nothing)."""

from __future__ import annotations

from benchmarks.web import p95


def test_p95_is_the_value_95_percent_of_requests_do_not_exceed() -> None:
    assert p95([float(n) for n in range(100, 0, -1)]) == 95.0
    assert p95([0.2] * 19 + [9.0]) == 0.2  # one slow request in twenty is the 5% left out
    assert p95([0.2] * 18 + [9.0, 9.5]) == 9.0
    assert p95([3.0]) == 3.0
