"""A sweep's document for people (text, Markdown) and for spreadsheets (CSV: one row per side of
each pairing). JSON is the document itself."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

from turnbuckle.core.render import csv_text
from turnbuckle.sim.stats import interval_text

#: The text and Markdown show the win matrix only up to this many entries (JSON and CSV hold all).
MATRIX_MAX = 12


def _pct(p: float) -> str:
    return f"{p * 100:.2f}%"


def _ci(s: Mapping[str, Any]) -> str:
    return f"{_pct(s['p'])} [{interval_text(s['lo'], s['hi'], 2)}]"


def _strength_ci(r: Mapping[str, Any], sep: str) -> str:
    """A ranking's strength interval, rounded outward to three decimals."""
    return interval_text(r["lo"], r["hi"], 3, scale=1, sep=sep, sign="+")


def _csv_share(share: Mapping[str, Any]) -> list[str]:
    """A share and its interval for a spreadsheet: six decimals, the interval rounded outward."""
    return [f"{share['p']:.6f}", *interval_text(share["lo"], share["hi"], 6, scale=1, sep=" ").split()]


def _heading(doc: Mapping[str, Any]) -> str:
    opts = ", ".join(f"{k}={v}" for k, v in doc["options"].items())
    return (f"{doc['ruleset']} v{doc['ruleset_version']} sweep: {len(doc['entries'])} entries, "
            f"{len(doc['pairings']):,} pairing{'' if len(doc['pairings']) == 1 else 's'} of {doc['n']:,} "
            f"match{'' if doc['n'] == 1 else 'es'}, seed {doc['seed']}"
            + (f" ({opts})" if opts else ""))


def _finishes(side: Mapping[str, Any]) -> str:
    return ", ".join(f"{m} {_pct(s['p'])}" for m, s in side["wins_by"].items()) or "-"


def _short(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "~"


def render_text(doc: Mapping[str, Any], pairings: bool = False) -> str:
    """The answer first: the ranking, the metagame and the builds report (which builds another
    dominates), then the win matrix and the groupings; every pairing's odds only with
    ``pairings`` (``sweep --pairings``; the JSON and CSV outputs always hold them)."""
    lines = [_heading(doc), "95% Wilson intervals in brackets"]
    lines += _ranking_text(doc)
    lines += _metagame_text(doc)
    lines += _builds_text(doc)
    lines += _matrix_text(doc)
    lines += _groupings_text(doc)
    if pairings:
        lines += _pairings_text(doc)
    else:
        lines += ["", f"Pairings: {len(doc['pairings']):,}, each with its odds in the JSON and CSV outputs "
                  "(or add --pairings)"]
    lines += [f"Note: {note}" for note in doc["notes"]]
    return "\n".join(lines) + "\n"


def _pairings_text(doc: Mapping[str, Any]) -> list[str]:
    lines = ["", "Pairings (finishes are shares of all matches)"]
    for p in doc["pairings"]:
        sides = p["sides"]
        lines.append("  " + " vs ".join(s["name"] for s in sides) + f": draw {_ci(p['draw'])}")
        for s in sides:
            lines.append(f"    {s['name']}: win {_ci(s['win'])}, loss {_ci(s['loss'])}; wins by {_finishes(s)}")
    return lines


def _matrix_text(doc: Mapping[str, Any]) -> list[str]:
    if "matrix" not in doc:
        return []
    names = [e["name"] for e in doc["entries"]]
    if len(names) > MATRIX_MAX:
        return ["", f"Win matrix: {len(names)} entries, in the JSON and CSV outputs"]
    width = max(len(n) for n in names)
    head = " " * (width + 2) + "".join(f"{_short(n, 9):>10}" for n in names)
    rows = [f"  {name:<{width}}" + "".join("         -" if v is None else f"{v * 100:9.2f}%" for v in row)
            for name, row in zip(names, doc["matrix"]["win"], strict=True)]
    return ["", "Win matrix (row's wins against column, % of matches)", head, *rows]


def _ranking_text(doc: Mapping[str, Any]) -> list[str]:
    if "ranking" not in doc:
        return []
    width = max(len(r["name"]) for r in doc["ranking"])
    out = ["", "Power ranking (Bradley-Terry, a draw half a win each way; strength in log-odds, 95% interval; "
           "expected: mean score against the others)"]
    for r in doc["ranking"]:
        out.append(f"  {r['rank']:>3}. {r['name']:<{width}}  {r['strength']:+.3f} [{_strength_ci(r, ', ')}]"
                   f"  expected {_pct(r['expected'])}")
    return out


def _metagame_text(doc: Mapping[str, Any]) -> list[str]:
    if "metagame" not in doc:
        return []
    meta = doc["metagame"]
    by = {e["entry"]: e for e in meta["entries"]}
    names = [e["name"] for e in doc["entries"]]
    width = max(len(n) for n in names)
    out = ["", f"Metagame (equilibrium of the win-minus-loss game, value {meta['value']:+.4f})",
           "  fielded: " + ", ".join(f"{by[i]['name']} {_pct(by[i]['weight'])}" for i in meta["mixture"]),
           f"  {'entry':<{width}}  {'weight':>8}  {'payoff vs mixture':>17}  dominated by"]
    for e in sorted(meta["entries"], key=lambda e: (-e["payoff"], e["entry"])):
        dom = ", ".join(names[i] for i in e["dominated_by"][:3]) + (" ..." if len(e["dominated_by"]) > 3 else "")
        out.append(f"  {e['name']:<{width}}  {_pct(e['weight']):>8}  {e['payoff']:+17.4f}  {dom or '-'}")
    return out


def _groupings_text(doc: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    for g in doc.get("groupings", []):
        width = max(len(e["name"]) for e in g["entries"])
        out += ["", f"{g['size']}-side groupings ({g['games']} setups, every rotation of seats): win share",
                f"  {'entry':<{width}}  " + "".join(f"{'seat ' + str(s + 1):<26}" for s in range(g["size"]))
                + "overall"]
        for e in g["entries"]:
            out.append(f"  {e['name']:<{width}}  " + "".join(f"{_ci(s):<26}" for s in e["seats"])
                       + _ci(e["overall"]))
    return out


def _builds_text(doc: Mapping[str, Any]) -> list[str]:
    builds = doc.get("builds")
    if not builds:
        return []
    names = [e["name"] for e in doc["entries"]]
    out = ["", f"Builds: {builds['count']} legal builds ({builds['space']})"]
    out.append("  dominant (beats every other build): "
               + (", ".join(names[i] for i in builds["dominant"]) or "none"))
    out.append(f"  dominated (another build does at least as well against everyone): {len(builds['dominated'])}"
               + (": " + ", ".join(names[i] for i in builds["dominated"]) if builds["dominated"] else ""))
    out.append(f"  undominated: {len(builds['undominated'])}: " + ", ".join(names[i] for i in builds["undominated"]))
    return out


def _cell(text: str) -> str:
    """A name as one Markdown table cell: a ``|`` in it would end the cell (and shift the row)."""
    return " ".join(text.split()).replace("|", "\\|")


def render_markdown(doc: Mapping[str, Any]) -> str:
    lines = [f"## {_heading(doc)}", "", "95% Wilson intervals in brackets.", "",
             "| pairing | side | win | draw | loss | wins by |", "|---|---|---|---|---|---|"]
    for p in doc["pairings"]:
        label = " vs ".join(_cell(s["name"]) for s in p["sides"])
        for s in p["sides"]:
            lines.append(f"| {label} | {_cell(s['name'])} | {_ci(s['win'])} | {_ci(s['draw'])} | {_ci(s['loss'])} "
                         f"| {_finishes(s)} |")
    if "ranking" in doc:
        lines += ["", "### Power ranking (Bradley-Terry)", "", "| rank | entry | strength | 95% interval | expected |",
                  "|---|---|---|---|---|"]
        lines += [f"| {r['rank']} | {_cell(r['name'])} | {r['strength']:+.3f} | {_strength_ci(r, ' to ')} "
                  f"| {_pct(r['expected'])} |" for r in doc["ranking"]]
    if "metagame" in doc:
        meta = doc["metagame"]
        lines += ["", f"### Metagame (value {meta['value']:+.4f})", "", "| entry | weight | payoff vs mixture |",
                  "|---|---|---|"]
        lines += [f"| {_cell(e['name'])} | {_pct(e['weight'])} | {e['payoff']:+.4f} |"
                  for e in sorted(meta["entries"], key=lambda e: (-e["weight"], -e["payoff"], e["entry"]))]
    for g in doc.get("groupings", []):
        seats = " | ".join(f"seat {s + 1}" for s in range(g["size"]))
        lines += ["", f"### {g['size']}-side groupings", "", f"| entry | {seats} | overall |",
                  "|---|" + "---|" * (g["size"] + 1)]
        lines += [f"| {_cell(e['name'])} | " + " | ".join(_ci(s) for s in e["seats"]) + f" | {_ci(e['overall'])} |"
                  for e in g["entries"]]
    builds = _builds_text(doc)
    if builds:
        lines += ["", "### Builds", "", *[f"- {line.strip()}" for line in builds[2:]]]
    lines += [f"\nNote: {note}" for note in doc["notes"]]
    return "\n".join(lines) + "\n"


CSV_FIELDS = ("pairing", "seats", "seat", "entry", "name", "n", "win", "win_lo", "win_hi", "draw", "draw_lo",
              "draw_hi", "loss", "loss_lo", "loss_hi", "wins_by")


def render_csv(doc: Mapping[str, Any]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for k, p in enumerate(doc["pairings"], 1):
        for seat, s in enumerate(p["sides"], 1):
            writer.writerow([k, len(p["sides"]), seat, s["entry"], csv_text(s["name"]), p["n"],
                             *(x for part in ("win", "draw", "loss") for x in _csv_share(s[part])),
                             ";".join(f"{m}={w['p']:.6f}" for m, w in s["wins_by"].items())])
    return out.getvalue()
