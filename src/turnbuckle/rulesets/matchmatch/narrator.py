"""The match write-up, from the event log alone: the set-up, each round's style, the players'
explanations, the totals, the damage, the counts and the finish."""

from __future__ import annotations

from collections.abc import Mapping

from turnbuckle.core.events import Happening, Json, Roll
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.writeup import Writeup
from turnbuckle.rulesets.matchmatch.post_text import automatic_sides, type_finish
from turnbuckle.rulesets.matchmatch.rounds import TYPE_TITLES, check_words, specialty_finish_text
from turnbuckle.rulesets.matchmatch.styles import ABBREVIATIONS, TITLES

COUNTS = {0: "no count", 1: "a one count", 2: "a TWO count", 3: "THREE"}
#: The finishes of a won victory check that follow the round type (any other is a match type's own).
ROUND_FINISHES = ("pinfall", "submission", "count-out")


def _t(style: Json) -> str:
    return TITLES.get(str(style), str(style))


def _k(kind: Json) -> str:
    return TYPE_TITLES.get(str(kind), str(kind))


def _totals(d: Json) -> str:
    if isinstance(d, dict):
        return ", ".join(f"{k} {v}" for k, v in d.items())
    return str(d)


def narrate(record: MatchRecord) -> Writeup:
    names = record.names
    w = Writeup(" vs. ".join(names))
    w.line(f"Dice: {record.dice}" + (f", seed {record.seed}" if record.seed is not None else "") + ".")
    rows: list[list[object]] = []
    current: dict[str, object] = {}
    dq_rolls: dict[str, Roll] = {}  # each side's latest DQ check (2d6), for the line that disqualifies
    finish = type_finish(record)  # a type won by its own finish (the Cage's escape): no pin words
    auto = automatic_sides(record.events)
    for e in record.events:
        if isinstance(e, Roll) and e.purpose.endswith("(DQ check)") and e.side is not None:
            dq_rolls[e.side] = e
        if not isinstance(e, Happening):
            continue
        d = e.data
        t = e.type
        if t == "match_start":
            w.heading("Before the bell")
            ref = f"referee {d['referee']} (DQ threshold {d['referee_threshold']})" if d["referee"] else \
                "no named referee (the standard DQ threshold)"
            w.line(f"{d['match_type']}, {d['rounds']}-round time limit, {ref}.")
            grid = d["grid"]
            if isinstance(grid, list):
                w.table(["", "A", "B", "C"],
                        [[str(i + 1), *(ABBREVIATIONS.get(str(s), str(s)) for s in row)]  # type: ignore[union-attr]
                         for i, row in enumerate(grid)], title="The grid")
            picks = f"column {d['column']}" + (" (picked for them)" if d["column_auto"] else "") + \
                f", row {d['row']}" + (" (picked for them)" if d["row_auto"] else "")
            w.line(f"Grid picks: {picks}, so {_t(d['grid_style'])} joins the match.")
            styles = d["style_list"]
            if isinstance(styles, list):
                w.line("Style table (d{}): ".format(d["die"]) +
                       ", ".join(f"{i + 1} {_t(s)}" for i, s in enumerate(styles)) + ".")
        elif t == "side":
            halved = d["halved"]
            cut = f"; halved: {', '.join(_t(s) for s in halved)}" if isinstance(halved, list) and halved else ""
            if "halvings" in d:  # rules 1.3: each halving step, in order
                cut = _halvings(d["halvings"])
            team = d["team"]
            members = f" ({' & '.join(str(m) for m in team)})" if isinstance(team, list) and team else ""
            plus = d["plus"]
            plus_text = " ".join(f"+{_t(s)}" for s in plus) if isinstance(plus, list) else ""
            who = "automatic strategy" if d["auto"] else "strategy"
            w.line(f"{d['side']}{members}: {who} {plus_text} -{_t(d['minus'])}{cut}; Stamina {d['stamina']}, "
                   f"{_carried_in(d.get('injuries'))}, DQ threshold {d['dq_threshold']}.")
        elif t == "round_start":
            w.heading(f"Round {d['round']}: {_t(d['style'])}")
            current = {"round": d["round"], "style": _t(d["style"]), "damage": ""}
        elif t == "action":
            notes = "" if not d["notes"] else f" \u2014 the automatic player's plan: {d['notes']}" \
                if str(d["side"]) in auto else f" \u2014 \"{d['notes']}\""
            changed = f" (wanted {_k(d['wanted'])}, but {d['reason']})" if d["reason"] else ""
            cond = " (a conditional kicks in)" if d["source"] == "conditional" else ""
            w.line(f"{d['side']}: {_k(d['round_type'])} on {_t(d['target'])}{cond}{changed}{notes}")
        elif t == "attack":
            parts = [f"{'+'.join(str(x) for x in d['dice'])}"]  # type: ignore[union-attr]
            if d["counted"] != d["dice"]:
                parts.append(f"counted {d['counted']}")
            if d["extra"]:
                parts.append(f"extra {d['extra']}")
            if d["cheat"]:
                parts.append(f"cheating {d['cheat']}")
            w.line(f"  {d['side']} rolls {', '.join(parts)}, style {d['style_value']}, bonus {d['bonus']}: "
                   f"{d['total']}.")
            dq_line = _dq_check(d, dq_rolls.get(str(d["side"])))
            if dq_line:
                w.line(dq_line)
        elif t == "disqualified":
            w.line(f"  The referee has seen enough: {d['side']} is DISQUALIFIED.")
        elif t == "round_won":
            explanation = f" {d['explanation']}" if d["explanation"] else ""
            w.line(f"{d['winner']} takes the round ({_totals(d['totals'])}), by {d['margin']}.{explanation}")
            current.update(winner=d["winner"], totals=_totals(d["totals"]))
        elif t == "round_tied":
            w.line(f"Dead even ({_totals(d['totals'])}): both take a point.")
            current.update(winner="tie", totals=_totals(d["totals"]))
        elif t == "damage":
            where = _t(d["target"])
            spill = f" ({d['to_stamina']} spills to Stamina)" if d["target"] != "stamina" and d["to_stamina"] else ""
            tail = "" if d["target"] == "stamina" else f", Stamina {d['stamina']}"
            w.line(f"  {d['side']} takes {d['damage']} on {where}{spill}: {where} {d['before']} -> {d['after']}"
                   f"{tail}.")
            hit = f"{d['damage']} to {d['side']} ({where})"
            current["damage"] = f"{current['damage']}; {hit}" if current.get("damage") else hit
        elif t == "lowest_tie":
            w.line(f"  {_names(d['sides'])} tie for the lowest total ({d['total']}): "
                   f"{_roll_off(d['rolls'])}; {d['loser']} loses the round.")
        elif t == "injury_check":
            result = f"INJURED ({d['injuries']} injury point(s))" if d["injured"] else "no injury"
            if d["injured"] and d.get("member_index") is not None:  # rules 1.3: a team's member takes it
                result = f"INJURED: {d['member']} takes the point ({d['injuries']} for the team in this match)"
            w.line(f"  Injury check on {d['side']}: {d['roll']} -> {d['total']}, {result}.")
        elif t == "victory_check":
            natural = " A natural 18!" if d["natural"] else ""
            count = int(str(d["count"]))
            what, how_far = check_words(finish, str(d["side"]), str(d["on"]), count) if finish else \
                (f"{d['side']} covers {d['on']}", COUNTS.get(count, ""))
            w.line(f"  {what}: rolled {d['roll']}, total {d['total']}: {how_far}.{natural}")
            current["count"] = how_far
            if rows and rows[-1][0] == current.get("round"):
                rows[-1][5] = f"{rows[-1][5]} / {current['count']}"
                continue
            rows.append([current.get("round"), current.get("style"), current.get("winner", ""),
                         current.get("totals", ""), current.get("damage", ""), current["count"]])
        elif t == "double_count_out":
            w.line("Both men score the fall at once: a double count-out.")
        elif t == "finish":
            w.heading("The finish")
            if d["method"] in ROUND_FINISHES:
                w.line(f"{d['winner']} beats {d['loser']} by {d['method']} ({_k(d['round_type'])}).")
            else:  # a match type's own finish (rules 1.3), whatever the round type
                w.line(f"{specialty_finish_text(str(d['method']), str(d['winner']), str(d['loser']))}: "
                       f"{d['method']} ({_k(d['round_type'])} round).")
        elif t == "time_limit":
            w.heading("Time limit")
            w.line(f"The bell rings after {d['rounds']} rounds: Stamina {_totals(d['stamina'])}.")
    w.heading("Result")
    w.line(record.result.summary)
    if rows:
        w.table(["Round", "Style", "Winner", "Totals", "Damage", "Count"], rows, title="Round by round")
    carried = _carried(record)
    if carried:
        w.heading("Carried to next week")
        for line in carried:
            w.line(line)
    return w


def _names(names: Json) -> str:
    items = [str(n) for n in names] if isinstance(names, list) else [str(names)]
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else "".join(items)


def _roll_off(passes: Json) -> str:
    """A roll-off's rolls, pass by pass: 'roll-off B 2, C 2; again B 1, C 5'."""
    out = []
    for i, rolls in enumerate(passes if isinstance(passes, list) else []):
        shown = ", ".join(f"{k} {v}" for k, v in rolls.items()) if isinstance(rolls, dict) else str(rolls)
        out.append(("roll-off " if i == 0 else "again ") + shown)
    return "; ".join(out)


def _halvings(steps: Json) -> str:
    """'; halved: High-Flying 9 -> 5 (Strap Match) -> 3 (Gus Grounder)', each style's steps in order."""
    chains: dict[str, list[str]] = {}
    for h in steps if isinstance(steps, list) else []:
        if not isinstance(h, dict):
            continue
        chain = chains.setdefault(str(h["style"]), [f"{_t(h['style'])} {h['before']}"])
        chain.append(f"{h['after']} ({h['by']})")
    return f"; halved: {', '.join(' -> '.join(c) for c in chains.values())}" if chains else ""


def _carried_in(injuries: Json | None) -> str:
    """The injury points a side brings into the match (they weigh on its pins and checks)."""
    n = int(str(injuries)) if injuries is not None else 0
    return f"{n} injury point{'' if n == 1 else 's'} carried in"


def _dq_check(d: Mapping[str, Json], roll: Roll | None = None) -> str:
    """How an Illegal or Vile Cheat round's DQ check went (its 2d6, from ``roll`` where the check
    disqualified: the attack keeps no dice then), and the threshold it leaves."""
    if not (d.get("dq") or d.get("cheat")) or "dq_threshold" not in d:
        return ""  # no DQ check this round (only Illegal and Vile Cheat rounds make one)
    before, after = d["dq_threshold"], d.get("dq_threshold_after", d["dq_threshold"])
    if d.get("dq"):
        dice = f" {'+'.join(str(f) for f in roll.faces)} = {roll.total}" if roll is not None else ""
        return f"  {d['side']}'s DQ check{dice} reaches the threshold of {before}."
    cheat = d.get("cheat")
    check = cheat[:2] if isinstance(cheat, list) else []
    total = sum(int(str(x)) for x in check)
    return (f"  {d['side']}'s DQ check {'+'.join(str(x) for x in check)} = {total} stays under the threshold "
            f"of {before}: it counts, and the threshold drops to {after}.")


def _carried(record: MatchRecord) -> list[str]:
    """What the match leaves for next week: injury points only (Stamina and High Spots are per
    match). Each side's injury points after the match, and the week's healing roll to come."""
    start: dict[str, int] = {}
    end: dict[str, int] = {}
    members: dict[str, dict[str, int]] = {}  # a team's members who took points (rules 1.3)
    for e in record.events:
        if not isinstance(e, Happening):
            continue
        if e.type == "side":
            start[str(e.data["side"])] = int(str(e.data["injuries"]))
        elif e.type == "injury_check" and e.data.get("injured"):
            end[str(e.data["side"])] = int(str(e.data["injuries"]))
            if e.data.get("member_index") is not None:
                hurt = members.setdefault(str(e.data["side"]), {})
                hurt[str(e.data["member"])] = hurt.get(str(e.data["member"]), 0) + 1
    lines = []
    for name, before in start.items():
        after = end.get(name, before)
        gained = f" ({after - before} new)" if after > before else ""
        if name in members:  # points belong to the members (rules 1.3), never to the team
            taken = ", ".join(f"{m} {k}" for m, k in members[name].items())
            lines.append(f"{name}: {after - before} new injury point(s), each to a member: {taken}.")
            continue
        lines.append(f"{name}: {after} injury point(s){gained}.")
    if lines:
        lines.append("Only injury points carry over; Stamina and High Spots are per match. This week each "
                     "wrestler heals 1d6 - 4 injury points (they wrestled), at most 2.")
    return lines
