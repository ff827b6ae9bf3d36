"""What a MatchMatch match gives a league's posts: the public facts of a match on an open card
(the referee and its DQ threshold, the match type and what it changes, the rounds), and a short
account of a played match from its events (the rounds, the biggest swing with the winner's own
words for it, near falls, injuries, a DQ threshold dropping, the finish)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from turnbuckle.core.errors import RulesError
from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.options import OptionValue
from turnbuckle.core.registry import Fact
from turnbuckle.core.versions import at_least
from turnbuckle.rulesets.matchmatch.briefing import type_facts
from turnbuckle.rulesets.matchmatch.options import match_options
from turnbuckle.rulesets.matchmatch.rounds import DEFAULT_DQ_THRESHOLD, near_words

#: The rules version from which a match type's own finish (escape, four corners, ten count) wins it.
TYPE_FINISH_FROM = "1.3"
#: Injuries a short account names before "and N more".
MAX_INJURIES = 3

QUOTE_CHARS = 160


def card_facts(options: Mapping[str, OptionValue]) -> list[Fact]:
    """The referee and its DQ threshold (with the match type's change), the match type, the rounds."""
    mo = match_options(options)
    change = mo.match_type.dq_threshold_change
    if mo.referee_rolled:
        facts = [Fact("Referee", "rolled on 2d6 when the bell rings")]
    else:
        ref = mo.referee
        base = ref.dq_threshold if ref else DEFAULT_DQ_THRESHOLD
        who = f"{ref.name}{f' ({ref.type})' if ref.type else ''}" if ref else "none named"
        here = f"; {base + change} in this match type" if change else ""
        facts = [Fact("Referee", f"{who}: DQ on {base} or more on 2d6{here} (a side's Ref Slack raises its own)")]
    return facts + type_facts(mo.match_type) + [Fact("Rounds", str(mo.rounds))]


def type_finish(record: MatchRecord) -> str:
    """The method by which the match type of ``record`` is won (the Cage's "escape", the Strap's
    "four corners", the Scaffold's "ten count", an organiser's own) where its rules version plays
    it; "" for a type won by pin, submission or count-out."""

    try:
        finish = match_options(record.options).match_type.finish
        return finish if at_least(record.ruleset_version, TYPE_FINISH_FROM) else ""
    except (RulesError, KeyError, ValueError):
        return ""


def automatic_sides(events: Sequence[object]) -> set[str]:
    """The sides the automatic player wrestled for (their notes are its stock words, not theirs)."""
    return {str(e.data["side"]) for e in events if isinstance(e, Happening) and e.type == "side" and e.data.get("auto")}


def plain_words(words: object) -> str:
    """The automatic player's stock note, trimmed, without quotation marks (its words are no side's)."""
    text = " ".join(str(words or "").split()).strip("\"'\u201c\u201d .")
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS - 1].rstrip() + "\u2026"


def quoted(words: object) -> str:
    """A side's own words, trimmed, in quotation marks (empty for none)."""
    text = " ".join(str(words or "").split()).strip("\"'\u201c\u201d ")
    if not text:
        return ""
    return "\u201c" + (text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS - 1].rstrip() + "\u2026") + "\u201d"


def sentence(text: str) -> str:
    """``text`` ending in a full stop, unless a quotation already ends it with one."""
    return text if text.endswith((".\u201d", "!\u201d", "?\u201d", "\u2026\u201d")) else text + "."


def _names(names: Sequence[str]) -> str:
    return " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]


def _rounds(rounds: Sequence[object]) -> str:
    nums = [str(r) for r in rounds]
    return "round " + nums[0] if len(nums) == 1 else "rounds " + ", ".join(nums[:-1]) + " and " + nums[-1]


def short_account(record: MatchRecord) -> list[str]:
    """Three to six sentences, in the order the match went."""
    ev = [e for e in record.events if isinstance(e, Happening)]
    start = next((e.data for e in ev if e.type == "match_start"), {})
    played = sum(1 for e in ev if e.type == "round_start")
    said = {(e.data["round"], e.data["side"]): e.data.get("notes") for e in ev if e.type == "action"}
    kind = str(start.get("match_type") or "match").lower()
    ref = f", refereed by {start['referee']}" if start.get("referee") else ""
    opener = (f"{_names(record.names)} went {played} round{'s' if played != 1 else ''} in a "
              f"{kind}{ref}.")
    story: list[tuple[int, str]] = []  # (priority: lower is kept first, sentence)
    used: set[str] = set()  # a quotation said once
    auto = automatic_sides(ev)
    wins = [e.data for e in ev if e.type == "round_won"]
    if wins:
        big = max(wins, key=lambda d: (int(str(d["margin"])), -int(str(d["round"]))))
        if str(big["winner"]) in auto:
            plan = plain_words(big.get("explanation"))
            words = f", on the automatic player's plan ({plan})" if plan else ""
        else:
            said_big = quoted(big.get("explanation"))
            if int(str(big["margin"])) >= 3:
                used.add(said_big)
            words = f", {said_big}" if said_big else ""
        if int(str(big["margin"])) >= 3:
            story.append((2, sentence(f"The biggest swing came in round {big['round']}: {big['winner']} took it "
                                      f"by {big['margin']}" + words)))
    if wins:
        tally: dict[str, int] = {}
        for d in wins:
            tally[str(d["winner"])] = tally.get(str(d["winner"]), 0) + 1
        board = sorted(tally.items(), key=lambda kv: -kv[1])
        story.append((6, "Rounds won: " + ", ".join(f"{who} {n}" for who, n in board) + "."))
    near: dict[tuple[str, str], list[object]] = {}
    for e in ev:
        if e.type == "victory_check" and e.data.get("count") == 2:
            near.setdefault((str(e.data["side"]), str(e.data["on"])), []).append(e.data["round"])
    if near:
        finish = type_finish(record)
        parts = [(near_words(finish, who, on) if finish else f"{who} had {on} down for two") + f" in {_rounds(rs)}"
                 for (who, on), rs in near.items()]
        story.append((3, "; ".join(parts[:2]) + ("; and more near misses besides" if finish and len(parts) > 2
                                                  else "; and more near falls besides" if len(parts) > 2 else "")
                      + "."))
    hurt = [e.data for e in ev if e.type == "injury_check" and e.data.get("injured") is True]
    if hurt:
        parts = [f"{d.get('member') or d['side']} in round {d['round']}" for d in hurt[:MAX_INJURIES]]
        more = len(hurt) - MAX_INJURIES
        if more > 0:
            parts.append(f"{more} more")
        story.append((4, f"Injured: {_names(parts)}."))
    drops = [e.data for e in ev if e.type == "attack" and isinstance(e.data.get("dq_threshold_after"), int)
             and isinstance(e.data.get("dq_threshold"), int)
             and int(str(e.data["dq_threshold_after"])) < int(str(e.data["dq_threshold"]))]
    if drops:
        d = drops[-1]
        story.append((5, f"The referee's patience wore thin: {d['side']} would be disqualified on "
                         f"{d['dq_threshold_after']} or more from round {d['round']} on."))
    end = next((e.data for e in reversed(ev) if e.type in ("finish", "disqualified")), None)
    if end is not None and "winner" in end:
        said_now = said.get((end["round"], end["winner"]))
        if str(end["winner"]) in auto:
            plan = plain_words(said_now)
            if plan:
                story.append((1, f"{end['winner']} finished it as the automatic player had planned ({plan})."))
        else:
            words = quoted(said_now)
            if words and words not in used:
                story.append((1, sentence(f"{end['winner']} called the finish {words}")))
    elif end is not None:
        said_now = said.get((end["round"], end["side"]))
        if str(end["side"]) in auto:
            plan = plain_words(said_now)
            if plan:
                story.append((1, sentence(f"The automatic player's plan for {end['side']} in round {end['round']} "
                                          f"({plan}) was one step too far for the referee")))
        else:
            words = quoted(said_now)
            if words and words not in used:
                story.append((1, f"{end['side']}'s {words} in round {end['round']} was one step too far for the "
                                 "referee."))
    summary = record.result.summary or f"It ended by {record.result.method}."
    kept = sorted(story, key=lambda p: p[0])[:4]
    middle = [text for _, text in sorted(kept, key=lambda p: story.index(p))]
    return [opener, *middle, summary]
