"""Options the command line takes as a file: the CLI reads the file and passes its text in, so no
ruleset ever opens a path (a web request must never be able to name one)."""

from __future__ import annotations

from typing import Any

from turnbuckle.core.errors import OptionError
from turnbuckle.core.options import option_key
from turnbuckle.core.registry import Ruleset, read_text_file

#: ``-o KEY=FILE`` -> the option that holds the file's text, and what the file is (for messages).
FILE_OPTIONS = {"type_file": ("types", "match-type file"), "referee_file": ("referee", "referee sheet file")}

#: How a ``--referee`` value names a file rather than a referee: by its ending, or ``-`` (stdin).
_FILE_ENDINGS = (".yaml", ".yml", ".json", ".txt")


def names_a_file(value: str) -> bool:
    """Does ``--referee VALUE`` name a referee sheet file (``ours.yaml``, ``refs/bob``, ``-``)?"""
    text = value.strip()
    return text == "-" or "/" in text or "\\" in text or text.lower().endswith(_FILE_ENDINGS)


def read_referee(rs: Ruleset[Any], value: object) -> object:
    """``--referee NAME|FILE``: a file's text (the referee sheet, read bounded) when the value names
    a file and the game takes a referee; anything else is passed on for the game to judge."""
    known = {spec.name for spec in rs.info.options}
    if isinstance(value, str) and "referee" in known and names_a_file(value):
        text = read_text_file(value.strip(), "referee sheet file")
        if ":" not in text:  # empty, or a bare word: it must not pass as 'no referee' or a name
            raise OptionError(f"referee sheet file '{value.strip()}' holds no referee sheet; write one "
                              "with at least 'name:' and 'dq_threshold:'")
        return text
    return value


def read_option_files(rs: Ruleset[Any], pairs: list[str] | None) -> list[str] | None:
    """``-o`` pairs with each file option of this game replaced by the text of its file, e.g.
    ``type_file=ours.yaml`` -> ``types=<the YAML>``. A file option the game does not take is left
    for the option check to refuse."""
    if not pairs:
        return pairs
    known = {spec.name for spec in rs.info.options}
    out = []
    for pair in pairs:
        key, sep, path = pair.partition("=")
        target = FILE_OPTIONS.get(option_key(key))
        if sep and target is not None and target[0] in known:
            out.append(f"{target[0]}={read_text_file(path.strip(), target[1])}")
        else:
            out.append(pair)
    return out
