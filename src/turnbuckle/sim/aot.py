"""Ahead-of-time builds of the fast engines' chunk loops, so that a run starts at once.

A numba kernel costs a noticeable start-up before its first match even when numba's disk cache
holds it: importing numba and loading the compiled code. So runs play the
kernel's ``run_chunk`` from an ahead-of-time build instead: the same Python function, compiled by
numba's ``pycc`` into an extension module under ``cache_dir()/aot`` for this machine's processor,
which runs import without numba at all (``sim/drive.py`` chooses the build and the cores).

- Its loop is a plain one (``prange`` is a plain loop there); ``sim/drive.py`` spreads a run
  over threads. The exported function lets go of Python's GIL while it plays (numba's
  ``release_gil`` flag, as ``@njit(nogil=True)``), so threads play at once, each on buffers of
  its own. A match is a pure function of the run's key and its index, so the numbers are
  identical to the threaded kernel's (tested).
- It is built on first use (numba, setuptools and a C compiler; each game's
  ``SimSpec.build_time``) and named after a hash of the kernel file's source, the argument
  types, numba's and numpy's versions, the Python build, the processor and the build's flags
  (``FLAVOUR``), so a stale build is never loaded.
- When it cannot be built (no C compiler, ``pycc`` gone from numba, a read-only cache), a marker
  file remembers why and the numba JIT kernel runs.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import platform
import sys
import tempfile
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any, Literal, get_args

import numpy as np

from turnbuckle.core.errors import RulesError
from turnbuckle.core.workarounds.pycc_gil import releases_gil, releasing_the_gil
from turnbuckle.sim.fast_support import cache_dir, kernel_cached
from turnbuckle.sim.specs import Build

BUILDS: tuple[str, ...] = get_args(Build)
#: The exported function: every kernel names its chunk loop so.
FUNCTION = "run_chunk"
#: What sets this build apart beyond its source (part of its name): the exported function lets
#: go of the GIL while it plays (the ``pycc_gil`` workaround, core/workarounds/pycc_gil.py). A build
#: made without it holds the GIL, which serialises ``sim/drive.py``'s threads, so it is named apart
#: (``HOLDING``) and loaded only while the workaround is off.
FLAVOUR = "nogil"
HOLDING = "gil"

_LOADED: dict[Path, Callable[..., Any]] = {}


def chunk_ready(kernel: str, aot: bool) -> bool:
    """False when the run about to start compiles first (a pause worth announcing): a run meant
    for the ahead-of-time build that is not there yet, or a JIT kernel not in numba's cache."""
    if aot:
        found = build_state(kernel)
        if found == "built":
            return True
        if found == "missing":
            return False
    return kernel_cached(import_module(kernel).run_chunk)


def max_threads() -> int:
    """The most threads numba will run, found the way numba finds it (without importing it)."""
    given = os.environ.get("NUMBA_NUM_THREADS")
    if given and given.strip().isdigit():
        return max(1, int(given))
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        return max(1, len(affinity(0)))
    return max(1, os.cpu_count() or 1)


def check_threads(threads: int | None) -> None:
    """The same check of ``--threads`` as the JIT path makes (the build itself runs on one)."""
    most = max_threads()
    if threads is not None and not 1 <= threads <= most:
        raise RulesError(f"--threads {threads}: this machine runs 1 to {most} threads")


def load_or_build(kernel: str, example: Sequence[Any]) -> Callable[..., Any] | None:
    """The built ``run_chunk``, building it first if needed; None when it cannot be built."""
    path, marker, name = _paths(kernel, example)
    if path in _LOADED:
        return _LOADED[path]
    if not path.exists():
        if marker.exists():
            return None
        try:
            with _build_lock(path):  # another process may be building it: wait, then use theirs
                if not path.exists() and not marker.exists():
                    _build(kernel, example, path, name)
        except Exception as exc:  # an optional speed-up: any failure means the JIT kernel runs
            _remember_failure(marker, exc)
            return None
        if not path.exists():
            return None
    return _load(path, name)


def failure(kernel: str, example: Sequence[Any]) -> str:
    """Why the build for these arguments failed (its marker file), or that it was not built."""
    _, marker, _ = _paths(kernel, example)
    try:
        return marker.read_text(encoding="utf-8").strip() or "unknown failure"
    except OSError:
        return "not built"


def type_key(value: Any) -> str:
    """A short name of an argument's type as numba would type it (arrays: dtype, dimensions,
    layout and whether writable)."""
    if isinstance(value, np.ndarray):
        layout = "C" if value.flags.c_contiguous else "F" if value.flags.f_contiguous else "A"
        return f"{value.dtype.str}{value.ndim}{layout}{'w' if value.flags.writeable else 'r'}"
    if isinstance(value, (bool, np.bool_)):
        return "b1"
    if isinstance(value, np.integer):
        return value.dtype.str
    if isinstance(value, int):
        return "i8" if -(1 << 63) <= value < 1 << 63 else "u8"
    if isinstance(value, float):
        return "f8"
    raise TypeError(f"no ahead-of-time argument type for {type(value).__name__}")


#: A kernel file names each other module compiled into its build on a line of its own:
#: ``# compiled in: package.module`` (numba's own cache sees only the kernel's file).
ALSO_MARK = "# compiled in: "


def _source_key(kernel: str) -> str:
    """A hash of the kernel file's source, of the modules it says are compiled in with it, and of
    what else a build depends on. A file is read and hashed again only when its size or
    modification time changes (a sweep asks once a pairing)."""
    files = []
    for origin in (_origin(kernel), *(_origin(m) for m in _compiled_in(kernel))):
        stat = os.stat(origin)
        files.append((origin, stat.st_mtime_ns, stat.st_size))
    return _source_digest(tuple(files), FLAVOUR if releases_gil() else HOLDING)


@lru_cache(maxsize=64)
def _compiled_in(kernel: str) -> tuple[str, ...]:
    text = Path(_origin(kernel)).read_text(encoding="utf-8")
    return tuple(line[len(ALSO_MARK):].strip() for line in text.splitlines() if line.startswith(ALSO_MARK))


@lru_cache(maxsize=64)
def _origin(kernel: str) -> str:
    spec = importlib.util.find_spec(kernel)
    if spec is None or spec.origin is None:
        raise ImportError(f"no kernel module {kernel}")
    return spec.origin


@lru_cache(maxsize=64)
def _source_digest(files: tuple[tuple[str, int, int], ...], flavour: str) -> str:
    h = hashlib.sha256()
    for origin, _, _ in files:
        h.update(Path(origin).read_bytes())
    h.update(f"|{sys.version}|{sys.platform}|{np.__version__}|{_numba_version()}|{_cpu()}|{flavour}".encode())
    return h.hexdigest()[:16]


@lru_cache(maxsize=1)
def _numba_version() -> str:
    from importlib.metadata import (  # lazy: importlib.metadata is slow to load; read only to check a version
        PackageNotFoundError,
        version,
    )

    try:
        return version("numba")
    except PackageNotFoundError:
        return "none"


@lru_cache(maxsize=1)
def _cpu() -> str:
    """This machine's processor model and features (a build is compiled for them: ``_build``),
    so that a cache folder shared with another machine never loads a build it cannot run."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as info:
            lines = [line for line in info.read(1 << 16).splitlines()
                     if line.startswith(("model name", "flags", "Features", "CPU part"))]
        return "|".join(dict.fromkeys(lines))
    except OSError:
        return f"{platform.machine()}|{platform.processor()}"


def _stem(kernel: str) -> str:
    """``turnbuckle.sim.boxing.kernel`` -> ``boxing_kernel``."""
    return "_".join(kernel.split(".")[-2:])


def _paths(kernel: str, example: Sequence[Any]) -> tuple[Path, Path, str]:
    return _named(kernel, ",".join(type_key(v) for v in example), _source_key(kernel), cache_dir())


@lru_cache(maxsize=256)
def _named(kernel: str, types: str, source: str, cache: Path) -> tuple[Path, Path, str]:
    name = f"{_stem(kernel)}_{source}_{hashlib.sha256(types.encode()).hexdigest()[:8]}"
    folder = cache / "aot"
    return folder / (name + EXTENSION_SUFFIXES[0]), folder / (name + ".failed"), name


def build_state(kernel: str) -> Literal["built", "failed", "missing"]:
    """Whether any build of the kernel's current source is there (or failed), whatever the types."""
    folder = cache_dir() / "aot"
    prefix = f"{_stem(kernel)}_{_source_key(kernel)}_"
    if any(folder.glob(prefix + "*" + EXTENSION_SUFFIXES[0])):
        return "built"
    if any(folder.glob(prefix + "*.failed")):
        return "failed"
    return "missing"


def _build(kernel: str, example: Sequence[Any], path: Path, name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pycc announces its pending deprecation on import
        numba: Any = import_module("numba")
        pycc: Any = import_module("numba.pycc")

    signature = numba.types.void(*(numba.typeof(v) for v in example))
    py_func = import_module(kernel).run_chunk.py_func
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
        cc = pycc.CC(name)
        cc.output_dir = tmp
        cc.verbose = False
        cc.target_cpu = "host"  # as the JIT kernel is: this machine's instructions, not a generic CPU's
        cc.export(FUNCTION, signature)(py_func)
        with warnings.catch_warnings(), releasing_the_gil():
            warnings.simplefilter("ignore")
            cc.compile()
        os.replace(Path(tmp) / cc.output_file, path)  # atomic: another process may build it too


@contextmanager
def _build_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path``'s lock file (where the system has ``flock``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_suffix(".lock"), "a+b") as handle:
        try:
            import fcntl  # lazy: POSIX only; asked for only when a build is made
        except ImportError:  # no flock here: two builds may race, and os.replace keeps one
            yield
            return
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _remember_failure(marker: Path, exc: Exception) -> None:
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text(f"{type(exc).__name__}: {exc}\n", encoding="utf-8")
    except OSError:
        pass  # a read-only cache: try again next time


def _load(path: Path, name: str) -> Callable[..., Any] | None:
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        return None
    try:
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except ImportError:
        return None
    function: Callable[..., Any] = getattr(module, FUNCTION)
    _LOADED[path] = function
    return function
