"""The battle report of a Deathmatch, written from the event log alone, with the paper sheets."""

from __future__ import annotations

from collections.abc import Mapping

from turnbuckle.core.events import Choice, Happening, Json
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.writeup import Line, Writeup
from turnbuckle.rulesets.deathmatch.attack import Exchange
from turnbuckle.rulesets.deathmatch.figures import RATINGS
from turnbuckle.rulesets.deathmatch.record_sheet import paper_sheet


def _d(value: Json) -> dict[str, Json]:
    return dict(value) if isinstance(value, dict) else {}


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


class _Names:
    def __init__(self) -> None:
        self.by_tag: dict[str, str] = {}

    def __call__(self, tag: Json) -> str:
        return f"{tag} {self.by_tag.get(str(tag), '?')}"


def _intro(w: Writeup, d: Mapping[str, Json], names: _Names, record: MatchRecord) -> None:
    figures = [_d(f) for f in d["figures"]] if isinstance(d["figures"], list) else []
    for f in figures:
        names.by_tag[str(f["tag"])] = str(f["name"])
    power, handicaps, policies = _d(d["power"]), _d(d["handicaps"]), _d(d["policies"])
    w.line(f"Dice: {record.dice}" + (f", seed {record.seed}" if record.seed is not None else "") + ".")
    parts = []
    for player, total in power.items():
        short = handicaps.get(player)
        parts.append(f"{player} {total}" + (f" (handicap: {short} under the cap)" if short else ""))
    w.line(f"Power cap {d['cap']}: " + "; ".join(parts) + ".")
    w.line("Initiative ties: " + ("rock-paper-scissors." if d["tiebreak"] == "rps" else "coin flip.")
           + (f" Round limit {d['max_rounds']}." if d["max_rounds"] else " No round limit."))
    w.line("Targets chosen by: " + "; ".join(f"{p} {k}" for p, k in policies.items()) + ".")
    if d["stake"]:
        w.line(f"Spoils of war: {d['stake']}.")
    rows = [[f["tag"], f["name"], f["player"], RATINGS.get(int(str(f["power"])), "?"), f["hp"], f["spd"],
             f["atk"], f["def"]] for f in figures]
    w.table(["Tag", "Figure", "Player", "Rating", "HP", "SPD", "ATK", "DEF"], rows, title="The armies")


def _sheets(w: Writeup, record: MatchRecord) -> None:
    sheet = paper_sheet(record.events)
    figures = [_d(f) for f in sheet["figures"]] if isinstance(sheet["figures"], list) else []
    rounds = [_d(r) for r in sheet["rounds"]] if isinstance(sheet["rounds"], list) else []
    w.heading("Paper sheets (HP at the end of each round; speed total in brackets)")
    for player in record.names:
        mine = [f for f in figures if f["player"] == player]
        if not mine:
            continue
        headers = ["Round", *(f"{f['tag']} {f['name']}" for f in mine)]
        rows: list[list[object]] = [["start", *(f["hp"] for f in mine)]]
        dead: set[str] = set()
        for r in rounds:
            if len(dead) == len(mine):
                break  # the player is out: the sheet ends with its last figure
            hp, speed = _d(r["hp"]), _d(r["speed"])
            cells: list[object] = [r["round"]]
            for f in mine:
                tag = str(f["tag"])
                if tag in dead:
                    cells.append("-")
                    continue
                spd = f" ({speed[tag]})" if tag in speed else ""
                if hp.get(tag) == 0:
                    dead.add(tag)
                    cells.append(f"dead{spd}")
                else:
                    cells.append(f"{hp.get(tag)}{spd}")
            rows.append(cells)
        w.table(headers, rows, title=f"{player}'s sheet")


class _Round:
    """What a round's initiative events say, folded into one line when the order of play is known."""

    def __init__(self, number: Json) -> None:
        self.number = number
        self.rolls: dict[str, Json] = {}
        self.spd: dict[str, Json] = {}
        self.ties: set[str] = set()

    def line(self, totals: Mapping[str, Json], names: _Names) -> str:
        parts = []
        for tag, total in totals.items():
            part = names(tag)
            if tag in self.rolls:
                rolled = int(str(self.rolls[tag])) + int(str(self.spd[tag]))
                part += f" {self.rolls[tag]}{_signed(int(str(self.spd[tag])))}"
                part += f" = {total}" if rolled == total else f" = {rolled} ({total} after the tie)"
            else:
                part += f" ({total})"
            parts.append(part)
        tie = f" Ties settled by {' and '.join(sorted(self.ties))}." if self.ties else ""
        return f"Round {self.number}. Order of play: " + ", ".join(parts) + "." + tie


def _standing(hp: Mapping[str, Json], owner: Mapping[str, str], players: list[str]) -> str:
    counts = {p: sum(1 for tag, h in hp.items() if owner.get(tag) == p and h != 0) for p in players}
    return ", ".join(f"{p} {n}" if n else f"{p} out" for p, n in counts.items())


def narrate(record: MatchRecord) -> Writeup:
    """One line per round for initiative (speed rolls, ties, order), one line per attack (with the
    kill and the elimination it causes) and a line of figures standing per player after each round."""
    w = Writeup("UOV Deathmatch: " + " vs ".join(record.names))
    names = _Names()
    owner: dict[str, str] = {}
    chooser = ""
    rnd: _Round | None = None
    last_attack = -1  # the index of the latest attack line, so a kill joins it

    def add(text: str) -> None:
        if last_attack == len(w.blocks) - 1:
            w.blocks[-1] = Line(w.blocks[-1].text.rstrip(".") + "; " + text) if isinstance(
                w.blocks[-1], Line) else w.blocks[-1]
        else:
            w.line("  " + text[0].upper() + text[1:])

    for e in record.events:
        if isinstance(e, Choice):
            chooser = e.by
            continue
        if not isinstance(e, Happening):
            continue
        d, t = e.data, e.type
        if t == "battle_start":
            _intro(w, d, names, record)
            figures = d["figures"] if isinstance(d["figures"], list) else []
            owner = {str(_d(f)["tag"]): str(_d(f)["player"]) for f in figures}
            w.heading("The battle (one line per round for initiative, one per attack)")
        elif t == "round_start":
            rnd = _Round(d["round"])
        elif t == "initiative_rolls" and rnd is not None:
            rnd.rolls, rnd.spd = _d(d["rolls"]), _d(d["spd"])
        elif t == "tie_break" and rnd is not None:
            rnd.ties.add("rock-paper-scissors" if d["method"] == "rps" else "the coin")
        elif t == "tie_flip" and rnd is not None:
            rnd.ties.add("the coin")
        elif t == "initiative":
            totals = _d(d["totals"])
            w.line(rnd.line(totals, names) if rnd is not None else
                   "Order of play: " + ", ".join(f"{names(tag)} ({v})" for tag, v in totals.items()) + ".")
        elif t == "attack":
            how = "" if chooser in ("forced", "script", "human") else f" [{chooser}]"
            exchange = Exchange(int(str(d["attack_roll"])), int(str(d["atk"])), int(str(d["defence_roll"])),
                                int(str(d["defence"])))
            line = f"  {names(d['attacker'])} attacks {names(d['defender'])}{how}: {exchange.told()}"
            if d["damage"]:
                line += f", {d['damage']} damage (HP {d['hp_before']} -> {d['hp_after']})."
            else:
                line += ", no damage."
            w.line(line)
            last_attack = len(w.blocks) - 1
            continue
        elif t == "killed":
            add(f"{names(d['figure'])} falls and is removed from play.")
            last_attack = len(w.blocks) - 1
            continue
        elif t == "no_action":
            w.line(f"  {names(d['figure'])} was killed before its turn and does not act.")
        elif t == "eliminated":
            add(f"{d['player']} has no figure left standing and is out of the Deathmatch!")
        elif t == "round_end":
            w.line(f"  Standing after round {d['round']}: {_standing(_d(d['hp']), owner, list(record.names))}.")
        elif t == "round_limit":
            w.line(f"The round limit ({d['rounds']}) is reached.")
        elif t == "stalemate":
            w.line("No figure left standing can damage an enemy any more: the battle is a stalemate.")
        elif t == "safety_cap":
            w.line(f"After {d['rounds']:,} rounds the battle has not finished and is stopped.")
        last_attack = -1
    w.heading("Result")
    w.line(record.result.summary)
    _sheets(w, record)
    return w
