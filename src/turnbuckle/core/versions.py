"""Rules versions: which version of a game's rules a match is played under.

Every change of outcome bumps a game's version (``RulesetInfo.version``) and the engine keeps the
versions before it that it can still play (``RulesetInfo.older_versions``), so a stored match (a
league show locked under 1.2, a saved record) replays exactly as it was played. An engine asks
:func:`at_least` of its setup's version where a rule changed.
"""

from __future__ import annotations

from turnbuckle.core.errors import RulesError


def version_key(version: str) -> tuple[int, ...]:
    """``"1.10"`` -> ``(1, 10)``; a RulesError for anything but dot-separated whole numbers.

    >>> version_key("1.2") < version_key("1.10")
    True
    """
    parts = version.strip().split(".")
    if not version.strip() or not all(p.isdigit() and len(p) <= 6 for p in parts) or len(parts) > 4:
        raise RulesError(f"'{version}' is not a rules version (write it as 1.2)")
    return tuple(int(p) for p in parts)


def at_least(version: str, floor: str) -> bool:
    """Is ``version`` ``floor`` or later? An empty version means the current rules (later than any).

    >>> at_least("1.2", "1.3"), at_least("1.3", "1.3"), at_least("", "1.3")
    (False, True, True)
    """
    return not version or version_key(version) >= version_key(floor)
