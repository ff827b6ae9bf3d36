"""Did-you-mean hints for names a person typed one slip away from a real one."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def near_miss(word: str, choices: Iterable[str], prefix: str = "") -> str:
    """`` (did you mean 'x'?)`` when ``word`` is one slip away from one of ``choices``, else ''."""
    folded = {c.casefold(): c for c in choices}
    found = difflib.get_close_matches(word.casefold(), list(folded), n=1, cutoff=0.75)
    return f" (did you mean '{prefix}{folded[found[0]]}'?)" if found else ""
