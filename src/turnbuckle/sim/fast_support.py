"""What every fast engine's Python driver shares: the run key, the thread count, and whether a
kernel is already compiled in numba's disk cache.

The numba kernels themselves each keep their own copy of the in-loop SplitMix64 helpers: numba's
on-disk cache only notices edits to the file of the function it compiled, so a generator shared
across kernel files could leave a stale compiled kernel behind after a change (see
docs/decisions/odds.md).
"""

from __future__ import annotations

import hashlib
import inspect
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

import numpy as np

from turnbuckle.core.errors import RulesError
from turnbuckle.core.rng import SplitMix64
from turnbuckle.core.settings import SERVE_SETTINGS_ENV, SETTINGS, Settings
from turnbuckle.sim.interrupt import CHECK_EVERY_S, armed, set_polling, stop_requested
from turnbuckle.sim.specs import Progress
from turnbuckle.sim.tally import Outcome, Tally

T = TypeVar("T")

#: The first chunk of a run that can be stopped (its time sizes the next ones).
FIRST_STOPPABLE_CHUNK = 1024


def fast_key(seed: int) -> int:
    """The kernels' key for a run's seed (the first SplitMix64 output of the seed); match ``i``
    of the run draws from a stream derived from (key, i), whatever the thread count."""
    return SplitMix64(seed).next64()


def set_threads(threads: int | None) -> None:
    """Use ``threads`` numba threads (all the machine has when None); a bad count is a RulesError."""
    import numba  # lazy: keeps numba and numpy out of start-up

    config: Any = numba.config
    most = int(config.NUMBA_NUM_THREADS)
    if threads is not None and not 1 <= threads <= most:
        raise RulesError(f"--threads {threads}: this machine runs 1 to {most} threads")
    numba.set_num_threads(threads if threads is not None else most)


def kernel_cached(dispatcher: Any) -> bool:
    """Whether a numba dispatcher is already in the disk cache (else its next call compiles it
    first). A best guess from numba's cache index file; False when it cannot tell."""
    try:
        index = Path(dispatcher._cache._cache_file._index_path)
    except AttributeError:  # numba's internals moved: assume a compile
        return False
    return index.exists()


def chunks(n: int, size: int, progress: Progress | None = None) -> Iterator[tuple[int, int]]:
    """``(start, count)`` of each chunk of ``n`` matches, ``size`` at most; reports progress after
    each chunk is played (memory stays O(size) whatever ``n`` is).

    While a stop can be requested (``odds`` under ``interrupt.stoppable()``), chunks start small
    and grow only to about ``CHECK_EVERY_S`` of play each, and the loop ends early, after a whole
    chunk, once a stop is requested: the caller's tally then counts the chunks played. A match
    depends only on its index, so chunk sizes never change the numbers."""
    done = 0
    count = min(size, FIRST_STOPPABLE_CHUNK) if armed() else size
    while done < n:
        if stop_requested():
            break
        count = min(count, n - done)
        began = time.perf_counter()
        yield done, count
        done += count
        if progress is not None:
            progress(done)
        if armed():
            set_polling(True)  # a Ctrl-C now asks for a stop before the next chunk
            took = time.perf_counter() - began
            fits = int(count * CHECK_EVERY_S / took) if took > 0 else size
            count = max(FIRST_STOPPABLE_CHUNK, min(size, 4 * count, fits))
    set_polling(False)


def add_chunk(tally: Tally, outcomes: Sequence[Outcome], codes: Any, lengths: Any, dice: Any,
              figures: Mapping[str, float], count: int,
              shared: Sequence[Sequence[int]] | None = None) -> None:
    """Count a chunk's per-match arrays (outcome code, length, dice) into ``tally``. Several codes
    may name one outcome; ``shared[code]``, when given, lists the sides sharing that code's draw
    (else every side shares every draw)."""
    c = np.bincount(codes[:count], minlength=len(outcomes)).tolist()  # Python ints: quicker to loop over
    spread = np.bincount(lengths[:count]).tolist()
    counted: dict[Outcome, int] = {}
    for i, o in enumerate(outcomes):
        counted[o] = counted.get(o, 0) + c[i]
    drawn: dict[int, int] | None = None
    if shared is not None:
        drawn = {}
        for i, sides in enumerate(shared):
            for side in sides:
                drawn[side] = drawn.get(side, 0) + c[i]
    tally.add_counts(
        counted,
        {k: v for k, v in enumerate(spread) if v},
        dict(figures),
        int(dice[:count].sum(dtype=np.int64)),
        count,
        drawn,
    )


def cache_dir(settings: Settings | None = None) -> Path:
    """Where built tables are kept: the settings' ``cache_dir`` ($TURNBUCKLE_CACHE_DIR), else
    ``~/.cache/turnbuckle``. Read from the environment again only when the variables it comes
    from change (a sweep asks once a pairing)."""
    if settings is not None:
        return settings.table_cache()
    return _env_cache_dir(tuple(os.environ.get(name) for name in _CACHE_DIR_FROM))


#: The environment variables the cache folder comes from (``serve``'s handed settings, the folder's
#: own variable, and the home folder).
_CACHE_DIR_FROM = (SERVE_SETTINGS_ENV, next(s.env for s in SETTINGS if s.field == "cache_dir"), "HOME")


@lru_cache(maxsize=16)
def _env_cache_dir(values: tuple[str | None, ...]) -> Path:
    return Settings.from_env().table_cache()


def source_fingerprint(modules: Sequence[ModuleType], extra: str, length: int = 24) -> str:
    """A hash of the modules' source and ``extra`` (plus numpy's version): it changes whenever the
    rule functions a table was built from change, so a stale table is never read."""
    h = hashlib.sha256()
    for module in modules:
        h.update(inspect.getsource(module).encode())
    h.update(f"{extra}|{np.__version__}".encode())
    return h.hexdigest()[:length]


def npz_cached(name: str, fields: Sequence[str], build: Callable[[], T], rebuild: Callable[..., T]) -> T:
    """Tables saved as ``cache_dir()/name.npz``: read back with ``rebuild(*arrays)`` when present,
    else built with ``build()`` and saved (atomically; a read-only home just builds each time)."""
    path = cache_dir() / f"{name}.npz"
    try:
        with np.load(path) as saved:
            return rebuild(*(np.ascontiguousarray(saved[f]) for f in fields))
    except (OSError, KeyError, ValueError):
        pass
    tables = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(tmp, **{f: getattr(tables, f) for f in fields})
        tmp.replace(path)
    except OSError:
        pass
    return tables
