"""``odds`` as Markdown and CSV, from its JSON data (``turnbuckle.odds/1``); the text form is the
sim layer's ``render_text``."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

from turnbuckle.core.render import csv_text


def interval_text(lo: float, hi: float, digits: int, **how: Any) -> str:
    """sim.stats.interval_text, imported when an interval is printed: the quick commands that load this
    module at start (--help, match, validate) never load the simulation layer."""
    from turnbuckle.sim.stats import interval_text as rounded_outward  # lazy: keeps the simulators out of start-up

    return rounded_outward(lo, hi, digits, **how)


def _pct(share: Mapping[str, Any]) -> str:
    return f"{share['p'] * 100:.2f}% [{interval_text(share['lo'], share['hi'], 2)}]"


def _cell(text: str) -> str:
    """A name as one Markdown table cell: a ``|`` in it would end the cell (and shift the row)."""
    return " ".join(text.split()).replace("|", "\\|")


def render_markdown(data: Mapping[str, Any]) -> str:
    """The odds as Markdown: a heading, the win/draw/loss table, finishes, length and figures."""
    sides = data["sides"]
    opts = ", ".join(f"{k}={v}" for k, v in data["options"].items())
    lines = [f"# {' vs '.join(s['name'] for s in sides)}", "",
             f"{data['ruleset']} v{data['ruleset_version']}" + (f" ({opts})" if opts else "")
             + f"; {data['n']:,} matches, {data['engine']} engine, seed {data['seed']}; 95% Wilson intervals.", ""]
    if data.get("partial"):  # as the text says it: the run was stopped early
        from turnbuckle.sim.odds import partial_line  # lazy: keeps the simulators out of start-up

        lines += [f"**{partial_line(data['n'], data['requested'])}**", ""]
    if data.get("players"):
        lines += ["Players: " + ", ".join(f"{n} {k}" for n, k in data["players"].items()) + ".", ""]
    lines += ["| side | win | draw | loss |", "|---|---|---|---|"]
    lines += [f"| {_cell(s['name'])} | {_pct(s['win'])} | {_pct(s['draw'])} | {_pct(s['loss'])} |" for s in sides]
    lines += ["", "## Finishes", "", "| finish | share | " + " | ".join(_cell(s["name"]) for s in sides) + " |",
              "|---|---|" + "---|" * len(sides)]
    for method, share in data["methods"].items():
        by = [f"{s['wins_by'][method]['p'] * 100:.2f}%" if method in s["wins_by"] else "-" for s in sides]
        lines.append(f"| {method} | {_pct(share)} | " + " | ".join(by) + " |")
    length = data["length"]
    if length:
        q = ", ".join(f"{k}% {v}" for k, v in length["quantiles"].items())
        lines += ["", f"Match length ({length['unit']}): mean {length['mean']:.2f}; {q}; "
                  f"range {length['min']}-{length['max']}."]
    if data["figures"]:
        lines += ["", "## Figures", ""]
        lines += [f"- {f['label']}: " + (_pct(f) if "p" in f else f"{f['mean']:.4f}") for f in data["figures"].values()]
    lines += ["", f"Dice per match: {data['dice_per_match']:.2f}."]
    lines += [f"Note: {note}" for note in data["notes"]]
    return "\n".join(lines) + "\n"


def render_csv(data: Mapping[str, Any]) -> str:
    """One row per side: its wins, draws and losses (count, share, 95% interval) and its wins by
    each finish; for spreadsheets."""
    methods = list(data["methods"])
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    head = ["side", "matches"]
    for what in ("win", "draw", "loss"):
        head += [what, f"{what}_p", f"{what}_lo", f"{what}_hi"]
    head += [f"wins_by_{m}" for m in methods]
    writer.writerow(head)
    for s in data["sides"]:
        row: list[object] = [csv_text(s["name"]), data["n"]]
        for what in ("win", "draw", "loss"):
            share = s[what]
            row += [share["count"], f"{share['p']:.6f}",
                    *interval_text(share["lo"], share["hi"], 6, scale=1, sep=" ").split()]
        row += [s["wins_by"][m]["count"] if m in s["wins_by"] else 0 for m in methods]
        writer.writerow(row)
    return out.getvalue()
