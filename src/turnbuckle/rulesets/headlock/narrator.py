"""The ringside call for a Headlock match, written from the event log alone."""

from __future__ import annotations

from collections.abc import Mapping

from turnbuckle.core.events import Happening, Json
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.writeup import Writeup

TURNS_PER_SECTION = 10


def _pairs(d: Json) -> str:
    if isinstance(d, dict):
        return ", ".join(f"{k} {v}" for k, v in d.items())
    return str(d)


def _clash_line(d: Mapping[str, Json]) -> str:
    how = d["how"]
    if how == "tie":
        return f"  Dead even on speed ({d['speeds']}): nobody gets the upper hand."
    if how == "specials-cancel":
        return "  Both go for their specials and cancel each other out."
    if how == "speed":
        return f"  {d['attacker']} wins the speed contest {d['speeds']}."
    if how == "special":
        return f"  {d['attacker']} hits the special!"
    if how == "counter":
        return f"  {d['attacker']}'s suit cuts off {d['defender']}'s special; {d['attacker']} attacks."
    return f"  Two specials: {d['attacker']} gets there first (on {d['by']})."


def _hit_line(d: Mapping[str, Json]) -> str:
    defense = f"DEF {d['defense']}" + (" (no defense bonus)" if d["bare"] else "")
    if d["damage"] == 0:
        return f"  {d['attacker']}'s {d['move']} ({d['attack']} against {defense}) does no damage."
    return (f"  {d['attacker']}'s {d['move']}: {d['attack']} against {defense}, {d['damage']} damage; "
            f"{d['defender']} {d['hp_before']} -> {d['hp']} HP.")


def _hold_line(d: Mapping[str, Json]) -> str:
    what = "goes for the pin" if d["kind"] == "pin" else f"locks in the {d['move']}"
    line = (f"  {d['attacker']} {what}: {d['defender']} needs {d['target']} or lower on a d{d['die']}, "
            f"{d['rolls']} tries.")
    if d.get("choke"):
        line += " It's a choke: the lights may go out on the fourth."
    return line


def narrate(record: MatchRecord) -> Writeup:
    names = record.names
    title = " vs ".join(names) if len(names) == 2 else f"{names[0]} & {names[1]} vs {names[2]} & {names[3]}"
    w = Writeup(f"{title}: Headlock")
    w.line(f"Dice: {record.dice}" + (f", seed {record.seed}" if record.seed is not None else "")
           + f"; deck: {record.options['deck']}; turn limit {record.options['turns']}"
           + ("; knockout rules" if record.options.get("knockout") else "")
           + ("; choke rule" if record.options.get("choke") else "") + ".")
    last_hp: dict[str, Json] = {}
    for e in record.events:
        if not isinstance(e, Happening):
            continue
        d, t = e.data, e.type
        if t == "match_start":
            w.line(f"Starting HP: {_pairs(d['wrestlers'])}.")
            if isinstance(d["wrestlers"], dict):
                last_hp.update(d["wrestlers"])
        elif t == "turn":
            turn = d["turn"]
            if isinstance(turn, int) and (turn - 1) % TURNS_PER_SECTION == 0:
                last = min(turn + TURNS_PER_SECTION - 1, int(str(record.options["turns"])))
                w.heading(f"Turn {turn}" if last == turn else f"Turns {turn}-{last}")
        elif t == "reveal":
            cards, moves, mnames = d["cards"], d["moves"], d["names"]
            if isinstance(cards, dict) and isinstance(moves, dict) and isinstance(mnames, dict):
                shown = [f"{k} {cards[k]} ({mnames[k] if moves[k] != 'special' else 'special: ' + str(mnames[k])})"
                         for k in cards]
                w.line(f"Turn {d['turn']}: " + " vs ".join(shown) + ".")
        elif t == "clash":
            w.line(_clash_line(d))
        elif t == "tag":
            w.line(f"  {d['out']} tags out; {d['into']} comes in.")
        elif t == "hit":
            w.line(_hit_line(d))
            last_hp[str(d["defender"])] = d["hp"]
        elif t == "no_hold":
            w.line(f"  The {d['move']} can't be held on a weaker suit; {d['defender']} slips free.")
        elif t == "hold":
            w.line(_hold_line(d))
        elif t == "escape":
            if d["automatic"]:
                w.line(f"  {d['fighter']} powers out at once.")
            else:
                w.line(f"  {d['fighter']} breaks free on try {d['roll']} (rolled {d['face']}).")
        elif t == "choke_roll":
            verdict = "and the lights go out!" if d["out"] else "but the fighter hangs on."
            w.line(f"  Choke roll: {d['attacker']} needs {d['need']}+ on a d{d['die']}, rolls {d['face']}, {verdict}")
        elif t == "tap_out":
            w.line(f"  {d['defender']} TAPS OUT!")
        elif t == "pinfall":
            w.line(f"  One, two, THREE! {d['defender']} is pinned.")
        elif t == "knockdown":
            w.line(f"  {d['fighter']} is down (knockdown {d['count']}); must beat {d['need']} on a d{d['die']}.")
        elif t == "getup":
            how = "without trouble" if d["automatic"] else f"on roll {d['roll']} ({d['face']})"
            w.line(f"  {d['fighter']} beats the count {how}.")
        elif t == "knockout":
            w.line(f"  Ten! {d['fighter']} is out cold.")
        elif t == "reshuffle":
            w.line(f"  ({d['pile']}: pile spent, {d['cards']} discards reshuffled.)")
        elif t == "decision":
            w.heading("To the decision")
            w.line(f"HP left: {_pairs(d['hp'])} (of {_pairs(d['start'])}).")
    hp_rows: list[list[object]] = [[name, last_hp.get(name, "")] for name in names]
    w.heading("Result")
    w.line(record.result.summary)
    w.table(["Wrestler", "HP at the end"], hp_rows)
    return w
