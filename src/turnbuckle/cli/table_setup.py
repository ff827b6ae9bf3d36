"""A table match's setup as a saved entries file records it, and the checks and the command that
resume it (``match --dice FILE --resume``): the game, the sides as given, the options, the players
and the seed go on a ``# setup: {json}`` comment line; resuming under another setup is refused,
naming each difference."""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.inputs import read_input
from turnbuckle.core.registry import Ruleset

#: How a saved file's setup line starts.
SETUP_MARK = "# setup: "


def setup_of(rs: Ruleset[Any], sides: Sequence[str], options: Mapping[str, object],
             players: Mapping[int, str], seed: int | None = None) -> dict[str, Any]:
    """A match's setup as a saved file records it: the game, each side as given, the options as
    given, the players by side number (1 first) and the seed (None at the table)."""
    return {"ruleset": rs.info.id, "sides": list(sides),
            "options": {k: str(v) for k, v in sorted(options.items()) if v is not None},
            "players": {str(i + 1): kind for i, kind in sorted(players.items())}, "seed": seed}


def with_sheets(setup: Mapping[str, Any], rs: Ruleset[Any], sides: Sequence[Any]) -> dict[str, Any]:
    """``setup`` with a digest of each side's sheet as loaded (``sheets``), so that a sheet file
    edited between the stop and the resume is noticed even though its name is the same."""
    digests = [hashlib.sha256(json.dumps(rs.side_json(s), sort_keys=True, ensure_ascii=False).encode("utf-8"))
               .hexdigest()[:16] for s in sides]
    return {**setup, "sheets": digests}


def setup_differences(saved: Mapping[str, Any], now: Mapping[str, Any]) -> list[str]:
    """What differs between a saved setup and this command's, in words ('' none)."""
    out: list[str] = []
    if saved.get("ruleset") != now["ruleset"]:
        out.append(f"the game: saved {saved.get('ruleset')}, now {now['ruleset']}")
    old_sides, new_sides = list(saved.get("sides") or []), list(now["sides"])
    for i in range(max(len(old_sides), len(new_sides))):
        a = old_sides[i] if i < len(old_sides) else "none"
        b = new_sides[i] if i < len(new_sides) else "none"
        if a != b:
            out.append(f"side {i + 1}: saved {a}, now {b}")
    old_sheets, new_sheets = saved.get("sheets"), now.get("sheets")
    if isinstance(old_sheets, list) and isinstance(new_sheets, list):  # a file saved before sheets were kept has none
        for i, (a, b) in enumerate(zip(old_sheets, new_sheets, strict=False)):
            if a != b and i < len(old_sides) and i < len(new_sides) and old_sides[i] == new_sides[i]:
                out.append(f"side {i + 1}: the sheet changed since the entries were saved ({new_sides[i]})")
    for what, flag in (("options", "-o"), ("players", "--player")):
        old, new = dict(saved.get(what) or {}), dict(now[what])
        for key in sorted(set(old) | set(new)):
            if old.get(key) != new.get(key):
                was = f"{flag} {key}={old[key]}" if key in old else "not given"
                is_ = f"{flag} {key}={new[key]}" if key in new else "not given"
                out.append(f"{what[:-1]} {key}: saved {was}, now {is_}")
    return out


def read_setup(path: str) -> dict[str, Any] | None:
    """The setup a saved file records (None for a file without one, such as a hand-written script)."""
    for line in read_input(path, "dice script").splitlines():
        if line.startswith(SETUP_MARK):
            try:
                found = json.loads(line[len(SETUP_MARK):])
            except ValueError:
                raise RulesError(f"dice script '{path}': its setup line is not JSON; delete the line to "
                                 "play the entries without the check") from None
            if not _is_setup(found):
                raise RulesError(f"dice script '{path}': its setup line is not a match setup as turnbuckle saves "
                                 "it; delete the line to play the entries without the check")
            return dict(found)
    return None


def _is_setup(found: object) -> bool:
    """Whether a setup line's JSON has the shape :func:`setup_of` writes (an edited or damaged line
    may hold anything)."""
    if not isinstance(found, dict) or not isinstance(found.get("ruleset"), str):
        return False
    sides, seed = found.get("sides"), found.get("seed")
    if not isinstance(sides, list) or not all(isinstance(s, str) for s in sides):
        return False
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        return False
    sheets = found.get("sheets")
    if sheets is not None and (not isinstance(sheets, list) or not all(isinstance(s, str) for s in sheets)):
        return False
    for what in ("options", "players"):
        table = found.get(what)
        if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
            return False
    return True


def check_resume(path: str, now: Mapping[str, Any]) -> None:
    """Refuse to resume a saved match under another setup, naming each difference."""
    saved = read_setup(path)
    if saved is None:
        return
    differs = setup_differences(saved, now)
    if differs:
        raise RulesError(f"dice script '{path}' was saved from a match set up differently ({'; '.join(differs)}); "
                         "resume with the setup it was played with")


def program() -> str:
    """This turnbuckle as a shell runs it again: ``turnbuckle`` where that is the one on the PATH,
    else the path it was started by (``.venv/bin/turnbuckle``), or ``python -m turnbuckle``."""
    argv0 = sys.argv[0] if sys.argv else ""
    if os.path.basename(argv0) == "__main__.py" and os.path.basename(os.path.dirname(argv0)) == "turnbuckle":
        return f"{shlex.quote(sys.executable)} -m turnbuckle"
    if os.path.basename(argv0) != "turnbuckle":
        return "turnbuckle"  # started some other way (a test runner, an embedding program)
    found = shutil.which("turnbuckle")
    try:
        if found and os.path.samefile(found, argv0):
            return "turnbuckle"
    except OSError:
        pass
    return shlex.quote(argv0)


def resume_command(command: Sequence[str], path: str) -> str:
    """The command to play on: ``command`` with ``--dice PATH --resume`` in place of its dice, and
    the program named as it can be run again (see :func:`program`)."""
    if command and command[0] == "turnbuckle":
        return f"{program()} {resume_command(command[1:], path)}"
    out: list[str] = []
    skip = False
    for arg in command:
        if skip:
            skip = False
            continue
        if arg in ("--dice", "--resume"):
            skip = arg == "--dice"
            continue
        if arg.startswith("--dice="):
            continue
        out.append(arg)
    return shlex.join([*out, "--dice", path, "--resume"])
