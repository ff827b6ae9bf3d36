"""The score keeper's state, read from its form: the game, the sides, the options and the entries.

The server keeps nothing between requests: every page carries the whole setup and the entries so
far in its form, and every request reads them back here and checks them again. A problem is put
next to the field it belongs to (``errors`` by field name), and the input is kept as typed.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.core.options import parse_option_pairs, resolve_options
from turnbuckle.core.registry import Ruleset, sides_word
from turnbuckle.rulesets.registry import get_ruleset

#: The most a pasted sheet may hold, and the most entries a match may carry (a long Deathmatch
#: takes a few thousand); anything bigger is refused with a message.
MAX_SHEET_CHARS = 100_000
MAX_ENTRIES = 50_000
_SPLIT = re.compile(r"[\s,;]+")
_SEED = re.compile(r"(\d{1,6})=(\d{1,20})")
_MATCH = re.compile(r"[0-9a-f]{16}")


@dataclass
class SideField:
    """One side's slot as typed: a bundled sample's id, or a pasted sheet (which wins), and who
    makes its choices."""

    sample: str = ""
    sheet: str = ""
    player: str = ""

    @property
    def used(self) -> bool:
        return bool(self.sample.strip() or self.sheet.strip())


@dataclass
class KeeperForm:
    """Everything the keeper's pages post. ``groups`` are the answers so far, one per line of the
    ``entries`` field (a roll's faces share a line, so undo takes back a whole answer)."""

    game: str = ""
    sides: list[SideField] = field(default_factory=list)
    options: str = ""
    groups: list[list[str]] = field(default_factory=list)
    #: For each answer, the seed the server rolled or drew it from ("roll for me"), else None;
    #: the ``seeds`` field carries them as ``answer index=seed`` pairs: ``0=1234,5=99``.
    seeds: list[int | None] = field(default_factory=list)
    #: This match's name for the browser (random, made at the start): the keeper's script keeps the
    #: most answers it has shown for it, so that a page reached by Back knows it is behind.
    match: str = ""
    #: The answers the posting page held (``count``) and, from the script, the most this match has
    #: had in this tab (``latest``); None when the form did not say (no script, an old page).
    count: int | None = None
    latest: int | None = None
    #: From the script, the stamp (see :attr:`stamp`) of the latest page this tab has shown for
    #: this match, posted only when the posting page is not that page; "" when not said.
    newest: str = ""
    #: From the script: the latest page was shown by another tab of the browser (not this tab's Back).
    elsewhere: bool = False

    def __post_init__(self) -> None:
        self.seeds = (list(self.seeds) + [None] * len(self.groups))[: len(self.groups)]

    @property
    def entries(self) -> list[str]:
        return [e for group in self.groups for e in group]

    @property
    def entries_text(self) -> str:
        return "\n".join(" ".join(group) for group in self.groups)

    @property
    def seeds_text(self) -> str:
        return ",".join(f"{i}={seed}" for i, seed in enumerate(self.seeds) if seed is not None)

    @property
    def stamp(self) -> str:
        """What tells two pages of a match apart: a digest of the answers (and their seeds), so
        that a page from before an answer was taken back and replaced is known for an old one even
        though it holds as many answers as the latest."""
        text = f"{self.entries_text}\x00{self.seeds_text}"
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

    def push(self, group: list[str], seed: int | None = None) -> None:
        self.groups.append(group)
        self.seeds.append(seed)

    def pop(self) -> None:
        self.groups.pop()
        self.seeds.pop()

    def keep(self, n: int) -> None:
        """Keep the first ``n`` answers."""
        del self.groups[n:], self.seeds[n:]

    def answers(self) -> list[dict[str, Any]]:
        """The answers as a table match stores them: tokens and the seed of a "roll for me"."""
        return [{"answer": list(g), "seed": seed} for g, seed in zip(self.groups, self.seeds, strict=True)]


def read_form(form: Mapping[str, Any], slots: int = 8) -> KeeperForm:
    """The keeper's fields from a posted form (missing fields read as empty)."""

    def text(name: str) -> str:
        value = form.get(name, "")
        return value if isinstance(value, str) else ""

    sides = [SideField(text(f"side-{i}"), text(f"sheet-{i}"), text(f"player-{i}")) for i in range(1, slots + 1)]
    while sides and not sides[-1].used and not sides[-1].player:
        sides.pop()
    groups = [g for g in ([t for t in _SPLIT.split(line) if t] for line in text("entries").splitlines()) if g]
    rolled = {int(i): int(seed) for i, seed in _SEED.findall(text("seeds")[:100_000])}
    seeds = [rolled.get(i) for i in range(len(groups))]
    match = text("match").strip()
    newest = text("newest").strip()
    return KeeperForm(text("game").strip(), sides, text("options"), groups, seeds,
                      match if _MATCH.fullmatch(match) else "", _count(text("count")), _count(text("latest")),
                      newest if _MATCH.fullmatch(newest) else "", text("elsewhere") == "1")


def _count(text: str) -> int | None:
    """A whole number a page posted (a count of answers), None when absent or not one."""
    text = text.strip()
    return int(text) if text.isdigit() and len(text) <= 7 else None


@dataclass
class Loaded:
    """A checked setup, ready for ``play_step``."""

    rs: Ruleset[Any]
    sides: list[Any]
    options: dict[str, object]
    players: dict[int, str]


class FormProblems(Exception):
    """The form cannot be played: ``errors`` says what is wrong, by field name."""

    def __init__(self, errors: dict[str, str]) -> None:
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


def ruleset_of(game: str) -> Ruleset[Any]:
    """The game by id or alias, or a FormProblems for the ``game`` field."""
    if not game:
        raise FormProblems({"game": "pick a game"})
    try:
        return get_ruleset(game)
    except RulesError as exc:
        raise FormProblems({"game": str(exc)}) from None


def parse_options(text: str) -> dict[str, object]:
    """``name=value`` pairs, one a line (or separated by commas), read by the one option parser
    (``core.options.parse_option_pairs``); blank ones are skipped and values trimmed."""
    parts = [part.strip() for part in re.split(r"[\n,]+", text) if part.strip()]
    return {key: value.strip() for key, value in parse_option_pairs(parts).items()}


def load(form: KeeperForm) -> Loaded:
    """The game, sides, options and players the form names, every problem at once as FormProblems."""
    rs = ruleset_of(form.game)
    errors: dict[str, str] = {}
    sides: list[Any] = []
    players: dict[int, str] = {}
    for i, slot in enumerate(form.sides, 1):
        if not slot.used:
            continue
        label = f"side {i}"
        try:
            if slot.sheet.strip():
                if len(slot.sheet) > MAX_SHEET_CHARS:
                    raise RulesError(f"the sheet is over {MAX_SHEET_CHARS:,} characters")
                side = rs.load_text(slot.sheet, label)
            else:
                side = rs.side_by_name(slot.sample.strip())
        except SheetError as exc:
            errors[f"sheet-{i}"] = "; ".join(exc.problems)
            continue
        except RulesError as exc:
            errors[f"sheet-{i}" if slot.sheet.strip() else f"side-{i}"] = str(exc)
            continue
        kinds = rs.info.player_kinds
        player = slot.player.strip() or kinds[0]
        if player not in kinds:
            errors[f"player-{i}"] = f"'{player[:40]}' is not one of {', '.join(kinds)}"
        elif player != kinds[0]:
            players[len(sides)] = player
        sides.append(side)
    lo, hi = rs.info.min_sides, rs.info.max_sides
    if not errors and not lo <= len(sides) <= hi:
        need = str(lo) if lo == hi else f"{lo} to {hi}"
        errors["sides"] = f"{rs.info.name} needs {need} {sides_word(rs.info)}; {len(sides)} chosen"
    try:
        options = parse_options(form.options)
        resolve_options(rs.info.options, options)
    except RulesError as exc:
        errors["options"] = str(exc)
        options = {}
    if len(form.entries) > MAX_ENTRIES:
        errors["entries"] = f"over {MAX_ENTRIES:,} entries; a match never needs that many"
    if errors:
        raise FormProblems(errors)
    return Loaded(rs, sides, options, players)
