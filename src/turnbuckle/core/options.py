"""Match options: named, typed, documented rule variants with defaults (``rounds=12``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from turnbuckle.core.errors import OptionError
from turnbuckle.core.hints import near_miss

OptionValue = bool | int | str


@dataclass(frozen=True)
class OptionSpec:
    """One option: its name, default, help, and either ``choices`` or an integer range."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    @property
    def kind(self) -> str:
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, int):
            return "int"
        return "choice" if self.choices else "text"

    def describe(self) -> str:
        if self.kind == "bool":
            allowed = "true/false"
        elif self.kind == "int":
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            allowed = f"{lo}..{hi}" if (lo or hi) else "a whole number"
        elif self.kind == "choice":
            allowed = "|".join(self.choices)
        else:
            allowed = "text"
        return f"{self.name}={_show(self.default)} ({allowed}): {self.help}"

    def coerce(self, raw: object) -> OptionValue:
        """Check and convert a value (text from the command line, or a Python value)."""
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("true", "yes", "on", "1"):
                return True
            if text in ("false", "no", "off", "0"):
                return False
            raise OptionError(f"option {self.name}: '{raw}' is not true or false", self.name)
        if self.kind == "int":
            if isinstance(raw, bool):
                raise OptionError(f"option {self.name}: expected a whole number, got {raw}", self.name)
            try:
                value = int(str(raw).strip())
            except ValueError:
                raise OptionError(f"option {self.name}: expected a whole number, got '{raw}'", self.name) from None
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.name}: {value} is below the minimum {self.minimum}", self.name)
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name}: {value} is above the maximum {self.maximum}", self.name)
            return value
        text = str(raw).strip()
        if self.choices:
            for choice in self.choices:
                if text.lower() == choice.lower():
                    return choice
            raise OptionError(f"option {self.name}: '{raw}' is not one of {', '.join(self.choices)}", self.name)
        return text


def _show(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_key(written: str) -> str:
    """An option's name as the games declare it, from a name as written: spaces trimmed and each
    hyphen read as an underscore (``last-interval`` is ``last_interval``). Every bundled game
    declares its names with underscores only, so the two spellings never name two options.

    >>> option_key(" last-interval ")
    'last_interval'
    """
    return written.strip().replace("-", "_")


def parse_option_pairs(pairs: Iterable[str], flag: str = "option") -> dict[str, str]:
    """``key=value`` strings (from ``-o``, ``league card add --option`` or a form's lines), by
    option name (:func:`option_key`). A value may hold ``=`` and may be empty (``league card
    edit`` clears an option so). A key given twice with two values is refused, naming it; given
    twice with one value it is taken once. ``flag`` names the pairs in a message (``-o``).

    >>> parse_option_pairs(["rounds=3", "last-interval=heal", "stake=a=b"])
    {'rounds': '3', 'last_interval': 'heal', 'stake': 'a=b'}
    """
    example = f"{flag} rounds=10" if flag.startswith("-") else "rounds=10"
    out: dict[str, str] = {}
    for pair in pairs:
        written, sep, value = pair.partition("=")
        key = option_key(written)
        if not sep or not key:
            raise OptionError(f"{flag} '{pair}' must be written key=value, e.g. {example}")
        if key in out and out[key] != value:
            raise OptionError(f"{flag} {key} is given twice ({out[key]!r} and {value!r}); keep one", key)
        out[key] = value
    return out


def rules_options(known: Sequence[str], pairs: Iterable[str] | None, game: str,
                  **shortcuts: object) -> dict[str, object]:
    """The rules options a command (or the odds form) was given: ``-o`` pairs merged with the named
    shortcuts (``rounds=...``, ``cap=...``; None when not given). ``known`` are the game's option
    names: a shortcut the game does not have is refused here, naming the flag; an unknown ``-o``
    key is refused with a did-you-mean."""
    given: dict[str, object] = dict(parse_option_pairs(pairs or [], "-o"))
    for key in given:
        if key not in known:
            listed = ", ".join(known) or "none"
            raise OptionError(f"unknown option '{key}'{near_miss(key, known)}; {game}'s options are: {listed}", key)
    for key, value in shortcuts.items():
        if value is None:
            continue
        if key not in known:
            raise OptionError(f"--{key}: {game} has no {key} option; its options are: {', '.join(known) or 'none'}",
                              key)
        if key in given and str(given[key]) != str(value):
            raise OptionError(f"--{key} {value} and -o {key}={given[key]} disagree; give one", key)
        given[key] = value
    return given


def resolve_options(specs: Sequence[OptionSpec], given: Mapping[str, object]) -> dict[str, OptionValue]:
    """Every option with its value: the defaults, overridden by ``given`` (checked)."""
    by_name = {s.name: s for s in specs}
    for key in given:
        if key not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise OptionError(f"unknown option '{key}'; this ruleset's options are: {known}", key)
    return {s.name: (s.coerce(given[s.name]) if s.name in given else s.default) for s in specs}
