"""The league's tables as typed SQLAlchemy models. Nothing here is game-specific beyond what every
game shares: sheets, strategies and records are stored as their validated JSON with ruleset id and
version. Times are stored in UTC (see :class:`UTCDateTime`)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, MetaData, String, Text, UniqueConstraint, true
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import DateTime, TypeDecorator

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC datetime, stored without a zone (SQLite keeps none) and read back as UTC."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("league times must be timezone-aware")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {datetime: UTCDateTime, dict[str, Any]: JSON, list[Any]: JSON}  # noqa: RUF012


class League(Base):
    __tablename__ = "leagues"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")
    max_push_level: Mapped[int] = mapped_column(default=5)
    #: what is public of a competitor before its first published match: "weight" (its weight
    #: class) or "sheet" (the whole sheet); league/services/briefing.py
    public_sheets: Mapped[str] = mapped_column(String(10), default="weight", server_default="weight")
    #: whether members may ask the game's advisor for a strategy (league/services/advice.py)
    advisor: Mapped[bool] = mapped_column(default=True, server_default=true())
    created_at: Mapped[datetime]


class Member(Base):
    __tablename__ = "members"
    __table_args__ = (UniqueConstraint("league_id", "name"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    role: Mapped[str] = mapped_column(String(20))  # organiser | player
    created_at: Mapped[datetime]
    password_hash: Mapped[str | None] = mapped_column(String(255))  # argon2; None until the member signs up


class Competitor(Base):
    """A validated sheet of any game, owned by a player, with its current standing (the latest row
    of each history table, kept here so standings read one table)."""

    __tablename__ = "competitors"
    __table_args__ = (UniqueConstraint("league_id", "name"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    uid: Mapped[str] = mapped_column(String(32), unique=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id"), index=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("members.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    ruleset: Mapped[str] = mapped_column(String(40), index=True)
    ruleset_version: Mapped[str] = mapped_column(String(20))
    sheet: Mapped[dict[str, Any]]
    members: Mapped[list[Any]] = mapped_column(default=list)  # a team's member competitor ids
    push_level: Mapped[int | None]
    push_points: Mapped[str | None] = mapped_column(String(40))  # an exact fraction, "9/5"
    injuries: Mapped[int] = mapped_column(default=0)
    rating_mu: Mapped[float]
    rating_sigma: Mapped[float]
    wins: Mapped[int] = mapped_column(default=0)
    losses: Mapped[int] = mapped_column(default=0)
    draws: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime]
    owner: Mapped[Member] = relationship()


class Referee(Base):
    __tablename__ = "referees"
    __table_args__ = (UniqueConstraint("league_id", "name"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    uid: Mapped[str] = mapped_column(String(32), unique=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    ruleset: Mapped[str] = mapped_column(String(40))
    sheet: Mapped[dict[str, Any]]
    created_at: Mapped[datetime]


class Title(Base):
    __tablename__ = "titles"
    __table_args__ = (UniqueConstraint("league_id", "name"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    ruleset: Mapped[str] = mapped_column(String(40))
    methods_excluded: Mapped[list[Any]] = mapped_column(default=list)  # finishes that do not change hands
    created_at: Mapped[datetime]
    #: who may hold it: "singles" (no teams), "tag" (teams only) or "any" (titles made before 0.2.0)
    kind: Mapped[str] = mapped_column(String(10), default="singles", server_default="any")
    min_weight: Mapped[int | None]  # MatchMatch: the holder's sheet Weight at least this (a weight class)
    max_weight: Mapped[int | None]  # ... and at most this (the rulebook's light-heavyweights: 3)
    min_push_level: Mapped[int | None]  # MatchMatch: the Push Level a title shot needs (as last published)


class Show(Base):
    __tablename__ = "shows"
    __table_args__ = (UniqueConstraint("league_id", "number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    uid: Mapped[str] = mapped_column(String(32), unique=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id"), index=True)
    number: Mapped[int]
    name: Mapped[str] = mapped_column(String(200))
    show_date: Mapped[str] = mapped_column(String(10))
    deadline: Mapped[datetime]
    status: Mapped[str] = mapped_column(String(12), default="draft")
    card_seed: Mapped[str | None] = mapped_column(String(64))  # published when the card opens
    seed: Mapped[str | None] = mapped_column(String(64))  # secret from lock until the run
    seed_sha256: Mapped[str | None] = mapped_column(String(64))
    manifest: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    writeup: Mapped[str] = mapped_column(Text, default="")
    healed: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime]
    run_error: Mapped[str | None] = mapped_column(Text)  # why the last run failed (the show stays locked)
    deleted_at: Mapped[datetime | None]  # status "deleted": the row stays (its number, uid and card seed)
    matches: Mapped[list[CardMatch]] = relationship(order_by="CardMatch.position", back_populates="show")


class ShowEvent(Base):
    """Every step of a show's life (open, lock, unlock, run, publish, card changes), in order."""

    __tablename__ = "show_events"
    id: Mapped[int] = mapped_column(primary_key=True)
    show_id: Mapped[int] = mapped_column(ForeignKey("shows.id"), index=True)
    at: Mapped[datetime]
    kind: Mapped[str] = mapped_column(String(20))
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"))
    detail: Mapped[dict[str, Any]] = mapped_column(default=dict)


class CardMatch(Base):
    __tablename__ = "card_matches"
    __table_args__ = (UniqueConstraint("show_id", "position"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    show_id: Mapped[int] = mapped_column(ForeignKey("shows.id"), index=True)
    position: Mapped[int]
    ruleset: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(default=dict)
    referee_id: Mapped[int | None] = mapped_column(ForeignKey("referees.id"))
    referee_drawn: Mapped[bool] = mapped_column(default=False)
    title_id: Mapped[int | None] = mapped_column(ForeignKey("titles.id"))
    grid: Mapped[str | None] = mapped_column(String(80))  # MatchMatch: fixed when the show opens
    grid_drawn: Mapped[bool] = mapped_column(default=False, server_default="0")
    edited_at: Mapped[datetime | None]  # the last change after the show opened (strategies before it are stale)
    rebook: Mapped[bool] = mapped_column(default=False, server_default="0")  # a competitor booked twice, on purpose
    show: Mapped[Show] = relationship(back_populates="matches")
    sides: Mapped[list[CardSide]] = relationship(order_by="CardSide.index", back_populates="match")
    referee: Mapped[Referee | None] = relationship()
    title: Mapped[Title | None] = relationship()


class CardSide(Base):
    __tablename__ = "card_sides"
    __table_args__ = (UniqueConstraint("match_id", "index"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("card_matches.id"), index=True)
    index: Mapped[int]
    competitor_id: Mapped[int] = mapped_column(ForeignKey("competitors.id"), index=True)
    #: the competitor's sheet as it stood when the show opened (or the match was added or edited after)
    sheet: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    match: Mapped[CardMatch] = relationship(back_populates="sides")
    competitor: Mapped[Competitor] = relationship()


class Submission(Base):
    """One version of a side's strategy; every version is kept, the latest before the deadline counts."""

    __tablename__ = "submissions"
    id: Mapped[int] = mapped_column(primary_key=True)
    side_id: Mapped[int] = mapped_column(ForeignKey("card_sides.id"), index=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id"))
    text: Mapped[str] = mapped_column(Text)
    sha256: Mapped[str] = mapped_column(String(64))
    submitted_at: Mapped[datetime]


class Result(Base):
    __tablename__ = "results"
    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("card_matches.id"), unique=True)
    show_id: Mapped[int] = mapped_column(ForeignKey("shows.id"), index=True)
    ruleset: Mapped[str] = mapped_column(String(40))
    ruleset_version: Mapped[str] = mapped_column(String(20))
    seed: Mapped[str] = mapped_column(String(24))  # a 64-bit integer as text (portable)
    inputs: Mapped[list[Any]]  # each side's document exactly as it was played
    record: Mapped[dict[str, Any]]
    winner_index: Mapped[int | None]
    method: Mapped[str] = mapped_column(String(40))
    notes: Mapped[list[Any]] = mapped_column(default=list)
    played_at: Mapped[datetime]


class ResultSide(Base):
    """Which competitor stood where in a result, and how it finished (win, loss, draw): history reads this."""

    __tablename__ = "result_sides"
    __table_args__ = (Index("ix_result_sides_competitor_result", "competitor_id", "result_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    result_id: Mapped[int] = mapped_column(ForeignKey("results.id"), index=True)
    competitor_id: Mapped[int] = mapped_column(ForeignKey("competitors.id"))
    index: Mapped[int]
    outcome: Mapped[str] = mapped_column(String(8))


class PushChange(Base):
    __tablename__ = "push_changes"
    id: Mapped[int] = mapped_column(primary_key=True)
    competitor_id: Mapped[int] = mapped_column(ForeignKey("competitors.id"), index=True)
    show_id: Mapped[int | None] = mapped_column(ForeignKey("shows.id"), index=True)
    result_id: Mapped[int | None] = mapped_column(ForeignKey("results.id"), index=True)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"))
    level_before: Mapped[int]
    points_before: Mapped[str] = mapped_column(String(40))
    level_after: Mapped[int]
    points_after: Mapped[str] = mapped_column(String(40))
    reason: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime]


class InjuryChange(Base):
    __tablename__ = "injury_changes"
    id: Mapped[int] = mapped_column(primary_key=True)
    competitor_id: Mapped[int] = mapped_column(ForeignKey("competitors.id"), index=True)
    show_id: Mapped[int] = mapped_column(ForeignKey("shows.id"), index=True)
    result_id: Mapped[int | None] = mapped_column(ForeignKey("results.id"), index=True)
    before: Mapped[int]
    after: Mapped[int]
    roll: Mapped[int | None]
    reason: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime]


class RatingChange(Base):
    __tablename__ = "rating_changes"
    id: Mapped[int] = mapped_column(primary_key=True)
    competitor_id: Mapped[int] = mapped_column(ForeignKey("competitors.id"), index=True)
    result_id: Mapped[int] = mapped_column(ForeignKey("results.id"), index=True)
    mu_before: Mapped[float]
    sigma_before: Mapped[float]
    mu_after: Mapped[float]
    sigma_after: Mapped[float]


class Reign(Base):
    __tablename__ = "reigns"
    id: Mapped[int] = mapped_column(primary_key=True)
    title_id: Mapped[int] = mapped_column(ForeignKey("titles.id"), index=True)
    competitor_id: Mapped[int] = mapped_column(ForeignKey("competitors.id"), index=True)
    won_result_id: Mapped[int | None] = mapped_column(ForeignKey("results.id"))
    lost_result_id: Mapped[int | None] = mapped_column(ForeignKey("results.id"))
    started_at: Mapped[datetime]
    ended_at: Mapped[datetime | None]


class TableMatch(Base):
    """A match played at a table with the score keeper and saved by the organiser: no show, no
    committed seed. Its entries (every face, card and choice as entered; a "roll for me" answer
    with the seed the server drew it from) replay to its record; ``verify`` replays them. A match
    played offline carries the key its phone gave it (``client_key``): sent again, it is saved once."""

    __tablename__ = "table_matches"
    __table_args__ = (Index("ix_table_matches_client_key", "league_id", "client_key", unique=True),)
    id: Mapped[int] = mapped_column(primary_key=True)
    uid: Mapped[str] = mapped_column(String(32), unique=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id"), index=True)
    ruleset: Mapped[str] = mapped_column(String(40))
    ruleset_version: Mapped[str] = mapped_column(String(20))
    package_version: Mapped[str] = mapped_column(String(40))
    entries: Mapped[list[Any]]  # [{"answer": ["3", "5"], "seed": 123 | null}, ...], in order
    record: Mapped[dict[str, Any]]
    winner_index: Mapped[int | None]
    method: Mapped[str] = mapped_column(String(40))
    saved_by: Mapped[int] = mapped_column(ForeignKey("members.id"))
    saved_at: Mapped[datetime]
    client_key: Mapped[str | None] = mapped_column(String(64))
    sides: Mapped[list[TableMatchSide]] = relationship(order_by="TableMatchSide.index", back_populates="match")


class TableMatchSide(Base):
    """Who took a side of a table match: a competitor of its game, or nobody of the league
    (``competitor_id`` None); its outcome, and its rating before and after (the change's row)."""

    __tablename__ = "table_match_sides"
    __table_args__ = (UniqueConstraint("table_match_id", "index"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    table_match_id: Mapped[int] = mapped_column(ForeignKey("table_matches.id"), index=True)
    index: Mapped[int]
    name: Mapped[str] = mapped_column(String(200))  # the side's name in the record
    competitor_id: Mapped[int | None] = mapped_column(ForeignKey("competitors.id"), index=True)
    outcome: Mapped[str] = mapped_column(String(8))
    mu_before: Mapped[float | None]
    sigma_before: Mapped[float | None]
    mu_after: Mapped[float | None]
    sigma_after: Mapped[float | None]
    match: Mapped[TableMatch] = relationship(back_populates="sides")
    competitor: Mapped[Competitor | None] = relationship()


class WebSession(Base):
    """A signed-in browser: the cookie holds a random id, this row only its SHA-256."""

    __tablename__ = "web_sessions"
    id: Mapped[int] = mapped_column(primary_key=True)
    id_sha256: Mapped[str] = mapped_column(String(64), unique=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id"), index=True)
    csrf_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime]
    member: Mapped[Member] = relationship()


class AccountLink(Base):
    """A one-time link the organiser hands out: an invitation to sign up (``invite``, for a new
    player named here) or a password reset (``reset``, for an existing member). Stored hashed."""

    __tablename__ = "account_links"
    id: Mapped[int] = mapped_column(primary_key=True)
    token_sha256: Mapped[str] = mapped_column(String(64), unique=True)
    kind: Mapped[str] = mapped_column(String(10))  # invite | reset
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id"), index=True)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"), index=True)  # a reset's member
    name: Mapped[str | None] = mapped_column(String(100))  # an invite's suggested member name
    created_by: Mapped[int] = mapped_column(ForeignKey("members.id"))
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]


class ApiToken(Base):
    """A personal API token: shown once when created, kept as its SHA-256; revoked rows stay."""

    __tablename__ = "api_tokens"
    id: Mapped[int] = mapped_column(primary_key=True)
    token_sha256: Mapped[str] = mapped_column(String(64), unique=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id"), index=True)
    label: Mapped[str] = mapped_column(String(100))
    hint: Mapped[str] = mapped_column(String(12))  # the token's first characters, to tell tokens apart
    #: what it may do, comma-separated: read, submit (strategies), organise (the organiser's API)
    scopes: Mapped[str] = mapped_column(String(60), default="read,submit", server_default="read,submit,organise")
    created_at: Mapped[datetime]
    last_used_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]
    member: Mapped[Member] = relationship()


class LoginAttempt(Base):
    """A failed sign-in, counted per account name and per address for throttling."""

    __tablename__ = "login_attempts"
    id: Mapped[int] = mapped_column(primary_key=True)
    account: Mapped[str] = mapped_column(String(100), index=True)  # the name as typed, lower case
    address: Mapped[str] = mapped_column(String(64), index=True)
    at: Mapped[datetime] = mapped_column(index=True)


class Notice(Base):
    """A message for one member from the league (a strategy gone stale when the organiser edited
    its match; a strategy the run could not play): shown on their pages until they read it."""

    __tablename__ = "notices"
    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id"), index=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id"), index=True)
    show_id: Mapped[int | None] = mapped_column(ForeignKey("shows.id"), index=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime]
    visible_from_show: Mapped[int | None] = mapped_column(ForeignKey("shows.id"))  # held back until it is published
    read_at: Mapped[datetime | None]


class SiteKey(Base):
    """A server secret kept with the league (signing the spectators' CSRF tokens)."""

    __tablename__ = "site_keys"
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


class Job(Base):
    """A long run (odds, and later verify, advise, explain) kept in the database, so that any server
    process may run it and any may show it: queued, then claimed by one worker under a lease that
    its heartbeat renews (a lease run out lets another worker claim it again), then done, failed or
    cancelled with its result or error. Not backed up: a job is work in flight, not league data."""

    __tablename__ = "jobs"
    __table_args__ = (Index("ix_jobs_state_created", "state", "created_at"),)
    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # unguessable: its id is its address
    kind: Mapped[str] = mapped_column(String(40))
    # "member:ID", "visitor:HASH" (a spectator's tb_anon cookie, hashed) or "address:HOST"
    owner: Mapped[str] = mapped_column(String(120), index=True)
    public: Mapped[bool] = mapped_column(default=False)  # anyone with the id may follow it
    title: Mapped[str] = mapped_column(String(400))
    params: Mapped[dict[str, Any]]
    state: Mapped[str] = mapped_column(String(12), default="queued")  # queued, running, done, failed, cancelled
    total: Mapped[int] = mapped_column(default=0)
    done: Mapped[int] = mapped_column(default=0)
    result: Mapped[dict[str, Any] | None]
    error: Mapped[str] = mapped_column(Text, default="")
    cancel: Mapped[bool] = mapped_column(default=False)
    worker: Mapped[str] = mapped_column(String(120), default="")
    attempts: Mapped[int] = mapped_column(default=0)
    lease_until: Mapped[datetime | None]
    created_at: Mapped[datetime]
    started_at: Mapped[datetime | None]
    finished_at: Mapped[datetime | None]

    @property
    def active(self) -> bool:
        return self.state in ("queued", "running")

    @property
    def detail(self) -> dict[str, Any]:
        """What the page shows of the parameters (a kind keeps its shown part under "detail")."""
        shown = self.params.get("detail", {})
        return shown if isinstance(shown, dict) else {}

    @property
    def percent(self) -> float:
        return 100.0 * self.done / self.total if self.total else 0.0

    @property
    def elapsed(self) -> float:
        """Seconds since the run started (0 while it waits), up to its end once it is over."""
        if self.started_at is None:
            return 0.0
        return ((self.finished_at or datetime.now(UTC)) - self.started_at).total_seconds()



class NotifySettings(Base):
    """A league's notification settings: the organiser's webhook (its URL, the kinds it gets and the
    secret its bodies are signed with) and the SMTP server its e-mail goes through, and how long
    before a deadline the reminders go. Holds secrets: never exported, archived, backed up or shown."""

    __tablename__ = "notify_settings"
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id"), primary_key=True)
    webhook_url: Mapped[str | None] = mapped_column(String(2000))
    webhook_kinds: Mapped[str] = mapped_column(String(80), default="open,deadline,results")
    webhook_secret: Mapped[str] = mapped_column(String(128))
    #: what the webhook's receiver reads: discord | slack | json (guessed from the address when set)
    webhook_dialect: Mapped[str] = mapped_column(String(16), default="json", server_default="json")
    smtp_host: Mapped[str | None] = mapped_column(String(255))
    smtp_port: Mapped[int] = mapped_column(default=587)
    smtp_security: Mapped[str] = mapped_column(String(10), default="starttls")  # none | starttls | tls
    smtp_user: Mapped[str | None] = mapped_column(String(255))
    smtp_password: Mapped[str | None] = mapped_column(String(255))
    smtp_from: Mapped[str | None] = mapped_column(String(320))
    reminder_hours: Mapped[str] = mapped_column(String(40), default="24,1")  # hours before a deadline
    #: the address links in messages begin with when the server has no --base-url (saved from the
    #: organiser's settings page, as the site was reached)
    site_url: Mapped[str | None] = mapped_column(String(300))
    updated_at: Mapped[datetime]


class OutboxMessage(Base):
    """One message to send (a webhook call, or an e-mail to one address), written in the same
    transaction as its event and sent later by a worker: claimed under a lease (on PostgreSQL with
    FOR UPDATE SKIP LOCKED), retried with back-off until ``sent`` or ``failed``. ``dedupe`` keeps an
    event from being queued twice for the same channel and recipient."""

    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_state_due", "state", "due_at"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id"), index=True)
    event_id: Mapped[str] = mapped_column(String(64), index=True)  # what a receiver drops repeats by
    dedupe: Mapped[str] = mapped_column(String(200), unique=True)
    kind: Mapped[str] = mapped_column(String(20))  # open | deadline | results | receipt | confirm
    channel: Mapped[str] = mapped_column(String(10))  # webhook | email
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"), index=True)
    show_id: Mapped[int | None] = mapped_column(ForeignKey("shows.id"), index=True)
    payload: Mapped[dict[str, Any]] = mapped_column(default=dict)
    state: Mapped[str] = mapped_column(String(10), default="pending")  # pending, sending, sent, failed, dropped
    attempts: Mapped[int] = mapped_column(default=0)
    due_at: Mapped[datetime]
    lease_until: Mapped[datetime | None]
    worker: Mapped[str] = mapped_column(String(120), default="")
    last_error: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]
    sent_at: Mapped[datetime | None]


class OutboxAttempt(Base):
    """One try at sending an outbox message, kept for the organiser to see (never the secret)."""

    __tablename__ = "outbox_attempts"
    id: Mapped[int] = mapped_column(primary_key=True)
    outbox_id: Mapped[int] = mapped_column(ForeignKey("outbox.id"), index=True)
    at: Mapped[datetime]
    worker: Mapped[str] = mapped_column(String(120), default="")
    ok: Mapped[bool]
    status: Mapped[str] = mapped_column(String(40), default="")  # an HTTP status or an SMTP reply code
    error: Mapped[str] = mapped_column(Text, default="")
    ms: Mapped[int] = mapped_column(default=0)


class MemberContact(Base):
    """A member's e-mail address, confirmed by a link before anything is sent to it, the kinds of
    message they opted in to, and their one-click unsubscribe token."""

    __tablename__ = "member_contacts"
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id"), primary_key=True)
    email: Mapped[str | None] = mapped_column(String(320))
    confirmed_at: Mapped[datetime | None]
    confirm_sha256: Mapped[str | None] = mapped_column(String(64), unique=True)
    confirm_expires_at: Mapped[datetime | None]
    kinds: Mapped[str] = mapped_column(String(80), default="")  # comma-separated: open,deadline,results,receipt
    unsubscribe_token: Mapped[str] = mapped_column(String(64), unique=True)
    updated_at: Mapped[datetime]


class FeedToken(Base):
    """The secret in a member's private calendar address, kept as its SHA-256; revoked rows stay."""

    __tablename__ = "feed_tokens"
    id: Mapped[int] = mapped_column(primary_key=True)
    token_sha256: Mapped[str] = mapped_column(String(64), unique=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id"), index=True)
    hint: Mapped[str] = mapped_column(String(12))
    created_at: Mapped[datetime]
    revoked_at: Mapped[datetime | None]


class CalendarSequence(Base):
    """An iCal event's SEQUENCE: bumped when the show's date (``kind`` show) or its strategy
    deadline (``kind`` deadline) moves, so calendar apps update the event instead of adding one."""

    __tablename__ = "calendar_sequences"
    __table_args__ = (UniqueConstraint("show_id", "kind"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    show_id: Mapped[int] = mapped_column(ForeignKey("shows.id"))
    kind: Mapped[str] = mapped_column(String(10))
    sequence: Mapped[int] = mapped_column(default=0)
    stamp: Mapped[str] = mapped_column(String(40))  # the date or deadline the sequence is for
    updated_at: Mapped[datetime]


#: Every table in an order where each row's references come before it (backup and restore use it).
TABLES_IN_ORDER = [League, Member, Competitor, Referee, Title, Show, ShowEvent, CardMatch, CardSide,
                   Submission, Result, ResultSide, PushChange, InjuryChange, RatingChange, Reign, TableMatch,
                   TableMatchSide, ApiToken, Notice, CalendarSequence]
