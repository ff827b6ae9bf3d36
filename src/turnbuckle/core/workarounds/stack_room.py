"""The ``stack_room`` workaround: heavy Python work run where CPython 3.11/3.12 cannot thrash its
frame stack.

CPython 3.11 keeps Python frames on a per-thread stack made of chunks (16 KiB each, allocated
with ``mmap``). A call whose frame does not fit in the current chunk allocates a new one, and the
return frees it again. Work that loops while calling at exactly that depth pays an ``mmap`` and
a ``munmap`` (and a page fault) on every call: CPython issue gh-142183, fixed from 3.13.x by
keeping one spare chunk. numba's compiler hit it in our builds: compiling MatchMatch's fast
engine made millions of ``mmap``/``munmap`` pairs from the command line and took several times as
long (most of it system time) as the same build run a few frames deeper.

:func:`with_stack_room` runs a function below one frame that reserves about 640 KiB of stack
(a large ``co_stacksize``): CPython gives that frame a chunk of its own of 1 MiB, and the frames
called from it, up to about 380 KiB of them (far more than the default recursion limit of 1,000
frames needs), share the rest of that chunk, so no call in the work crosses a chunk boundary.
The reserved memory is untouched address space until used. Off (another Python, or switched off:
core/workarounds), the work is a plain call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeVar

from turnbuckle.core.workarounds import active

P = ParamSpec("P")
T = TypeVar("T")

#: Stack slots (8 bytes each) the wrapper's frame reserves: 80,000 slots (640 KB) make CPython
#: allocate a 1 MiB chunk for it, leaving about 380 KB for the frames it calls.
ROOM_SLOTS = 80_000


def _call(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    return fn(*args, **kwargs)


_call.__code__ = _call.__code__.replace(co_stacksize=ROOM_SLOTS)


def with_stack_room(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``fn(*args, **kwargs)``, run where its calls never cross a frame-stack chunk boundary."""
    if not active("stack_room"):
        return fn(*args, **kwargs)
    return _call(fn, *args, **kwargs)
