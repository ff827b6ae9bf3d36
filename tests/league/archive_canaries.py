"""A copy of the post league with a secret of every kind planted, for the archive's tests: account
data (an e-mail address, password hashes, a session, an invite, a reset link, an API token, the
server's keys, the notification settings' secrets) and a show that has run but is not published
(its seed, each match's seed, strategies with a canary in their notes); and a competitor whose
sheet is not public under the "weight" setting, with a canary in its notes; and a table match
(public once saved)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import select

from turnbuckle.league.assembly import assemble
from turnbuckle.league.credentials import digest
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.models import Competitor, Member, MemberContact, NotifySettings, Result, Show, WebSession
from turnbuckle.league.services import accounts, running, shows
from turnbuckle.league.services.table import save_table_match

from .post_league import NOW, copy_post_league
from .test_table_matches import table_match

STRATEGY_CANARY = "CanaryStrategyNote7731"
SHEET_CANARY = "CanarySheetNote5519"
EMAIL = "canary.mail.4471@example.org"
#: Milo Sarkis wrestles only on show 3, which runs here but is never published.
UNSEEN = "Milo Sarkis"


def plant(tmp: Path) -> tuple[str, dict[str, str]]:
    """The league's URL and every planted secret (what it is -> its text)."""
    url = copy_post_league(tmp)
    engine = make_engine(url)
    secrets: dict[str, str] = {}
    opened = NOW + timedelta(days=2)
    try:
        with session_scope(engine) as session:
            program = assemble()
            ctx = program.context(session, None, lambda: opened)
            secrets["invite"] = accounts.create_invite(ctx, "Newcomer")
            secrets["reset"] = accounts.create_reset(ctx, "Ann")
            secrets["invite sha"] = digest(secrets["invite"])
            ann = session.scalars(select(Member).where(Member.name == "Ann")).one()
            secrets["session"] = accounts.start_session(session, ann, lambda: opened)
            web = session.scalars(select(WebSession).where(WebSession.member_id == ann.id)).one()
            secrets["session sha"], secrets["csrf"] = web.id_sha256, web.csrf_token
            secrets["api token"], token = accounts.create_token(program.context(session, "Ann", lambda: opened), "bot")
            secrets["api token sha"] = token.token_sha256
            secrets["server key"] = accounts.site_key(session, "csrf")
            for m in session.scalars(select(Member)):
                if m.password_hash:
                    secrets[f"password hash of {m.name}"] = m.password_hash
            session.add(MemberContact(member_id=ann.id, email=EMAIL, kinds="results", unsubscribe_token="u" * 40,
                                      updated_at=opened))
            session.add(NotifySettings(league_id=ctx.league.id, webhook_url="https://hooks.example/canary-hook-93",
                                       webhook_secret="canary-webhook-secret-2290", smtp_password="canary-smtp-8812",
                                       updated_at=opened))
            secrets["e-mail"] = EMAIL
            secrets["webhook"] = "canary-hook-93"
            secrets["webhook secret"] = "canary-webhook-secret-2290"
            secrets["smtp password"] = "canary-smtp-8812"
            milo = session.scalars(select(Competitor).where(Competitor.name == UNSEEN)).one()
            milo.sheet = {**milo.sheet, "notes": SHEET_CANARY}
            secrets["unpublished sheet"] = SHEET_CANARY
        with session_scope(engine) as session:
            s3 = session.scalars(select(Show).where(Show.number == 3)).one()
            bob = s3.matches[0].sides[0].competitor
            ivan = s3.matches[0].sides[1].competitor
            for comp, grid in ((bob, "Grid B"), (ivan, "Grid 2")):
                text = (f"Strategy: +Brawling +Power -Technical, {grid}\nRound\tTarget\tType\tNotes\n"
                        f"1\tStam\tNormal\t{STRATEGY_CANARY} from {comp.name}\n")
                shows.submit(assemble().context(session, comp.owner.name, lambda: opened), "3", 1, comp.name, text)
            secrets["unpublished strategy"] = STRATEGY_CANARY
        when = datetime.fromisoformat(f"{s3.show_date}T12:00:00+00:00").astimezone(UTC)
        with session_scope(engine) as session:
            shows.lock(assemble().context(session, None, lambda: when), "3")
        with session_scope(engine) as session:
            s = running.run_show(assemble().context(session, None, lambda: when), "3")
            assert s.status == "run", s.run_error
            secrets["unpublished show seed"] = str(s.seed)
            for r in session.scalars(select(Result).where(Result.show_id == s.id)):
                secrets[f"unpublished match seed {r.match_id}"] = r.seed
        with session_scope(engine) as session:
            ctx = assemble().context(session, None, lambda: when)
            draft = shows.create_show(ctx, "Canary Draft Night", "2027-01-01", when + timedelta(days=30))
            secrets["draft show"] = draft.name
            record, typed = table_match("boxing", ["all-rounder", "glass-cannon"], 11, {"rounds": 3})
            entries = [{"answer": g, "seed": None} for g in typed]
            save_table_match(ctx, record, entries, ["Mika Sato", "Rico Vance"])  # public once saved
    finally:
        engine.dispose()
    return url, secrets
