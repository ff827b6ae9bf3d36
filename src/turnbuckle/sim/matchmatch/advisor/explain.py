"""``explain``: why a finished MatchMatch match was won or lost.

From the record alone: the pre-match odds of its exact setup (both strategies as played, the
referee, the match type and the grid as they were), how lucky the result was, each side's win
probability after every round from many continuations of the match from that round's state
(``continuation.py``: the fast engine plays on from the state the record gives), the rounds that
swung it most, named from their events, and what the advisor's strategy would have given the
losing side against the same opponent strategy, from a search of a stated size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.replay import replay
from turnbuckle.rulesets.matchmatch.side import Side
from turnbuckle.rulesets.matchmatch.styles import abbreviation, title
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.sim.advice import Fraction
from turnbuckle.sim.matchmatch.advisor.advise import advise
from turnbuckle.sim.matchmatch.advisor.continuation import continuation, last_round, states
from turnbuckle.sim.matchmatch.advisor.judge import limits_for
from turnbuckle.sim.matchmatch.advisor.rivals import auto_plan
from turnbuckle.sim.matchmatch.advisor.space import to_strategy
from turnbuckle.sim.matchmatch.fast import run_setup
from turnbuckle.sim.matchmatch.tables import Setup
from turnbuckle.sim.stats import Z95

#: Matches of the pre-match odds.
PRE_MATCH_N = 200_000
#: Continuations from each round's state (the default): about +-0.7 points at 95%.
CONTINUATIONS = 20_000
#: The advisor's search for the alternative strategy (matches, the default).
ALTERNATIVE_BUDGET = 200_000
#: Swings named.
SWINGS = 3


@dataclass(frozen=True)
class RoundOdds:
    round: int
    win: tuple[float, ...]  # each side's win probability after this round
    draw: float
    what: str  # what happened in the round, in a few words


@dataclass
class Explanation:
    names: tuple[str, ...]
    result: str
    winner: int | None
    pre_match: tuple[float, ...]
    pre_match_draw: float
    pre_match_n: int
    luck: float
    rounds: list[RoundOdds]
    half_width: float
    continuations: int
    swings: list[dict[str, Any]]
    alternative: dict[str, Any] = field(default_factory=dict)

    def json(self) -> dict[str, Any]:
        return {
            "format": "turnbuckle.explain/1",
            "ruleset": "matchmatch",
            "sides": list(self.names),
            "result": self.result,
            "pre_match": {"matches": self.pre_match_n, "win": dict(zip(self.names, self.pre_match, strict=True)),
                          "draw": self.pre_match_draw},
            "luck": self.luck,
            "continuations": self.continuations,
            "half_width_95": self.half_width,
            "rounds": [{"round": r.round, "win": dict(zip(self.names, r.win, strict=True)), "draw": r.draw,
                        "what": r.what} for r in self.rounds],
            "swings": self.swings,
            "alternative": self.alternative,
        }

    def text(self) -> str:
        a, b = self.names
        out = [f"{a} vs. {b}: {self.result}", ""]
        out.append(f"Pre-match odds of this exact setup ({self.pre_match_n:,} matches): {a} {_pct(self.pre_match[0])}, "
                   f"{b} {_pct(self.pre_match[1])}, draw {_pct(self.pre_match_draw)}.")
        if self.winner is not None:
            out.append(f"Luck: {self.names[self.winner]} had a {_pct(self.luck)} chance of a result at least this "
                       "good before the bell.")
        else:
            out.append(f"Luck: a draw had a {_pct(self.luck)} chance before the bell.")
        out += ["", f"Win probability after each round ({self.continuations:,} continuations from the round's "
                f"state, within +-{100 * self.half_width:.1f} points at 95%):",
                f"  {'round':>5}  {a[:18]:>18}  {b[:18]:>18}  what happened"]
        for r in self.rounds:
            out.append(f"  {r.round:>5}  {_pct(r.win[0]):>18}  {_pct(r.win[1]):>18}  {r.what}")
        if self.swings:
            out += ["", "Biggest swings:"]
            out += [f"  {s['text']}" for s in self.swings]
        alt = self.alternative
        if alt and not alt.get("found_better", True):
            out += ["", f"The advisor found no strategy measurably better for {alt['side']} against the same opponent "
                    f"strategy than the one played (a search of {alt['search_matches']:,} matches; its best "
                    f"measured {_pct(alt['advised_win'])} to win on {alt['measured_matches']:,} fresh matches, "
                    f"against {_pct(alt['played_win'])} with the strategy played)."]
        elif alt:
            out += ["", f"The advisor's alternative for {alt['side']} against the same opponent strategy (a search "
                    f"of {alt['search_matches']:,} matches, measured on {alt['measured_matches']:,} fresh ones): "
                    f"{_pct(alt['advised_win'])} to win, against {_pct(alt['played_win'])} with the strategy "
                    "played.", "", alt["strategy"].rstrip()]
        return "\n".join(out) + "\n"

    def markdown(self) -> str:
        lines = self.text().splitlines()
        return "## " + lines[0] + "\n\n```text\n" + "\n".join(lines[2:]) + "\n```\n"


def measurably_better(found: float, found_n: int, played: float, played_n: int) -> bool:
    """Whether the share ``found`` beats ``played`` beyond the noise of the two measurements (95%,
    each on its own matches): the plan played, found again, measures the same within it and is
    not offered as an alternative.

    >>> measurably_better(0.302, 200_000, 0.302, 200_000), measurably_better(0.59, 200_000, 0.49, 200_000)
    (False, True)
    """
    noise = Z95 * math.sqrt(found * (1 - found) / found_n + played * (1 - played) / played_n)
    return found - played > noise


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def _sides(record: MatchRecord) -> list[Side]:
    rs = get_ruleset(record.ruleset)
    sides = [rs.load_side(sheet, f"side {i + 1} of the record") for i, sheet in enumerate(record.sheets)]
    if not all(isinstance(s, Side) for s in sides):
        raise RulesError("the record's sides are not MatchMatch sides")
    return sides


def _options(record: MatchRecord) -> dict[str, Any]:
    """The record's options with the grid as it was (a rolled grid fixed to what was rolled)."""
    opts = dict(record.options)
    for e in record.events:
        if isinstance(e, Happening) and e.type == "match_start":
            rows: Any = e.data["grid"]
            opts["grid"] = " / ".join(" ".join(abbreviation(str(s)) for s in row) for row in rows)
            if str(opts.get("referee", "")).strip().lower() == "roll" and e.data.get("referee"):
                opts["referee"] = str(e.data["referee"])
    return opts


def _check_replays(record: MatchRecord) -> None:
    """A RulesError unless the record plays again as it reads: the explanation is read from its
    events, so a record cut short or edited by hand (valid JSON still) would be explained wrongly."""

    found = replay(get_ruleset(record.ruleset), record)
    if not found.identical:
        where = (found.problem if found.problem else "in its result" if found.index is None
                 else f"at event {found.index + 1} of {found.events}")
        raise RulesError(f"the record does not play again as it reads (it differs {where}): it was cut short or "
                         "edited, so it cannot be explained; `turnbuckle replay` shows the difference")


def _shares(setup: Setup, n: int, seed: int, threads: int | None) -> tuple[tuple[float, float], float]:
    t = run_setup(setup, n, seed, threads=threads)
    return (t.wins(0) / n, t.wins(1) / n), t.draws() / n


def _tie(events: list[Happening]) -> str:
    """A tied round's checks for victory, in a few words: after a tie both sides go for the win
    (the rules' IV.2.f), so say whose cover missed (and by how much) and who got the three."""
    checks: list[Any] = [e.data for e in events if e.type == "victory_check"]
    finish: Any = next((e.data for e in events if e.type == "finish"), None)
    missed = [f"{d['side']}'s cover " + ("got no count" if int(d["count"]) == 0 else f"got only a {d['count']} count")
              for d in checks if int(d.get("count", 0)) < 3]
    if any(e.type == "double_count_out" for e in events):
        return "a tie at the top; both went for the win and both got it: a double count-out"
    if finish is None:
        return "a tie at the top; both went for the win" + (f": {', '.join(missed)}" if missed else "")
    won = (f"{finish['winner']} got the three" if finish["method"] == "pinfall"
           else f"{finish['winner']} won it by {finish['method']}")
    natural = any(d.get("natural") and d["side"] == finish["winner"] for d in checks)
    return (f"a tie at the top; both went for the win: {', '.join([*missed, won])}"
            + (" (a natural 18)" if natural else ""))


def _what(record: MatchRecord, round_no: int) -> str:
    """A round in a few words, from its events."""
    parts: list[str] = []
    events = [e for e in record.events if isinstance(e, Happening) and e.data.get("round") == round_no]
    tied = any(e.type == "round_tied" for e in events)
    if tied:
        parts.append(_tie(events))
    for e in events:
        d: Any = e.data
        if tied and e.type in ("round_tied", "victory_check", "finish", "double_count_out"):
            continue
        if e.type == "round_won":
            kind = str(d.get("round_type", "normal")).replace("_", " ")
            parts.append(f"{d['winner']} won it by {d['margin']} ({kind}, {title(str(d['style']))})")
        elif e.type == "damage" and int(d["damage"]) >= 3:
            parts.append(f"{d['damage']} damage to {d['side']}'s {title(str(d['target']))}")
        elif e.type == "injury_check" and d.get("injured"):
            parts.append(f"{d['side']} injured")
        elif e.type == "victory_check" and d.get("natural"):
            parts.append(f"a natural {d['roll']} on {d['side']}'s victory check")
        elif e.type == "victory_check" and int(d.get("count", 0)) == 2:
            parts.append(f"a 2 count for {d['side']}")
        elif e.type == "disqualified":
            parts.append(f"{d.get('side', 'a side')} disqualified")
        elif e.type == "finish":
            parts.append(f"{d['winner']} wins by {d['method']}")
    return "; ".join(parts) or "no winner of the round"


def explain(record: MatchRecord, *, seed: int, budget_matches: int = ALTERNATIVE_BUDGET,
            continuations: int = CONTINUATIONS, threads: int | None = None,
            progress: Fraction | None = None) -> Explanation:
    if record.ruleset != "matchmatch":
        raise RulesError(f"this explains MatchMatch records, not {record.ruleset}")
    if len(record.names) != 2:
        raise RulesError("explain takes a two-sided match; this record has "
                         f"{len(record.names)} sides")
    rs = get_ruleset("matchmatch")
    if record.ruleset_version != rs.info.version:
        raise RulesError(f"the record was played under MatchMatch {record.ruleset_version}; explain plays the current "
                         f"rules ({rs.info.version}) on the fast engine")
    if continuations < 100:
        raise RulesError(f"--continuations {continuations}: give at least 100")
    _check_replays(record)
    sides = _sides(record)
    options = _options(record)
    base = Setup.of(sides, options)
    try:
        found = states(record)
    except (ValueError, KeyError, IndexError, TypeError) as exc:  # a replayed record reads; this is a guard
        raise RulesError(f"the record's events cannot be read as a match: {exc}") from None
    total_steps = len(found) + 2

    def tick(done: int) -> None:
        if progress is not None:
            progress(done / total_steps)

    # Pre-match: the exact setup (state 0: the grid and referee as they were).
    pre, pre_draw = _shares(continuation(base, found[0]), PRE_MATCH_N, seed, threads)
    tick(1)
    winner = record.result.winner
    luck = pre[winner] if winner is not None else pre_draw
    last = last_round(record)
    rows: list[RoundOdds] = []
    before = (pre[0], pre[1])
    swings: list[tuple[float, int, float, float]] = []
    for k in range(1, last + 1):
        if k < len(found):
            win, draw = _shares(continuation(base, found[k]), continuations, seed + k, threads)
        else:  # the last round played: its result is the match's
            win = (1.0 if winner == 0 else 0.0, 1.0 if winner == 1 else 0.0)
            draw = 1.0 if winner is None else 0.0
        rows.append(RoundOdds(k, (win[0], win[1]), draw, _what(record, k)))
        focus = winner if winner is not None else 0
        swings.append((abs(win[focus] - before[focus]), k, before[focus], win[focus]))
        before = (win[0], win[1])
        tick(1 + k)
    focus = winner if winner is not None else 0
    named = []
    for size, k, p0, p1 in sorted(swings, reverse=True)[:SWINGS]:
        if size < 0.005:
            continue
        end = "a win" if p1 == 1.0 else "a loss" if p1 == 0.0 and winner is not None else _pct(p1)
        text = (f"round {k}: {rows[k - 1].what} turned {_pct(p0)} into {end} for {record.names[focus]}")
        named.append({"round": k, "before": p0, "after": p1, "text": text})
    half = Z95 * math.sqrt(0.25 / continuations)
    # The advisor's alternative for the side that lost (the first side after a draw).
    asking = 1 - winner if winner is not None else 0
    other = 1 - asking
    known = list(sides)
    if known[other].strategy is None:
        plan = auto_plan(sides, other, options)
        s = known[other]
        known[other] = Side(s.name, s.sheet, s.members, to_strategy(plan, limits_for(sides, other, options)))
    advice = advise(known, asking, options, seed=seed, budget_matches=budget_matches, measure_n=PRE_MATCH_N,
                    threads=threads)
    advised_win, n = advice.advised[0].share, advice.advised[0].n
    alternative = {"side": record.names[asking], "strategy": advice.strategy_text,
                   "search_matches": advice.search["matches"], "budget_matches": budget_matches,
                   "measured_matches": n, "advised_win": advised_win, "played_win": pre[asking],
                   "found_better": measurably_better(advised_win, n, pre[asking], PRE_MATCH_N)}
    tick(total_steps)
    return Explanation(tuple(record.names), record.result.summary or record.result.method, winner, pre, pre_draw,
                       PRE_MATCH_N, luck, rows, half, continuations, named, alternative)
