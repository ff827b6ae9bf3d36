"""What verify recomputes of a show's standings changes: every Push Level move and every
injury point a match gave follow from its record (who won, each injury check), so each is worked out
again and compared with the export's. The levels and injuries a competitor came into the show with are
taken as recorded (the organiser's hand awards happen between shows and are inputs); within the show
each change must start where the last one left off. Findings are one line each."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from turnbuckle.core.push import Push
from turnbuckle.league.game_rules import exported_rules

_MATCH = re.compile(r"^match (\d+):")

#: What no check page can check: said on every one (verify's output, the show page, the archive).
NOT_CHECKED = (
    "the write-up, the match notes and the competitors' names are the organiser's words: shown as recorded, "
    "not checked",
    "the Push awards the organiser gave by hand are inputs: taken as recorded (each show's moves start from "
    "the levels its competitors came in with)",
    "a table match has no committed seed: its entries are replayed to its record, not how its dice fell",
)


def _position(e: dict[str, Any]) -> int | None:
    if isinstance(e.get("match"), int):
        return int(e["match"])
    found = _MATCH.match(str(e.get("reason", "")))
    return int(found.group(1)) if found else None


def _members(data: dict[str, Any]) -> dict[str, list[str]]:
    return {str(c["uid"]): [str(x) for x in c.get("members") or []] for c in data.get("competitors", [])}


def _movers(members: dict[str, list[str]], uid: str) -> list[str]:
    return members.get(uid) or [uid]


def _keeps_push(ruleset: str) -> bool:
    """Does a match of this game move Push Levels and give injury points (its league rules say)? A
    game this turnbuckle does not know moves none."""
    return exported_rules(ruleset).push_levels


def _winner(record: dict[str, Any]) -> int | None:
    names = [str(sd.get("name")) for sd in record.get("sides", [])]
    winner = record.get("result", {}).get("winner")
    return names.index(str(winner)) if winner is not None and str(winner) in names else None


def check_push(data: dict[str, Any], s: dict[str, Any], findings: list[str], notes: list[str]) -> None:
    """Each Push change of the show is the move its match's result gives (Part II, as the run applies
    it: standing.apply_push), from the level the change before left."""
    from turnbuckle.league.services.standing import (
        push_after,  # lazy: keeps the database library out of `turnbuckle verify`
    )

    where = f"show {s['number']}"
    top = int(data.get("league", {}).get("max_push_level") or 5)
    members = _members(data)
    by_match: dict[int, list[dict[str, Any]]] = {}
    for e in s.get("push_changes", []):
        pos = _position(e)
        if pos is None:
            findings.append(f"{where}: a Push change of {e.get('competitor')} names no match ({e.get('reason')!r})")
            continue
        by_match.setdefault(pos, []).append(e)
    now: dict[str, Push] = {}
    checked = 0
    for m in sorted(s["matches"], key=lambda x: x["position"]):
        if not _keeps_push(str(m["ruleset"])):
            continue
        got = by_match.pop(m["position"], [])
        winner = _winner(m["record"])
        sides = [str(sd["competitor"]) for sd in m["sides"]]
        want_who = [w for uid in sides for w in _movers(members, uid)] if winner is not None else []
        if [str(e["competitor"]) for e in got] != want_who:
            findings.append(f"{where} match {m['position']}: the Push changes are not the result's "
                            f"({len(got)} listed, {len(want_who)} due)")
            continue
        before: dict[str, Push] = {}
        for e in got:
            uid = str(e["competitor"])
            level, points = e["before"]
            before[uid] = Push(int(level), Fraction(str(points)))
            if uid in now and now[uid] != before[uid]:
                findings.append(f"{where} match {m['position']}: {uid}'s Push change does not start where its "
                                "last one left off")
        if winner is None:
            continue
        levels = [max(before[w].level for w in _movers(members, uid)) for uid in sides]
        k = 0
        for i, uid in enumerate(sides):
            for w in _movers(members, uid):
                e = got[k]
                k += 1
                want = push_after(str(m["ruleset"]), before[w], i, winner, levels, top)
                level, points = e["after"]
                if (int(level), Fraction(str(points))) != (want.level, want.points):
                    findings.append(f"{where} match {m['position']}: Push change of {w} is [{level}, {points}], "
                                    f"the result gives [{want.level}, {want.points}]")
                now[w] = Push(int(level), Fraction(str(points)))
                checked += 1
    for pos in by_match:
        findings.append(f"{where}: Push changes listed for match {pos}, which is no MatchMatch match of the show")
    notes.append(f"{where}: {checked} Push Level move(s) recomputed from the results")


def check_injuries(data: dict[str, Any], s: dict[str, Any], findings: list[str], notes: list[str]) -> None:
    """Each injury point a match gave (``injuries``: its injury checks that injured, a team's point to
    the member its die picked: standing.apply_injuries), and each healing roll's starting figure is
    where the show's injuries left the competitor. An export without ``injuries`` (older) is said."""
    from turnbuckle.league.services.standing import (
        injuries_from,  # lazy: keeps the database library out of `turnbuckle verify`
    )

    where = f"show {s['number']}"
    if "injuries" not in s:
        notes.append(f"{where}: this export lists no match injuries (an older format): not recomputed")
        return
    members = _members(data)
    by_match: dict[int, list[dict[str, Any]]] = {}
    for e in s["injuries"]:
        by_match.setdefault(_position(e) or 0, []).append(e)
    now: dict[str, int] = {}
    checked = 0
    for m in sorted(s["matches"], key=lambda x: x["position"]):
        if not _keeps_push(str(m["ruleset"])):
            continue
        got = by_match.pop(m["position"], [])
        names = [str(sd.get("name")) for sd in m["record"].get("sides", [])]
        want: list[tuple[str, int]] = []
        for uid, points in zip([str(sd["competitor"]) for sd in m["sides"]], injuries_from(m["record"], names),
                               strict=False):
            team = members.get(uid) or []
            for who in sorted(set(points), key=lambda x: -1 if x is None else x):
                target = team[who] if who is not None and 0 <= who < len(team) else uid
                want.append((target, points.count(who)))
        listed = [(str(e["competitor"]), int(e["after"]) - int(e["before"])) for e in got]
        if listed != want:
            findings.append(f"{where} match {m['position']}: the injuries listed are not the record's injury "
                            f"checks ({listed} listed, {want} due)")
        for e in got:
            uid = str(e["competitor"])
            if uid in now and now[uid] != int(e["before"]):
                findings.append(f"{where} match {m['position']}: {uid}'s injuries do not start where they were left")
            now[uid] = int(e["after"])
            checked += 1
    for pos in by_match:
        findings.append(f"{where}: injuries listed for match {pos}, which is no MatchMatch match of the show")
    for h in s.get("healing", []):
        uid = str(h["competitor"])
        if uid in now and now[uid] != int(h["before"]):
            findings.append(f"{where}: healing of {uid} starts from {h['before']} injury point(s); the show left "
                            f"{now[uid]}")
    notes.append(f"{where}: {checked} injury change(s) recomputed from the records")


def check_names(s: dict[str, Any], findings: list[str]) -> None:
    """Each match's sides are the card's (the card is the manifest's, hashed at lock)."""
    card = {c["position"]: c for c in s["card"]}
    for m in s["matches"]:
        want = [(str(x["competitor"]), x["name"]) for x in card.get(m["position"], {}).get("sides", [])]
        if [(str(x["competitor"]), x["name"]) for x in m["sides"]] != want:
            findings.append(f"show {s['number']} match {m['position']}: its sides are not the card's")


def check_standings(data: dict[str, Any], s: dict[str, Any], findings: list[str], notes: list[str]) -> None:
    if s.get("seed") is None:
        return
    check_names(s, findings)
    check_push(data, s, findings, notes)
    check_injuries(data, s, findings, notes)
