"""The ``pycc_gil`` workaround: an ahead-of-time build whose exported function lets go of the GIL.

numba's ``pycc`` makes its own compile flags (a ``Flags()`` per build) and offers no ``nogil``
option, so :func:`releasing_the_gil` swaps its private ``numba.pycc.compiler.Flags`` for one that
sets ``release_gil`` while a build compiles. Off (another numba, or switched off:
core/workarounds), builds hold the GIL: sim/aot.py names them apart, and a run split over threads
plays on one core at a time, with the same numbers.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module
from typing import Any

from turnbuckle.core.workarounds import active


def releases_gil() -> bool:
    """Whether builds made now let go of the GIL."""
    return active("pycc_gil")


@contextmanager
def releasing_the_gil() -> Iterator[None]:
    """While it is open, ``pycc`` builds set numba's ``release_gil`` flag (when the workaround is on)."""
    if not releases_gil():
        yield
        return
    compiler: Any = import_module("numba.pycc.compiler")
    plain = compiler.Flags

    class ReleasingFlags(plain):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.release_gil = True

    compiler.Flags = ReleasingFlags
    try:
        yield
    finally:
        compiler.Flags = plain
