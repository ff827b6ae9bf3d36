"""Match options: named, typed, documented rule variants with defaults (``rounds=12``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from turnbuckle.core.errors import OptionError

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
            raise OptionError(f"option {self.name}: '{raw}' is not true or false")
        if self.kind == "int":
            if isinstance(raw, bool):
                raise OptionError(f"option {self.name}: expected a whole number, got {raw}")
            try:
                value = int(str(raw).strip())
            except ValueError:
                raise OptionError(f"option {self.name}: expected a whole number, got '{raw}'") from None
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.name}: {value} is below the minimum {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name}: {value} is above the maximum {self.maximum}")
            return value
        text = str(raw).strip()
        if self.choices:
            for choice in self.choices:
                if text.lower() == choice.lower():
                    return choice
            raise OptionError(f"option {self.name}: '{raw}' is not one of {', '.join(self.choices)}")
        return text


def _show(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_option_pairs(pairs: Iterable[str]) -> dict[str, str]:
    """Split ``key=value`` strings from the command line."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"option '{pair}' must be written key=value, e.g. rounds=10")
        out[key.strip()] = value
    return out


def resolve_options(specs: Sequence[OptionSpec], given: Mapping[str, object]) -> dict[str, OptionValue]:
    """Every option with its value: the defaults, overridden by ``given`` (checked)."""
    by_name = {s.name: s for s in specs}
    for key in given:
        if key not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise OptionError(f"unknown option '{key}'; this ruleset's options are: {known}")
    return {s.name: (s.coerce(given[s.name]) if s.name in given else s.default) for s in specs}
