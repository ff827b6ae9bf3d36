"""Options the command line takes as a file: the CLI reads the file and passes its text in, so no
ruleset ever opens a path (a web request must never be able to name one)."""

from __future__ import annotations

from typing import Any

from turnbuckle.core.registry import Ruleset, read_text_file

#: ``-o KEY=FILE`` -> the option that holds the file's text, and what the file is (for messages).
FILE_OPTIONS = {"type_file": ("types", "match-type file")}


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
        target = FILE_OPTIONS.get(key.strip())
        if sep and target is not None and target[0] in known:
            out.append(f"{target[0]}={read_text_file(path.strip(), target[1])}")
        else:
            out.append(pair)
    return out
