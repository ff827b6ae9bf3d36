"""What a MatchMatch side is told before it writes a strategy: the referee and its own DQ
threshold (Ref Slack applied), the match type and what it changes, the High Spots and Special
rounds it has; and what is public of a wrestler whose sheet is not (the weight class)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import OptionValue
from turnbuckle.core.registry import Fact
from turnbuckle.rulesets.matchmatch.match_types import MatchType
from turnbuckle.rulesets.matchmatch.options import match_options
from turnbuckle.rulesets.matchmatch.rounds import DEFAULT_DQ_THRESHOLD, DEFAULT_INJURY_THRESHOLD, slack_threshold
from turnbuckle.rulesets.matchmatch.sheet import weight_class
from turnbuckle.rulesets.matchmatch.side import Side, load_side_data
from turnbuckle.rulesets.matchmatch.styles import title


def _names(styles: Sequence[str]) -> str:
    return ", ".join(title(s) for s in styles)


def type_facts(t: MatchType) -> list[Fact]:
    """A match type and each rule it changes from a standard match (nothing else for standard)."""
    changes = []
    if t.styles_added:
        changes.append(f"adds {_names(t.styles_added)} to the style die")
    if t.styles_halved:
        changes.append(f"halves {_names(t.styles_halved)}")
    if t.dq_threshold_change:
        changes.append(f"DQ threshold {t.dq_threshold_change:+d}")
    if t.injury_threshold != DEFAULT_INJURY_THRESHOLD:
        changes.append(f"injury checks from {t.injury_threshold} damage (standard {DEFAULT_INJURY_THRESHOLD})")
    if t.injury_chance:
        changes.append(f"injury chance {t.injury_chance:+d}")
    if t.pin_modifier:
        changes.append(f"pin rolls {t.pin_modifier:+d}")
    if t.damage_modifier:
        changes.append(f"damage {t.damage_modifier:+d}")
    if t.forbidden_specials:
        changes.append("no " + ", ".join(s.replace("_", " ") for s in t.forbidden_specials))
    if t.finish:
        changes.append(f"won only by {t.finish}")
    text = t.name + (f": {t.description}" if t.description else "")
    return [Fact("Match type", text), Fact("What it changes", "; ".join(changes) if changes else "nothing: a "
                                           "standard match")]


def referee_facts(options: Mapping[str, OptionValue], side: Side) -> list[Fact]:
    """The referee and this side's DQ threshold: the referee's, changed by the match type, raised
    by the side's Ref Slack."""
    mo = match_options(options)
    change = mo.match_type.dq_threshold_change
    slack = side.sheet.ref_slack
    if mo.referee_rolled:
        return [Fact("Referee", "rolled on 2d6 when the bell rings"),
                Fact("Your DQ threshold", f"the rolled referee's{f' {change:+d} (match type)' if change else ''}"
                     f"{f', raised by your Ref Slack {slack}' if slack else ''}")]
    ref = mo.referee
    base = (ref.dq_threshold if ref else DEFAULT_DQ_THRESHOLD) + change
    mine = slack_threshold(base, slack)
    who = f"{ref.name}{f' ({ref.type})' if ref.type else ''}: DQ on {ref.dq_threshold} or more" if ref \
        else f"none named: DQ on {DEFAULT_DQ_THRESHOLD} or more"
    how = f"{mine} or more on 2d6"
    steps = [f"{base} for this match"] if change else []
    if slack:
        steps.append(f"Ref Slack {slack} raises it to {mine}")
    return [Fact("Referee", who), Fact("Your DQ threshold", how + (f" ({'; '.join(steps)})" if steps else ""))]


def match_facts(options: Mapping[str, OptionValue], sides: Sequence[object], index: int) -> list[Fact]:
    """Side ``index``'s facts (``LeagueRules.match_facts``): referee, DQ threshold, match type, its
    High Spots and Specials (one Special round a Push Level)."""
    side = load_side_data(sides[index], "your side")
    try:
        mo = match_options(options)
    except RulesError as exc:
        return [Fact("Match", f"the match's options do not read: {exc}")]
    facts = referee_facts(options, side) + type_facts(mo.match_type)
    facts.append(Fact("Rounds", f"{mo.rounds} (no winner by then is a draw)"))
    facts.append(Fact("High Spots", str(side.sheet.high_spots)))
    level = side.sheet.push_level
    forbidden = mo.match_type.forbidden_specials
    facts.append(Fact("Special rounds", f"{level} (Push Level {level})"
                      + (f"; this match type forbids {', '.join(s.replace('_', ' ') for s in forbidden)}"
                         if forbidden else "")))
    return facts


def public_facts(sheet: object) -> list[Fact]:
    """A wrestler's or team's weight class, from its Weight."""
    try:
        side = load_side_data(sheet, "sheet")
    except RulesError:
        return []
    return [Fact("Weight class", weight_class(side.sheet.styles.weight))]
