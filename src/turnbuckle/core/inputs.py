"""Reading what users give us, bounded: files, standard input and YAML.

Every document a command takes (a sheet, a side, a strategy, a dice script, a match-type file)
comes through ``read_input`` and, when it is YAML or JSON, ``parse_yaml``. Both refuse hostile
input with an ``InputFileError`` (one line, exit 2) instead of hanging, swelling or crashing:

- only regular files are read (checked before opening, so a FIFO never blocks and a device such
  as ``/dev/zero`` is never read); ``-`` reads standard input; either way at most
  ``MAX_INPUT_BYTES`` are read, and a larger input is refused before it is parsed;
- control characters (other than tab and line breaks) and the text-direction overrides and
  isolates (U+202A-U+202E, U+2066-U+2069) are refused anywhere in a document;
- YAML aliases (``*name``) are refused: a 1 KB file of nested aliases is otherwise billions of
  values for whatever walks it; nesting deeper than ``MAX_DEPTH`` is refused (no recursion
  error); whole numbers longer than ``MAX_INT_DIGITS`` digits are refused; a value YAML cannot
  build (a date like ``2024-13-45``) is an error at its line, never a traceback.
"""

from __future__ import annotations

import functools
import json
import os
import stat
import sys
import unicodedata
from pathlib import Path
from typing import Any, BinaryIO

from turnbuckle.core.errors import InputFileError, InputRefused

#: The most bytes read from one file or from standard input (1 MB: a long dice script is a few KB).
MAX_INPUT_BYTES = 1_000_000
#: The most bytes of a match record, a league export or a backup (JSON that holds whole matches).
MAX_ARCHIVE_BYTES = 256_000_000
#: The deepest nesting of lists and mappings a YAML document may have (sheets need about 4).
MAX_DEPTH = 32
#: The most digits a whole number may have (a sheet's numbers are small; Python refuses to turn
#: strings of 4,300+ digits into numbers, and printing such a number fails the same way).
MAX_INT_DIGITS = 30
#: The name ``-`` stands for standard input.
STDIN = "-"

#: Text-direction controls that can make text read differently from how it is stored.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_ALLOWED_CONTROLS = frozenset("\t\n\r")


def hostile_char(text: str) -> tuple[int, str] | None:
    """The first character no document should hold, as (index, char), or None: a control
    character other than tab and line breaks, a text-direction override or isolate, or half of a
    surrogate pair (only an escape such as ``"\\ud800"`` can make one)."""
    for i, c in enumerate(text):
        o = ord(c)
        if (o < 32 or 127 <= o < 160) and c not in _ALLOWED_CONTROLS:
            return i, c
        if c in _BIDI_CONTROLS or 0xD800 <= o <= 0xDFFF:
            return i, c
    return None


def describe_char(c: str) -> str:
    """``U+202E (RIGHT-TO-LEFT OVERRIDE)``: a character named so that a message can show it."""
    surrogate = 0xD800 <= ord(c) <= 0xDFFF
    name = unicodedata.name(c, "") or {"\x1b": "ESCAPE", "\x00": "NUL"}.get(c) or (
        "half of a surrogate pair" if surrogate else "a control character")
    return f"U+{ord(c):04X} ({name})"


def printable(message: str) -> str:
    """``message`` safe to print on one line: control, format, separator and surrogate characters
    are written as escapes (so a name in an error cannot move the cursor or reverse the text)."""
    if message.isprintable():
        return message
    out = []
    for c in message:
        if c.isprintable() or c == " ":
            out.append(c)
        else:
            o = ord(c)
            out.append(f"\\x{o:02x}" if o < 256 else f"\\u{o:04x}" if o < 0x10000 else f"\\U{o:08x}")
    return "".join(out)


def check_text(text: str, label: str) -> None:
    """Refuse a document holding a character ``hostile_char`` finds, naming its line."""
    found = hostile_char(text)
    if found is not None:
        index, c = found
        line = text.count("\n", 0, index) + 1
        raise InputRefused.under(label, f"line {line} holds {describe_char(c)}, which a document may not "
                           "hold; remove it (save the file as plain text)")


def path_exists(arg: str) -> bool:
    """Whether a command-line argument names something on disk (False for a name the system
    refuses, e.g. one too long, instead of an error)."""
    try:
        return os.path.lexists(arg)  # a link that leads nowhere (or in a loop) is read, and its fault named
    except (OSError, ValueError):
        return False


def read_input(source: str | Path, what: str = "file", limit: int = MAX_INPUT_BYTES) -> str:
    """The text of a regular file, or of standard input when ``source`` is ``-``, bounded by
    ``limit`` bytes. ``what`` names the document in messages ('dice script', 'strategy')."""
    if str(source) == STDIN:
        return _decode(_read_bounded(sys.stdin.buffer, "standard input", limit), "standard input")
    path = Path(source)
    label = f"{what} '{path}'"
    try:
        info = os.stat(path)  # the type is checked before opening: a FIFO would block open()
    except FileNotFoundError:
        raise InputFileError(f"{label} not found") from None
    except (OSError, ValueError) as exc:
        raise InputFileError(f"cannot read {label}: {_reason(exc)}") from None
    _check_kind(info, label, limit)
    try:
        # O_NONBLOCK: should the path become a FIFO after the check, opening it still does not wait.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise InputFileError(f"cannot read {label}: {_reason(exc)}") from None
    with os.fdopen(fd, "rb") as handle:
        _check_kind(os.fstat(handle.fileno()), label, limit)
        try:
            data = _read_bounded(handle, label, limit)
        except OSError as exc:
            raise InputFileError(f"cannot read {label}: {_reason(exc)}") from None
    return _decode(data, label)


def _check_kind(info: os.stat_result, label: str, limit: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise InputFileError(f"{label} is a folder; give a file")
    if not stat.S_ISREG(info.st_mode):
        raise InputRefused(f"{label} is not a regular file (a device, pipe or socket); give a file, "
                           "or '-' for standard input")
    if info.st_size > limit:
        raise InputRefused(f"{label} is {_size(info.st_size)}; files are read up to {_size(limit)}")


def _read_bounded(handle: BinaryIO, label: str, limit: int) -> bytes:
    data = handle.read(limit + 1)
    if len(data) > limit:
        raise InputRefused(f"{label} is over {_size(limit)}; input is read up to that size")
    return data


def _decode(data: bytes, label: str) -> str:
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark at the start is dropped
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{label} is not UTF-8 text (byte {exc.start + 1}); save it as UTF-8 text") from None
    check_text(text, label)
    return text


def _size(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB" if n >= 100_000 else f"{n:,} bytes"


def _reason(exc: BaseException) -> str:
    return str(getattr(exc, "strerror", None) or exc)


def parse_json(text: str, label: str) -> object:
    """Parse JSON into plain data, or raise an InputFileError naming the spot; nesting too deep for
    the parser and whole numbers over ``MAX_INT_DIGITS`` digits are refused (InputRefused)."""
    def whole(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            raise InputRefused.under(label, f"a number of {len(digits.lstrip('-'))} digits; numbers here have at "
                               f"most {MAX_INT_DIGITS}")
        return int(digits)

    try:
        data = json.loads(text, parse_int=whole)
    except json.JSONDecodeError as exc:
        raise InputFileError.under(label, f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") \
            from None
    except RecursionError:
        raise InputRefused.under(label, "nested too deeply") from None
    check_strings(data, label)
    return data


def check_strings(data: object, label: str) -> None:
    """Refuse a hostile character (an escape such as ``"\\u202e"``) in any key or string value."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and (found := hostile_char(item)) is not None:
            raise InputRefused.under(label, f"a value holds {describe_char(found[1])}; remove it")


# -- YAML --------------------------------------------------------------------------------------
@functools.cache
def yaml_loader() -> tuple[type[Any], type[Exception]]:
    """The bounded loader and the error of ours it raises, made on first use: the rules that run
    in the page (under Pyodide) have no YAML library, and import this module all the same."""
    import yaml  # lazy: the rules in the page (Pyodide) have no PyYAML

    class Problem(yaml.YAMLError):
        """A refusal of ours, at a place in the document."""

        def __init__(self, problem: str, mark: Any, refused: bool = True) -> None:
            super().__init__(problem)
            self.problem = problem
            self.problem_mark = mark
            self.refused = refused

    class BoundedLoader(yaml.SafeLoader):
        """A safe loader (no arbitrary objects) that refuses aliases, nesting deeper than
        ``MAX_DEPTH``, huge whole numbers, hostile characters in values and a key given twice in one
        mapping (YAML would silently keep the last)."""

        def __init__(self, stream: str) -> None:
            super().__init__(stream)
            self._depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(yaml.AliasEvent):
                event: Any = self.peek_event()  # type: ignore[no-untyped-call]
                raise Problem(f"the alias '*{event.anchor}' repeats another part of the document; YAML aliases "
                              "are not read here: write the value out", event.start_mark)
            self._depth += 1
            try:
                if self._depth > MAX_DEPTH:
                    mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                    raise Problem(f"nested more than {MAX_DEPTH} levels deep", mark)
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1

        def construct_scalar(self, node: Any) -> Any:
            value = super().construct_scalar(node)
            found = hostile_char(value) if isinstance(value, str) else None
            if found is not None:
                raise Problem(f"a value holds {describe_char(found[1])}; remove it", node.start_mark)
            return value

        def construct_yaml_int(self, node: Any) -> int:
            text = str(self.construct_scalar(node))
            digits = sum(ch.isdigit() for ch in text)
            if digits > MAX_INT_DIGITS or len(text) > 4 * MAX_INT_DIGITS:
                raise Problem(f"a number of {digits} digits; numbers here have at most {MAX_INT_DIGITS}",
                               node.start_mark)
            return int(super().construct_yaml_int(node))

        def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
            seen: set[object] = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    duplicate = key in seen
                except TypeError:  # an unhashable key; the base constructor reports it
                    break
                if duplicate:
                    raise Problem(f"the key '{printable(str(key))[:60]}' is given twice; keep one", key_node.start_mark,
                                   refused=False)
                seen.add(key)
            return dict(super().construct_mapping(node, deep))

        def construct_object(self, node: Any, deep: bool = False) -> Any:
            try:
                return super().construct_object(node, deep)
            except (ValueError, OverflowError, TypeError) as exc:  # e.g. a date 2024-13-45
                if isinstance(exc, yaml.YAMLError):
                    raise
                raise Problem(f"a value YAML cannot read ({printable(str(exc))[:80]})", node.start_mark,
                               refused=False) from None


    BoundedLoader.add_constructor("tag:yaml.org,2002:int", BoundedLoader.construct_yaml_int)
    return BoundedLoader, Problem


def parse_yaml(text: str, label: str) -> object:
    """Parse YAML (JSON is YAML too) into plain data, or raise an InputFileError naming the spot.
    Bounded: see the module's notes (size, aliases, depth, numbers, characters)."""
    if len(text) > MAX_INPUT_BYTES:
        raise InputRefused.under(label, f"over {_size(MAX_INPUT_BYTES)}; documents are read up to that size")
    try:
        import yaml  # lazy: the rules in the page (Pyodide) have no PyYAML

        BoundedLoader, Problem = yaml_loader()
    except ImportError:
        return _json_without_yaml(text, label)
    try:
        return yaml.load(text, Loader=BoundedLoader)
    except yaml.YAMLError as exc:
        where = ""
        mark = getattr(exc, "problem_mark", None)
        if mark is not None:
            where = f" at line {mark.line + 1}, column {mark.column + 1}"
        problem = getattr(exc, "problem", None) or "not valid YAML"
        if isinstance(exc, Problem):
            kind = InputRefused if getattr(exc, "refused", True) else InputFileError
            raise (kind.under(label, str(problem)) if not where else kind(f"{label}{where}: {problem}")) from None
        raise InputFileError.under(label, f"not valid YAML{where}: {printable(str(problem))}") from None
    except RecursionError:  # MAX_DEPTH should come first; never a traceback if it does not
        raise InputRefused.under(label, "nested too deeply") from None


def _json_without_yaml(text: str, label: str) -> object:
    """Where PyYAML is not installed (the page): a document written as JSON (JSON is YAML too; the
    page's bundle holds the games' data files so) is still read."""
    try:
        return json.loads(text)
    except ValueError:
        raise InputFileError.under(label, "YAML is read only where PyYAML is installed; give this document as "
                                   "JSON") from None
