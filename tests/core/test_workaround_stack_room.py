"""``core/workarounds/stack_room.py``: work run with stack room never crosses a frame-stack chunk boundary.

The check is behavioural: at every call depth in a range wider than two 16 KiB chunks, a loop
calls a small function a few thousand times and the process's minor page faults are counted. A
call that crosses a chunk boundary maps and unmaps a chunk each time (a fault or more per call);
one that does not costs nothing. Plain calls hit such a depth on CPython 3.11/3.12 (which is the
bug); under ``with_stack_room`` no depth does, unless the workaround is off (core/workarounds).
"""

from __future__ import annotations

import resource
from collections.abc import Callable

import pytest

from turnbuckle.core.workarounds import in_range
from turnbuckle.core.workarounds.stack_room import ROOM_SLOTS, with_stack_room

CALLS = 3000
DEPTHS = range(0, 700, 1)


def _leaf() -> int:
    # Several locals and a deep expression: a frame of a few dozen slots, so that a boundary
    # between chunks falls inside it at some depth whatever the frames below it weigh.
    a, b, c, d, e, f, g, h = 1, 2, 3, 4, 5, 6, 7, 8
    return (a + (b + (c + (d + (e + (f + (g + (h + (a + (b + (c + (d + 1))))))))))))


def _loop() -> int:
    total = 0
    for _ in range(CALLS):
        total += _leaf()
    return total


def _down(depth: int, work: Callable[[], int]) -> int:
    if depth:
        return _down(depth - 1, work)
    return work()


def _faults_at(depth: int) -> int:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    _down(depth, _loop)
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before


def _worst_depth() -> tuple[int, int]:
    """The depth whose loop faulted most, and how many faults."""
    return max(((_faults_at(d), d) for d in DEPTHS), key=lambda x: x[0])[::-1]


def _add(a: int, *, b: int) -> int:
    return a + b


def test_passes_arguments_and_result_through() -> None:
    assert with_stack_room(_add, 2, b=3) == 5


def test_the_wrapper_reserves_its_room() -> None:
    from turnbuckle.core.workarounds import stack_room

    assert stack_room._call.__code__.co_stacksize == ROOM_SLOTS


@pytest.mark.workaround("stack_room")
def test_no_depth_thrashes_under_stack_room() -> None:
    depth, faults = with_stack_room(_worst_depth)
    assert faults < CALLS // 4, f"{faults} page faults for {CALLS} calls at depth {depth}"


@pytest.mark.skipif(not in_range("stack_room"), reason="this Python keeps a spare frame-stack chunk")
def test_plain_calls_do_thrash_on_this_python() -> None:
    """What the wrapper is for: without it some depth pays a fault per call (CPython 3.11 and
    3.12, the workaround's range; later versions keep a spare chunk). Switched off or not."""
    depth, faults = _worst_depth()
    assert faults >= CALLS, f"no depth thrashed (worst: {faults} faults at depth {depth})"
