"""The core: dice and cards, sources of chance, the event log, options, results, the ruleset skeleton.

No game logic lives here; every ruleset builds on these pieces.
"""

from turnbuckle.core.cards import Card, parse_card, standard_deck
from turnbuckle.core.errors import (
    InputFileError,
    OptionError,
    RulesError,
    ScriptError,
    SheetError,
    StrategyError,
    UnknownRulesetError,
)
from turnbuckle.core.events import Choice, Draw, Event, EventLog, Happening, Json, Roll
from turnbuckle.core.match import MatchRecord, MatchSetup, Result
from turnbuckle.core.options import OptionSpec, OptionValue
from turnbuckle.core.registry import Ruleset, RulesetInfo, Sample, Verdict
from turnbuckle.core.sources import AskingSource, Request, ScriptedSource, SeededSource, Source
from turnbuckle.core.table import Table
from turnbuckle.core.writeup import Writeup

__all__ = [
    "AskingSource", "Card", "Choice", "Draw", "Event", "EventLog", "Happening", "InputFileError",
    "Json", "MatchRecord", "MatchSetup", "OptionError", "OptionSpec", "OptionValue", "Request",
    "Result", "Roll", "RulesError", "Ruleset", "RulesetInfo", "Sample", "ScriptError",
    "ScriptedSource", "SeededSource", "SheetError", "Source", "StrategyError", "Table",
    "UnknownRulesetError", "Verdict", "Writeup", "parse_card",
    "standard_deck",
]
