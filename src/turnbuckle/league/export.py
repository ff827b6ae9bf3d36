"""The public export of a league's shows and table matches (``turnbuckle.league-export/2``,
docs/league-format.md): what ``verify`` checks with no database. It never holds a strategy of a
show that has not run."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

from sqlalchemy import select

from turnbuckle import __version__
from turnbuckle.league import canonical
from turnbuckle.league.context import Ctx
from turnbuckle.league.models import (
    CardMatch,
    CardSide,
    Competitor,
    InjuryChange,
    Member,
    PushChange,
    Result,
    Show,
    ShowEvent,
    TableMatch,
)
from turnbuckle.league.post.card import intro_of as intro
from turnbuckle.league.post.escape import defang
from turnbuckle.league.post.escape import md_text as md_text  # the Markdown export escapes as the posts do
from turnbuckle.league.post.escape import paragraphs as split
from turnbuckle.league.post.intro import parse, plain
from turnbuckle.league.post.markdown import intro_blocks
from turnbuckle.league.services.running import match_options
from turnbuckle.league.services.shows import card_entry, latest_submission, shows
from turnbuckle.league.services.shows import show as find_show

FORMAT = "turnbuckle.league-export/3"
#: What every exported table match says of its dice.
NO_SEED = ("no committed seed: the dice, cards and choices were entered at the table (or rolled by the "
           "server when asked, seed logged); verify replays the entries to the record, it cannot show "
           "how they were rolled")
RAN = ("run", "published")


def export_league(ctx: Ctx, show_keys: list[str] | None = None, published_only: bool = True) -> dict[str, Any]:
    """The league's public record: its published shows (or those asked for), each with its card,
    history, manifest and, once run, the seed, every match's inputs and record, and what changed;
    with no show asked for, also every table match saved (they are public once saved)."""
    chosen = [find_show(ctx, k) for k in show_keys] if show_keys else shows(ctx)
    deleted = [s for s in chosen if s.status == "deleted" and s.card_seed is not None]
    chosen = [s for s in chosen if s.status != "deleted"]
    if published_only:
        chosen = [s for s in chosen if s.status == "published"]
    comps = ctx.session.scalars(select(Competitor).where(Competitor.league_id == ctx.league.id)
                                .order_by(Competitor.id))
    ids = {c.id: c.uid for c in ctx.session.scalars(select(Competitor).where(Competitor.league_id == ctx.league.id))}
    return {
        "format": FORMAT,
        "package_version": __version__,
        "league": {"name": ctx.league.name, "timezone": ctx.league.timezone,
                   "max_push_level": ctx.league.max_push_level},
        "competitors": [{"uid": c.uid, "name": c.name, "ruleset": c.ruleset, "owner": c.owner.name,
                         "members": [ids[m] for m in c.members]} for c in comps],
        "shows": [show_json(ctx, s, ids) for s in chosen],
        "deleted_shows": [deleted_json(s) for s in deleted],
        "table_matches": [] if show_keys else table_matches_json(ctx, ids),
    }


def deleted_json(s: Show) -> dict[str, Any]:
    """A show deleted after it opened: its number, name and card seed (the draws it published), and
    when it was deleted; nothing of its card."""
    return {"uid": s.uid, "number": s.number, "name": s.name, "date": s.show_date, "card_seed": s.card_seed,
            "deleted_at": s.deleted_at.isoformat() if s.deleted_at else None}


def table_matches_json(ctx: Ctx, ids: dict[int, str]) -> list[dict[str, Any]]:
    """Every table match of the league, oldest first: who took each side, the entries, the record."""
    q = (select(TableMatch, Member.name).join(Member, TableMatch.saved_by == Member.id)
         .where(TableMatch.league_id == ctx.league.id).order_by(TableMatch.id))
    out = []
    for m, saver in ctx.session.execute(q):
        out.append({"uid": m.uid, "ruleset": m.ruleset, "ruleset_version": m.ruleset_version,
                    "package_version": m.package_version, "saved_at": m.saved_at.isoformat(), "saved_by": saver,
                    "seed": None, "dice": NO_SEED,
                    "sides": [{"name": sd.name, "competitor": ids[sd.competitor_id] if sd.competitor_id else None,
                               "outcome": sd.outcome} for sd in m.sides],
                    "entries": list(m.entries), "record": m.record})
    return out


def show_json(ctx: Ctx, s: Show, ids: dict[int, str]) -> dict[str, Any]:
    events = ctx.session.scalars(select(ShowEvent).where(ShowEvent.show_id == s.id).order_by(ShowEvent.id))
    out: dict[str, Any] = {
        "uid": s.uid, "number": s.number, "name": s.name, "date": s.show_date, "status": s.status,
        "deadline": s.deadline.isoformat(),
        "history": [{"at": e.at.isoformat(), "kind": e.kind, "detail": dict(e.detail)} for e in events],
        "card": [card_entry(m) for m in s.matches],
        "card_seed": s.card_seed,
        "manifest": s.manifest,
        "manifest_sha256": canonical.sha256_hex(canonical.canonical_json(s.manifest)) if s.manifest else None,
        "seed_sha256": s.seed_sha256,
        "seed": s.seed if s.status in RAN else None,
        "matches": [],
        "healing": [],
        "push_changes": [],
        "injuries": [],
        "writeup": s.writeup if s.status in RAN else "",
    }
    if s.status not in RAN:
        return out
    for m in s.matches:
        result = ctx.session.scalars(select(Result).where(Result.match_id == m.id)).one()
        sides = []
        for sd, doc in zip(m.sides, result.inputs, strict=True):
            sub = latest_submission(ctx, sd, s.deadline)
            sides.append({"competitor": sd.competitor.uid, "name": sd.competitor.name, "document": doc,
                          "submission": sub.text if sub else None})
        out["matches"].append({"position": m.position, "ruleset": result.ruleset,
                               "ruleset_version": result.ruleset_version, "options": match_options(m),
                               "seed": result.seed, "sides": sides, "record": result.record,
                               "notes": list(result.notes)})
    played = select(Result.id, CardMatch.position).join(CardMatch, Result.match_id == CardMatch.id)
    positions = dict(ctx.session.execute(played.where(Result.show_id == s.id)).all())
    wrestled: set[str] = set()
    for sd in ctx.session.scalars(select(CardSide).where(CardSide.match_id.in_([m.id for m in s.matches]))):
        wrestled.add(ids[sd.competitor_id])
        wrestled.update(ids[i] for i in sd.competitor.members)
    for h in ctx.session.scalars(select(InjuryChange).where(InjuryChange.show_id == s.id,
                                                            InjuryChange.roll.is_not(None)).order_by(InjuryChange.id)):
        out["healing"].append({"competitor": ids[h.competitor_id], "before": h.before, "after": h.after,
                               "roll": h.roll, "wrestled": ids[h.competitor_id] in wrestled})
    for i in ctx.session.scalars(select(InjuryChange).where(InjuryChange.show_id == s.id,
                                                            InjuryChange.result_id.is_not(None)).order_by(InjuryChange.id)):
        out["injuries"].append({"competitor": ids[i.competitor_id], "match": positions.get(i.result_id or 0),
                                "before": i.before, "after": i.after, "reason": i.reason})
    for p in ctx.session.scalars(select(PushChange).where(PushChange.show_id == s.id).order_by(PushChange.id)):
        change: dict[str, Any] = {"competitor": ids[p.competitor_id], "before": [p.level_before, p.points_before],
                                  "after": [p.level_after, p.points_after], "reason": p.reason}
        if p.result_id is not None:
            change["match"] = positions.get(p.result_id)
        out["push_changes"].append(change)
    return out


def _md_code(value: object) -> str:
    """A code span holding ``value`` whatever backticks it has (a fence longer than its longest run)."""
    text = " ".join(str(value).splitlines())
    fence = "`" * (max((len(r) for r in re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def paragraphs(text: str) -> tuple[str, ...]:
    return split(text)


def intro_of(writeup: str) -> str:
    return intro(writeup)


def export_markdown(data: dict[str, Any]) -> str:
    """The league's shows and results as Markdown; every name and text from the league is escaped
    (:func:`md_text`), so a wrestler called ``<script>`` or ``[x](javascript:...)`` renders as those
    characters, and neutralised as the results post neutralises it (``post.escape.defang``: no
    ``@everyone``, bare address or invite left working where it is pasted). The organiser's intro
    is their own Markdown, as in the results post."""
    def intro(writeup: str) -> list[str]:
        return [f"> {line}".rstrip() for line in intro_blocks(parse(intro_of(writeup)))]

    return _markdown(data, _md_defanged, _md_code, intro)


def _md_defanged(value: object, line_start: bool = False) -> str:
    return md_text(defang(str(value)), line_start)


def _plain_intro(writeup: str) -> list[str]:
    """The organiser's intro as its words alone (its Markdown read, not shown), a quoted line a paragraph."""
    return [f"> {' '.join(para.split())}" for para in plain(parse(intro_of(writeup))).split("\n\n") if para.strip()]


def _plain(value: object, line_start: bool = False) -> str:
    return str(value)


def _markdown(data: dict[str, Any], esc: Callable[..., str], code: Callable[[object], str],
              intro: Callable[[str], list[str]] = _plain_intro) -> str:
    lines = [f"# {esc(data['league']['name'])}", ""]
    for s in data["shows"]:
        lines += [f"## Show {s['number']}: {esc(s['name'])} ({esc(s['date'])}, {esc(s['status'])})", ""]
        quoted = intro(str(s.get("writeup") or ""))  # the organiser's intro, quoted
        lines += quoted + ([""] if quoted else [])
        lines.append(f"- seed SHA-256: {code(s['seed_sha256'] or '-')}")
        lines.append(f"- seed: {code(s['seed'] or 'not yet revealed')}")
        lines.append(f"- card seed (referee draw): {code(s['card_seed'] or '-')}")
        lines.append("")
        for m in s["matches"]:
            names = " vs ".join(esc(x["name"]) for x in m["sides"])
            lines.append(f"### Match {m['position']}: {names} ({esc(m['ruleset'])} {esc(m['ruleset_version'])})")
            lines.append("")
            lines.append(esc(m["record"]["result"].get("summary") or m["record"]["result"]["method"], True))
            lines += [f"- {esc(n)}" for n in m["notes"]]
            lines.append("")
        if s["push_changes"]:
            lines += ["| competitor | before | after | why |", "|---|---|---|---|"]
            who = {c["uid"]: c["name"] for c in data["competitors"]}
            for p in s["push_changes"]:
                lines.append(f"| {esc(who.get(p['competitor'], p['competitor']))} | level {esc(p['before'][0])} "
                             f"{esc(p['before'][1])} | level {esc(p['after'][0])} {esc(p['after'][1])} "
                             f"| {esc(p['reason'])} |")
            lines.append("")
    for d in data.get("deleted_shows") or []:
        lines += [f"## Show {d['number']}: {esc(d['name'])} ({esc(d['date'])}, deleted {esc(d['deleted_at'])})", "",
                  f"- card seed (referee draw): {code(d['card_seed'])}", ""]
    return "\n".join(lines) + "\n"


def export_html(data: dict[str, Any]) -> str:
    """A standalone page: the Markdown export's content, escaped, with no outside resources."""
    body = []
    for line in _markdown(data, _plain, lambda v: f"`{v}`").splitlines():
        esc = html.escape(line)
        if line.startswith("### "):
            body.append(f"<h3>{esc[4:]}</h3>")
        elif line.startswith("## "):
            body.append(f"<h2>{esc[3:]}</h2>")
        elif line.startswith("# "):
            body.append(f"<h1>{esc[2:]}</h1>")
        elif line.startswith("|---"):
            continue
        elif line.startswith("| "):
            cells = "".join(f"<td>{c.strip()}</td>" for c in esc.strip("|").split("|"))
            body.append(f"<table><tr>{cells}</tr></table>")
        elif line.startswith("- "):
            body.append(f"<p>&bull; {esc[2:]}</p>")
        elif line.startswith("> "):
            body.append(f"<blockquote><p>{esc[5:]}</p></blockquote>")
        elif line:
            body.append(f"<p>{esc}</p>")
    title = html.escape(str(data["league"]["name"]))
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width\"><title>{title}</title>"
            "<style>body{font-family:sans-serif;max-width:48em;margin:auto;padding:1em}"
            "td{border:1px solid #ccc;padding:.2em .5em}code{word-break:break-all}</style></head><body>"
            + "\n".join(body) + "</body></html>\n")
