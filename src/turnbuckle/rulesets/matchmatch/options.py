"""MatchMatch's options, decoded once into a typed value that the reference engine, validation and
the fast engine's tables all read (no option is decoded twice)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.matchmatch.match_types import MatchType, find_type, load_match_types
from turnbuckle.rulesets.matchmatch.referees import Referee, find_referee, is_referee_sheet, referee_from_option
from turnbuckle.rulesets.matchmatch.strategy import ByStyleMode

#: Referee option words that mean "no named referee" (the standard DQ threshold).
NO_REFEREE = ("", "none", "standard", "default")


@dataclass(frozen=True)
class MatchOptions:
    """``referee`` is None for no named referee, else the named one or the sheet the option holds;
    ``referee_rolled`` says the referee is rolled on 2d6 at the start of each match instead.
    ``match_type`` is resolved among the bundled types and the ones the ``types`` option defines."""

    rounds: int
    match_type: MatchType
    referee: Referee | None
    referee_rolled: bool
    grid: str
    by_style_rounds: ByStyleMode


def extra_types(options: Mapping[str, OptionValue]) -> dict[str, MatchType]:
    """The match types the ``types`` option defines (YAML text, the bundled file's shape)."""
    text = str(options.get("types", ""))
    return load_match_types(text, "the types option") if text.strip() else {}


def match_options(options: Mapping[str, OptionValue]) -> MatchOptions:
    """The typed options of a match from its resolved options; a RulesError for an unknown match
    type or referee, or a malformed ``types`` text."""
    text = str(options["referee"]).strip()
    rolled = text.lower() == "roll"
    if is_referee_sheet(text):
        referee: Referee | None = referee_from_option(text)
    else:
        referee = None if rolled or text.lower() in NO_REFEREE else find_referee(text)
    mode: ByStyleMode = "match" if options["by_style_rounds"] == "match" else "occurrence"
    return MatchOptions(
        rounds=int(options["rounds"]),
        match_type=find_type(str(options["type"]), extra_types(options)),
        referee=referee,
        referee_rolled=rolled,
        grid=str(options["grid"]).strip(),
        by_style_rounds=mode,
    )
