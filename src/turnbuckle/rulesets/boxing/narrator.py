"""The ringside call for a boxing bout, written from the event log alone."""

from __future__ import annotations

from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.writeup import Writeup
from turnbuckle.rulesets.boxing.table_view import after_knockdown


def _fmt_pair(d: object) -> str:
    if isinstance(d, dict):
        return ", ".join(f"{k} {v}" for k, v in d.items())
    return str(d)


def _totals(totals: object, a: str, b: str) -> str:
    if isinstance(totals, list) and len(totals) == 2:
        return f"{a} {totals[0]}, {b} {totals[1]}"
    return str(totals)


def narrate(record: MatchRecord) -> Writeup:
    a, b = record.names
    w = Writeup(f"{a} vs {b}: {record.options['rounds']} rounds of boxing")
    w.line(f"Dice: {record.dice}" + (f", seed {record.seed}" if record.seed is not None else "") + ".")
    card_rows: list[list[object]] = []
    own: dict[str, int] = {}  # each fighter's Speed, less knockdown penalties
    now: dict[str, object] = {}  # the Speed in force this round (after fatigue), as the board shows it
    for e in record.events:
        if not isinstance(e, Happening):
            continue
        d = e.data
        t = e.type
        if t == "round_start":
            if isinstance(d["speed"], dict):
                now.update({str(k): v for k, v in d["speed"].items()})
                if d["round"] == 1:
                    own.update({str(k): int(str(v)) for k, v in d["speed"].items()})
            w.heading(f"Round {d['round']}")
            w.line(f"HP {_fmt_pair(d['hp'])}; Speed {_fmt_pair(d['speed'])}.")
        elif t == "clinch":
            w.line(f"Turn {d['turn']}: level on initiative ({_totals(d['totals'], a, b)}), they clinch and "
                   f"both take a breath (HP {_fmt_pair(d['hp'])}).")
        elif t == "initiative":
            extra = " A natural 21 or better: a combo!" if d["combo"] else ""
            w.line(f"Turn {d['turn']}: {d['attacker']} gets off first ({_totals(d['totals'], a, b)}).{extra}")
        elif t == "punch":
            prefix = "  ...and follows with" if d["combo_part"] == 2 else f"  {d['attacker']} throws"
            if d["blocked"]:
                w.line(f"{prefix} a {d['punch']}, and {d['defender']} blocks it clean.")
            else:
                floor = " (a Left Jab cannot take HP below 1)" if d["jab_floor"] else ""
                w.line(f"{prefix} a {d['punch']} for {d['damage']}: {d['defender']} "
                       f"{d['hp_before']} -> {d['hp_after']} HP{floor}.")
        elif t == "knockdown":
            who, speed = str(d["fighter"]), int(str(d["speed"]))
            now[who] = after_knockdown(now.get(who), own.get(who), speed)
            own[who] = speed
            this_round = f" ({now[who]} this round, after fatigue)" if now[who] != speed else ""
            w.line(f"  DOWN GOES {who.upper()}! Knockdown number {d['count']} "
                   f"({d['damage']} damage from {d['hp_before']} HP). Penalty -{d['penalty']}: "
                   f"Toughness {d['toughness']}, Speed {speed}{this_round}.")
        elif t == "getup":
            if d["outcome"] == "ko":
                w.line(f"  The count reaches ten: {d['fighter']} rolled {d['roll']} and stays down.")
            else:
                w.line(f"  {d['fighter']} beats the count (rolled {d['roll']}, {d['outcome']} HP, "
                       f"now {d['hp']}).")
        elif t == "tko":
            w.line(f"  The referee waves it off: {d['fighter']} is at {d['hp']} HP. TKO.")
        elif t == "interval":
            tired = [f"{k} -{v} Speed" for k, v in dict(d["fatigue"]).items() if v]  # type: ignore[arg-type]
            w.line(f"Interval: both recover 2 HP ({_fmt_pair(d['hp'])})"
                   + (f"; fatigue: {', '.join(tired)}." if tired else "."))
            hp = d["hp"]
            if isinstance(hp, dict):
                card_rows.append([d["round"], hp[a], hp[b]])
        elif t == "final_interval":
            w.line(f"After the final bell both recover 2 HP before the cards are read ({_fmt_pair(d['hp'])}).")
        elif t == "decision":
            w.heading("To the judges")
            w.line(f"Final HP: {_fmt_pair(d['hp'])}.")
    w.heading("Result")
    w.line(record.result.summary)
    if card_rows:
        w.table(["Round", f"{a} HP", f"{b} HP"], card_rows, title="HP after each interval")
    return w
