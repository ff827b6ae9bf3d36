"""The league's feeds: a public calendar (each show on its date, each strategy deadline at its
time), a member's private calendar of their own matches under a secret, revocable address, and a
news feed of published shows, each entry the results post, and of locks, each entry the show seed's
hash committed to at that lock.

A calendar event's SEQUENCE is kept in ``calendar_sequences`` with the date or deadline it was
made for: when a feed finds the show's date or deadline moved, it bumps the number (one short write,
only then), so a calendar app updates the event it has instead of adding a second one."""

from __future__ import annotations

from datetime import date
from html import escape
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from turnbuckle.league import member_tokens
from turnbuckle.league.context import Clock, Ctx, the_league
from turnbuckle.league.db import read_scope, session_scope
from turnbuckle.league.errors import NotFound
from turnbuckle.league.models import (
    CalendarSequence,
    FeedToken,
    League,
    Member,
    Show,
    ShowEvent,
)
from turnbuckle.league.notify import atom, ical
from turnbuckle.league.queries_posts import results_post

#: Shows in a calendar (the latest) and entries in the news feed (the latest published).
MAX_CALENDAR = 200
MAX_ENTRIES = 20
MAX_FEED_TOKENS = member_tokens.FEED.most_live
PUBLIC = ("open", "locked", "run", "published")  # a draft's card is the organiser's until it opens


def _stamps(s: Show) -> dict[str, str]:
    return {"show": s.show_date, "deadline": s.deadline.isoformat()}


def _public_shows(session: Session, league: League) -> list[Show]:
    q = (select(Show).where(Show.league_id == league.id, Show.status.in_(PUBLIC))
         .order_by(Show.number.desc()).limit(MAX_CALENDAR))
    return list(reversed(session.scalars(q).all()))


def _sequences(session: Session, shows: list[Show]) -> dict[tuple[int, str], CalendarSequence]:
    if not shows:
        return {}
    rows = session.scalars(select(CalendarSequence).where(CalendarSequence.show_id.in_([s.id for s in shows])))
    return {(r.show_id, r.kind): r for r in rows}


def _stale(shows: list[Show], seqs: dict[tuple[int, str], CalendarSequence]) -> bool:
    return any(seqs.get((s.id, k)) is None or seqs[(s.id, k)].stamp != v for s in shows for k, v in _stamps(s).items())


def settle_sequences(engine: Engine, clock: Clock) -> None:
    """Bump the SEQUENCE of every event whose date or deadline moved (a read first: no write when
    nothing moved). Two feeds doing it at once both end with a higher number: either is right."""
    with read_scope(engine) as session:
        league = the_league(session)
        shows = _public_shows(session, league)
        if not _stale(shows, _sequences(session, shows)):
            return
    try:
        with session_scope(engine) as session:
            league = the_league(session)
            shows = _public_shows(session, league)
            seqs = _sequences(session, shows)
            now = clock()
            for s in shows:
                for kind, stamp in _stamps(s).items():
                    row = seqs.get((s.id, kind))
                    if row is None:
                        session.add(CalendarSequence(show_id=s.id, kind=kind, sequence=0, stamp=stamp, updated_at=now))
                    elif row.stamp != stamp:
                        row.sequence, row.stamp, row.updated_at = row.sequence + 1, stamp, now
    except IntegrityError:  # another feed made the same rows first: theirs stand
        pass


def _url(base: str, path: str) -> str:
    return f"{base}{path}" if base else path


def _events(session: Session, league: League, shows: list[Show], base: str,
            matches: dict[int, list[tuple[int, str]]] | None = None) -> list[ical.Event]:
    seqs = _sequences(session, shows)
    events: list[ical.Event] = []
    for s in shows:
        day_seq, dl_seq = seqs.get((s.id, "show")), seqs.get((s.id, "deadline"))
        url = _url(base, f"/shows/{s.number}")
        day = date.fromisoformat(s.show_date)
        if matches is None:
            events.append(ical.Event(f"show-{s.uid}@turnbuckle", f"{league.name}: show {s.number}, {s.name}",
                                     day_seq.sequence if day_seq else 0,
                                     day_seq.updated_at if day_seq else s.created_at, day=day,
                                     description=f"{s.name} ({s.status})", url=url))
        else:
            for match_id, title in matches.get(s.id, []):
                events.append(ical.Event(f"match-{s.uid}-{match_id}@turnbuckle",
                                         f"{title} ({league.name} show {s.number})",
                                         day_seq.sequence if day_seq else 0,
                                         day_seq.updated_at if day_seq else s.created_at, day=day,
                                         description=f"{s.name}: {title}", url=url))
        events.append(ical.Event(f"deadline-{s.uid}@turnbuckle", f"Strategies due: {league.name} show {s.number}",
                                 dl_seq.sequence if dl_seq else 0, dl_seq.updated_at if dl_seq else s.created_at,
                                 at=s.deadline, description=f"The strategy deadline for {s.name}.", url=url))
    return events


def league_calendar(engine: Engine, clock: Clock, base: str) -> str:
    """The public calendar: each show (not a draft) on its date, and its strategy deadline."""
    settle_sequences(engine, clock)
    with read_scope(engine) as session:
        league = the_league(session)
        shows = _public_shows(session, league)
        return ical.calendar(league.name, _events(session, league, shows, base),
                             description=f"Shows and strategy deadlines of {league.name}")


def member_calendar(engine: Engine, clock: Clock, token: str, base: str) -> str | None:
    """A member's private calendar (their own matches and those shows' deadlines), or None for a
    token unknown or revoked."""
    with read_scope(engine) as session:
        if member_for_feed(session, token) is None:
            return None
    settle_sequences(engine, clock)
    with read_scope(engine) as session:
        member = member_for_feed(session, token)
        if member is None:
            return None
        league = the_league(session)
        shows = _public_shows(session, league)
        mine: dict[int, list[tuple[int, str]]] = {}
        for s in shows:
            for m in s.matches:
                if any(sd.competitor.owner_id == member.id for sd in m.sides):
                    names = " vs ".join(sd.competitor.name for sd in m.sides)
                    mine.setdefault(s.id, []).append((m.id, f"Match {m.position}: {names}"))
        shown = [s for s in shows if s.id in mine]
        return ical.calendar(f"{league.name}: {member.name}'s matches", _events(session, league, shown, base, mine))


def _commitments(session: Session, league: League, base: str) -> list[atom.Entry]:
    """An entry for each lock of a show still on the list: the show seed's hash it committed to
    (a show unlocked and locked again has an entry for each lock)."""
    q = (select(ShowEvent, Show).join(Show, ShowEvent.show_id == Show.id)
         .where(Show.league_id == league.id, ShowEvent.kind == "lock")
         .order_by(ShowEvent.at.desc(), ShowEvent.id.desc()).limit(MAX_ENTRIES))
    entries = []
    for ev, s in session.execute(q).all():
        digest = str(ev.detail.get("seed_sha256") or "")
        if not digest:
            continue
        html = (f"<p>Show {s.number}, {escape(s.name)}, locked: no more strategies.</p>"
                f"<p>The SHA-256 of its secret show seed: <code>{escape(digest)}</code></p>"
                "<p>The seed is revealed with the results and must hash to this value "
                f"(<code>turnbuckle verify EXPORT --commitment {s.number}={escape(digest)}</code>).</p>")
        entries.append(atom.Entry(f"urn:turnbuckle:show:{s.uid}:locked:{digest}",
                                  f"Show {s.number} locked: {s.name} ({s.show_date})", ev.at,
                                  _url(base, f"/shows/{s.number}"), html,
                                  summary=f"Show {s.number}'s seed SHA-256: {digest}"))
    return entries


def news_feed(engine: Engine, base: str, self_path: str) -> str:
    """The Atom feed of published shows and of locks, newest first: each published show's entry
    its results post, each lock's the show seed's hash it committed to (before the results)."""
    with read_scope(engine) as session:
        league = the_league(session)
        q = (select(Show).where(Show.league_id == league.id, Show.status == "published")
             .order_by(Show.number.desc()).limit(MAX_ENTRIES))
        entries: list[atom.Entry] = []
        for s in session.scalars(q).all():
            published = session.scalars(select(ShowEvent.at).where(ShowEvent.show_id == s.id,
                                                                    ShowEvent.kind == "publish")
                                        .order_by(ShowEvent.id.desc())).first() or s.created_at
            html = "\n".join(results_post(session, str(s.number), "html", base_url=base))
            entries.append(atom.Entry(f"urn:turnbuckle:show:{s.uid}", f"Show {s.number}: {s.name} ({s.show_date})",
                                      published, _url(base, f"/shows/{s.number}"), html,
                                      summary=f"Results of {s.name}, {s.show_date}"))
        entries = sorted(entries + _commitments(session, league, base), key=lambda e: e.updated,
                         reverse=True)[:MAX_ENTRIES]
        updated = max((e.updated for e in entries), default=league.created_at)
        return atom.feed(f"urn:turnbuckle:league:{league.id}:{int(league.created_at.timestamp())}",
                         f"{league.name}: results", _url(base, self_path), _url(base, "/"), entries, updated)


# -- private feed addresses ----------------------------------------------------------------------------
def create_feed_token(ctx: Ctx) -> tuple[str, FeedToken]:
    """A new secret for the acting member's private calendar address: returned once, kept hashed."""
    if not ctx.actor.id:
        raise NotFound("sign in for a private calendar")
    return member_tokens.issue(ctx.session, member_tokens.FEED, ctx.actor.id, ctx.now())


def feed_tokens(ctx: Ctx) -> list[FeedToken]:
    return member_tokens.owned(ctx.session, member_tokens.FEED, ctx.actor.id)


def revoke_feed_token(ctx: Ctx, token_id: int) -> FeedToken:
    return member_tokens.revoke(ctx.session, member_tokens.FEED, ctx.actor.id, token_id, ctx.now())


def member_for_feed(session: Session, raw: str) -> Member | None:
    row = member_tokens.live(session, member_tokens.FEED, raw)
    return None if row is None else session.get(Member, row.member_id)


def described(row: FeedToken, ctx: Ctx) -> dict[str, Any]:
    return {"id": row.id, "hint": row.hint, "created": ctx.local(row.created_at),
            "revoked": ctx.local(row.revoked_at) if row.revoked_at else None}

