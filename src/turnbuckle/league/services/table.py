"""Table matches: a match played at a real table with the score keeper (or ``turnbuckle match
--dice ask``), saved to the league by the organiser.

A table match has no committed seed: its dice were entered (or rolled by the server when asked),
so all anyone can check is that its entries replay to its record. The service never trusts the
record it is given: it plays the entries again through the engine, on the sides, options and
players the record names, and refuses a record that does not come out identical. A saved match
counts in won/lost/drawn records and ratings; it moves no Push Levels, injuries or titles, which
belong to shows (docs/decisions.md).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from turnbuckle import __version__
from turnbuckle.core.errors import EntryError, RulesError
from turnbuckle.core.events import Choice, Draw, Roll
from turnbuckle.core.jsondiff import first_difference
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.record_json import record_from_json
from turnbuckle.core.step import play_step
from turnbuckle.league import canonical
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.models import Competitor, TableMatch, TableMatchSide
from turnbuckle.league.services.roster import DEFAULT_MU, DEFAULT_SIGMA, competitor, new_uid
from turnbuckle.league.services.standing import count_outcome, outcomes, rate
from turnbuckle.rulesets.registry import get_ruleset

#: The most entries a table match may carry (as the score keeper allows).
MAX_ENTRIES = 50_000
#: What names "nobody of the league" for a side.
NOT_IN_LEAGUE = ("", "none", "-")
#: A match's key from the phone that played it offline: random letters, digits, ``-`` and ``_``.
KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")


class TableMatchRefused(LeagueError):
    """A table match the league will not take; ``problems`` holds one line for each refusal."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


@dataclass(frozen=True)
class Group:
    """One answer as entered: its tokens (a roll's faces, a card, a choice) and, for an answer the
    server rolled or drew ("roll for me"), the seed it drew it from."""

    answer: tuple[str, ...]
    seed: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"answer": list(self.answer), "seed": self.seed}


def read_groups(raw: object) -> list[Group]:
    """The entries as stored or posted: a list of answers, each ``{"answer": [...], "seed": n|null}``,
    a bare list of tokens (or one token), or a :class:`Group`. A RulesError says what is wrong."""
    if not isinstance(raw, list):
        raise RulesError("the entries must be a list of answers")
    groups: list[Group] = []
    count = 0
    for i, item in enumerate(raw, 1):
        if isinstance(item, Group):
            item = item.to_json()
        seed: object = None
        tokens: object = item
        if isinstance(item, dict):
            tokens, seed = item.get("answer"), item.get("seed")
        if isinstance(tokens, (str, int)):
            tokens = [tokens]
        if not isinstance(tokens, list) or not tokens or not all(isinstance(t, (str, int)) for t in tokens):
            raise RulesError(f"answer {i} of the entries is not a list of faces, a card or a choice")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise RulesError(f"answer {i} of the entries has a seed that is not a whole number")
        count += len(tokens)
        if count > MAX_ENTRIES:
            raise RulesError(f"over {MAX_ENTRIES:,} entries; a match never needs that many")
        groups.append(Group(tuple(str(t) for t in tokens), seed))
    return groups


def answers_from_record(record: dict[str, Any]) -> list[Group]:
    """The answers a record's own events hold, as the table would have typed them: each roll's faces
    together, each card, each choice made by a person or a script (a record written by ``turnbuckle
    match ... --dice ask`` has no other entries). The save still replays them to the record."""
    try:
        events = record_from_json(record).events
    except RulesError as exc:
        raise TableMatchRefused([f"the record does not read: {exc}"]) from None
    out: list[Group] = []
    for e in events:
        if isinstance(e, Roll):
            out.append(Group(tuple(str(f) for f in e.faces)))
        elif isinstance(e, Draw):
            out.append(Group((str(e.card),)))
        elif isinstance(e, Choice) and e.by in ("script", "human"):
            out.append(Group((str(e.chosen),)))
    return out


def flat(groups: Sequence[Group]) -> list[str]:
    return [t for g in groups for t in g.answer]


def replay_entries(record: dict[str, Any], groups: Sequence[Group]) -> tuple[MatchRecord | None, str]:
    """Play the entries again on the setup the record names: (the replayed record, "") when it
    comes out identical to ``record``, else (None, what is wrong), one line."""
    try:
        posted = record_from_json(record)
        rs = get_ruleset(posted.ruleset)
    except RulesError as exc:
        return None, f"the record does not read: {exc}"
    if posted.ruleset_version not in rs.info.playable_versions:
        return None, (f"the record was played under {posted.ruleset} {posted.ruleset_version}; this turnbuckle plays "
                      f"{', '.join(rs.info.playable_versions)}, so it cannot be replayed as played")
    try:
        sides = [rs.load_side(sheet, f"side {i + 1} of the record") for i, sheet in enumerate(posted.sheets)]
        step = play_step(rs, sides, flat(groups), dict(posted.options), dict(posted.players), narrate=False,
                         version=posted.ruleset_version)
    except EntryError as exc:
        return None, f"the entries do not replay: {exc}"
    except RulesError as exc:
        return None, f"the record does not set up a match: {exc}"
    if step.record is None:
        what = step.need.purpose if step.need is not None else "another entry"
        return None, f"the match is not finished: after {len(step.entries)} entries it still asks for {what}"
    stored = json.loads(canonical.canonical_json(record))
    again = json.loads(canonical.canonical_json(step.record.to_json()))
    again["turnbuckle_version"] = stored.get("turnbuckle_version")  # which turnbuckle played it is not replayed
    if stored != again:
        return None, f"the record does not replay from its entries ({first_difference(stored, again)})"
    return step.record, ""


def saved_with_key(ctx: Ctx, key: str) -> TableMatch | None:
    """The league's table match saved with the phone's ``key``, if one was."""
    found: TableMatch | None = ctx.session.scalars(
        select(TableMatch).where(TableMatch.league_id == ctx.league.id, TableMatch.client_key == key)).first()
    return found


def check_key(key: str) -> str:
    """``key`` as given, when it is a key a phone makes; else the refusal says what one looks like."""
    if not KEY.fullmatch(key):
        raise TableMatchRefused(["the match's key must be 16 to 64 letters, digits, '-' or '_' "
                                 "(the keeper makes one for each match it plays offline)"])
    return key


def save_table_match(ctx: Ctx, record: dict[str, Any], entries: object,
                     sides: Sequence[str | None], key: str | None = None) -> TableMatch:
    """Save a finished table match: ``record`` as docs/json-format.md, ``entries`` its answers (see
    :func:`read_groups`), ``sides`` for each side of the record a competitor (name, id or uid) of its
    game or None for someone not in the league. The organiser only; every refusal is listed.
    With ``key`` (a match the phone kept offline), a match already saved with that key is the
    answer and nothing is saved again: a phone that sends it twice saves it once."""
    ctx.require_organiser("save table matches to the league")
    if key is not None:
        earlier = saved_with_key(ctx, check_key(key))
        if earlier is not None:
            return earlier
    problems: list[str] = []
    try:
        groups = read_groups(entries)
    except RulesError as exc:
        raise TableMatchRefused([str(exc)]) from None
    played, why = replay_entries(record, groups)
    if played is None:
        raise TableMatchRefused([why])
    if len(sides) != len(played.names):
        raise TableMatchRefused([f"the match has {len(played.names)} sides; name a competitor (or none) for each, "
                                 f"{len(sides)} given"])
    comps: list[Competitor | None] = []
    seen: dict[int, int] = {}
    for i, named in enumerate(sides, 1):
        if named is None or named.strip().lower() in NOT_IN_LEAGUE:
            comps.append(None)
            continue
        try:
            comp = competitor(ctx, named)
        except LeagueError as exc:
            problems.append(f"side {i} ({played.names[i - 1]}): {exc}")
            comps.append(None)
            continue
        if comp.ruleset != played.ruleset:
            problems.append(f"side {i} ({played.names[i - 1]}): {comp.name} is a {comp.ruleset} competitor; "
                            f"this match is {played.ruleset}")
        if comp.id in seen:
            problems.append(f"side {i} ({played.names[i - 1]}): {comp.name} already takes side {seen[comp.id]}; "
                            "a competitor takes one side")
        seen.setdefault(comp.id, i)
        comps.append(comp)
    if not problems and not any(comps):
        problems.append("no side is a league competitor; pick one for at least one side")
    if problems:
        raise TableMatchRefused(problems)
    if key is None:
        return _store(ctx, played, groups, comps, None)
    try:
        with ctx.session.begin_nested():  # two sends at once: the second meets the first's key
            return _store(ctx, played, groups, comps, key)
    except IntegrityError:
        earlier = saved_with_key(ctx, key)
        if earlier is None:
            raise
        return earlier


def _store(ctx: Ctx, played: MatchRecord, groups: Sequence[Group], comps: Sequence[Competitor | None],
           key: str | None) -> TableMatch:
    winner = played.result.winner
    match = TableMatch(uid=new_uid(), league_id=ctx.league.id, ruleset=played.ruleset,
                       ruleset_version=played.ruleset_version, package_version=__version__,
                       entries=[g.to_json() for g in groups], record=played.to_json(), winner_index=winner,
                       method=played.result.method, saved_by=ctx.actor.id, saved_at=ctx.now(), client_key=key)
    ctx.session.add(match)
    ctx.session.flush()
    placings = list(played.result.placings) or None
    before = [(c.rating_mu, c.rating_sigma) if c is not None else (DEFAULT_MU, DEFAULT_SIGMA) for c in comps]
    after = rate(before, winner, placings)
    for i, (comp, out) in enumerate(zip(comps, outcomes(winner, len(comps)), strict=True)):
        side = TableMatchSide(table_match_id=match.id, index=i, name=played.names[i], outcome=out,
                              competitor_id=comp.id if comp is not None else None)
        if comp is not None:
            side.mu_before, side.sigma_before = comp.rating_mu, comp.rating_sigma
            side.mu_after, side.sigma_after = after[i]
            comp.rating_mu, comp.rating_sigma = after[i]
            count_outcome(comp, out)
        ctx.session.add(side)
    ctx.session.flush()
    return match
