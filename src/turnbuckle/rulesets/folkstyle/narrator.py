"""The mat-side call of a BIG TCG match, written from the event log alone. The score is called
after every turn as Red-Green, and the write-up ends with the scoresheet."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from turnbuckle.core.events import Happening, Json
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.writeup import Writeup
from turnbuckle.rulesets.folkstyle.scoresheet import (
    HEADERS,
    move_text,
    points_text,
    result_text,
    scoresheet,
    table_rows,
)


def _d(value: Json) -> Mapping[str, Json]:
    return value if isinstance(value, dict) else {}


def _margin(value: Json) -> str:
    return f"{float(Fraction(str(value))):+.2f}"


def _period_title(d: Mapping[str, Json]) -> str:
    label = str(d["label"])
    if label.startswith("OT"):
        kind = "sudden victory" if d.get("sudden_victory") else "overtime"
        return f"Overtime period {label} ({kind})"
    return f"Period {label}"


def narrate(record: MatchRecord) -> Writeup:
    a, b = record.names
    w = Writeup(f"{a} vs {b}: BIG TCG folkstyle")
    w.line(f"Dice: {record.dice}" + (f", seed {record.seed}" if record.seed is not None else "") + ".")
    for e in record.events:
        if isinstance(e, Happening):
            _event(w, e)
    w.heading("Result")
    w.line(record.result.summary)
    w.table(HEADERS, table_rows(scoresheet(record.events)), title="Scoresheet (score called Red-Green)")
    return w


def _event(w: Writeup, e: Happening) -> None:
    d = e.data
    t = e.type
    if t == "colours":
        w.line(f"{d['rolloff_winner']} wins the colour roll and takes {d['choice']}: "
               f"Red is {d['red']}, Green is {d['green']}.")
    elif t == "rolloff" and d["purpose"] == "roll-off":
        w.line(f"Roll-off {d['faces']}: {d['winner']} chooses.")
    elif t == "auto_choice":
        values = ", ".join(f"{k} {_margin(v)}" for k, v in _d(d["expected_margin"]).items())
        w.line(f"{d['colour']} weighs the expected margin ({values}) and takes {d['chosen']}.")
    elif t == "defer":
        w.line(f"{d['colour']} defers the choice for period {d['period']}.")
    elif t == "period_start":
        w.heading(_period_title(d))
        if d.get("chooser"):
            w.line(f"{d['chooser']} chose {d['choice']}: the period starts {d['position']}.")
        else:
            w.line(f"The period starts in {d['position']}. Score {d['score']}.")
    elif t == "turn":
        moves = _d(d["moves"])
        rolls = "; ".join(
            f"{colour} {move_text(_d(m))} + {_d(m)['die']} = {_d(m)['quality']}" for colour, m in moves.items()
        )
        points = points_text(_d(d["points"]))
        scored = "" if points == "-" else f"; {points}"
        w.line(f"Turn {d['turn']} ({d['position']}): {rolls}. {result_text(d)}{scored}. Score {d['score']}.")
    elif t == "riding_time":
        turns = _d(d["top_turns"])
        if not d.get("enabled"):
            w.line(f"Riding time is off (top turns Red {turns['Red']}, Green {turns['Green']}).")
        elif d.get("awarded"):
            w.line(f"Riding time: top turns Red {turns['Red']}, Green {turns['Green']}: "
                   f"{d['awarded']} +1. Score {d['score']}.")
        else:
            w.line(f"Riding time: top turns Red {turns['Red']}, Green {turns['Green']}: less than "
                   f"{d['threshold']} apart, no point. Score {d['score']}.")
    elif t == "overtime":
        w.heading(f"Overtime, cycle {d['cycle']}", level=1)
        w.line(f"Level at {d['score']}: overtime from {d['first_period']} in Neutral.")
    elif t == "tiebreak":
        turns = _d(d["top_turns"])
        who = d.get("winner") or "nobody"
        w.line(f"Still level; top turns in overtime Red {turns['Red']}, Green {turns['Green']}: {who} "
               "held top longer.")
    elif t == "match_end" and d.get("method") == "safety-cap":
        w.line(f"Final score {d['score']} (Red-Green), {d['reason']}: the safety cap stops the match without "
               "a winner.")
    elif t == "match_end":
        w.line(f"Final score {d['score']} (Red-Green).")
