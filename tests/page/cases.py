"""Seeded random matches of every game, as the page is asked to play them: the request (the
validated sides' JSON, the entries, options, players) and the record the server writes."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from turnbuckle.core.events import Choice, Draw, Roll
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.render import render_json
from turnbuckle.core.sources import Request, SeededSource
from turnbuckle.core.step import play_step
from turnbuckle.rulesets.registry import get_ruleset

GAMES = ("boxing", "deathmatch", "folkstyle", "headlock", "matchmatch")


class PickingSource(SeededSource):
    """Seeded dice and cards, and seeded picks among the options: a person choosing at random."""

    kind = "ask"
    gives_choices = True

    def choose(self, options: Sequence[str], request: Request) -> str:
        return options[self.below(len(options))]


def entries_of(record: MatchRecord) -> list[str]:
    """What a score keeper entered: every face, every card, every choice a person made."""
    out: list[str] = []
    for e in record.events:
        if isinstance(e, Roll):
            out += [str(f) for f in e.faces]
        elif isinstance(e, Draw):
            out.append(e.card)
        elif isinstance(e, Choice) and e.by == "human":
            out.append(e.chosen)
    return out


#: MatchMatch's bundled match types and referees (the page reads them from its zip, as JSON).
_MM_TYPES = ("standard", "cage", "strap", "scaffold")
_MM_REFEREES = ("", "Sam Atan", "Myron Opia", "Stan Model", "Bill Order", "Zero Tolerance")


def _options(game: str, seed: int) -> dict[str, Any]:
    """A short Deathmatch (its matches are long to replay); MatchMatch's match types and referees in turn."""
    if game == "deathmatch":
        return {"max_rounds": 6}
    if game == "matchmatch":
        return {"type": _MM_TYPES[seed % len(_MM_TYPES)], "referee": _MM_REFEREES[seed % len(_MM_REFEREES)]}
    return {}


def cases(game: str, count: int) -> list[tuple[str, str]]:
    """``count`` seeded matches of ``game``: (the page's request as JSON, the server's record text).
    Each draws two of the game's samples; every other match has people choosing where the game
    lets them (their choices are entries too)."""
    rs = get_ruleset(game)
    sheets = [rs.load_text(s.text, s.id) for s in rs.samples()]
    out: list[tuple[str, str]] = []
    for seed in range(count):
        pick = SeededSource(1000 + seed)
        a = pick.below(len(sheets))
        b = pick.below(len(sheets) - 1)
        sides = [sheets[a], sheets[b + (b >= a)]]
        humans = seed % 2 == 1 and "human" in rs.info.player_kinds
        players: dict[int, str] = {0: "human", 1: "human"} if humans else {}
        options = _options(game, seed)
        played = rs.run(sides, PickingSource(seed), options, players)
        entries = entries_of(played)
        step = play_step(rs, sides, entries, options, players, narrate=False)
        assert step.record is not None, f"{game} seed {seed}: the entries did not finish the match"
        request = {"game": game, "sides": [rs.side_json(s) for s in sides], "entries": entries,
                   "options": options, "players": {str(k): v for k, v in players.items()}, "narrate": False}
        out.append((json.dumps(request, ensure_ascii=False), render_json(step.record)))
    return out
