"""How players' words are tidied before reading: typographic marks made plain, and a did-you-mean
for a word that is close to one we know."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

_PLAIN = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u2032": "'",  # curly and prime apostrophes
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"',  # curly double quotes
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-",  # dashes
    "\u2212": "-",  # minus sign
    "\u00a0": " ", "\u2007": " ", "\u202f": " ",  # no-break spaces
    "\ufeff": None,  # a byte-order mark (some editors put one at the start of a UTF-8 file)
})


def plain(text: str) -> str:
    """``text`` with curly quotes, typographic dashes and no-break spaces made plain, and any
    byte-order mark removed, so a strategy typed in a word processor reads like one typed plainly."""
    return text.translate(_PLAIN)


@dataclass(frozen=True)
class Plain:
    """Text already made plain (:func:`plain`): a reader given one takes it as it is instead of
    tidying it again, so a document is made plain once on its way through the readers."""

    text: str

    @classmethod
    def of(cls, text: str | Plain) -> Plain:
        """``text`` made plain, unless it already is."""
        return text if isinstance(text, Plain) else cls(plain(text))


def plain_str(text: str | Plain) -> str:
    """The plain text of ``text`` (made plain here unless it already is)."""
    return Plain.of(text).text


def key(text: str) -> str:
    """A word as looked up: lower case, without spaces, underscores, hyphens, dots or colons."""
    return re.sub(r"[\s_\-.:]", "", text.strip().lower())


def did_you_mean(word: str, known: Mapping[str, str] | Iterable[str], cutoff: float = 0.75) -> str:
    """``"; did you mean 'Finisher'?"`` when ``word`` is close to a known word, else ``""``.

    ``known`` maps lookup keys to what to show (or is a plain list of words to show)."""
    shown = dict(known) if isinstance(known, Mapping) else {key(w): w for w in known}
    wanted = key(word)
    if not wanted:
        return ""
    close = difflib.get_close_matches(wanted, list(shown), n=1, cutoff=cutoff)
    if not close or close[0] == wanted:
        return ""
    return f"; did you mean '{shown[close[0]]}'?"
