"""The web's verify (job kind "verify"): the replay ``turnbuckle league verify`` runs, over a published
show's export, as a job on the jobs table. Its parameters are the export itself (plain JSON), so any
server process plays it from the row alone. One result is kept per show: a job of this kind is not
deleted with the other finished jobs, and a new one is started only when the show's export has
changed since (its SHA-256 is in the parameters); the older ones of that show are then deleted."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select

from turnbuckle.league import canonical, jobs
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.export import export_league
from turnbuckle.league.models import Job, Show
from turnbuckle.league.verify import CHANNELS, verify_export
from turnbuckle.league.verify_standings import NOT_CHECKED

KIND = "verify"
#: At most this many findings are kept (a tampered export may differ everywhere).
MAX_FINDINGS = 50


def run(params: dict[str, Any], progress: jobs.Progress, client: Any) -> dict[str, Any]:
    """Replay the export in the parameters, as ``league verify`` does."""
    findings, notes = verify_export(params["export"])
    return {"findings": findings[:MAX_FINDINGS], "more": max(0, len(findings) - MAX_FINDINGS),
            "checked": len(notes), "notes": notes[:MAX_FINDINGS]}


jobs.register(KIND, run, public=True, kept=True)


def show_export(ctx: Ctx, s: Show) -> dict[str, Any]:
    """The published show's export, as ``league export SHOW`` writes it."""
    if s.status != "published":
        raise LeagueError(f"show {s.number} is {s.status}; only a published show is verified")
    return export_league(ctx, [str(s.number)])


def export_text(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def export_sha256(data: dict[str, Any]) -> str:
    return canonical.sha256_hex(canonical.canonical_json(data))


def owner_of(s: Show) -> str:
    return f"show:{s.uid}"


def latest(ctx: Ctx, s: Show) -> Job | None:
    """The show's newest verify job, if any."""
    q = select(Job).where(Job.kind == KIND, Job.owner == owner_of(s)).order_by(Job.created_at.desc(), Job.id)
    return ctx.session.scalars(q.limit(1)).first()


def start(ctx: Ctx, s: Show) -> Job:
    """Queue a verify of the show's current export (anyone may), or the job already queued, running or
    done for that same export; JobRefused when the queue is full."""
    data = show_export(ctx, s)
    digest = export_sha256(data)
    last = latest(ctx, s)
    if last is not None and (last.state in ("queued", "running")
                             or (last.state == "done" and last.params.get("export_sha256") == digest)):
        return last
    ctx.session.execute(delete(Job).where(Job.kind == KIND, Job.owner == owner_of(s),
                                          Job.state.not_in(("queued", "running"))))
    return jobs.submit(ctx.session, KIND, {"show": s.number, "export_sha256": digest, "export": data}, owner_of(s),
                       title=f"verify show {s.number}", public=True)


@dataclass(frozen=True)
class Verdict:
    """What the show's page says of its verify: state (none, queued, running, done, failed), when it ended,
    the findings, and whether the export has changed since (then the result is of an older export)."""

    state: str
    when: datetime | None = None
    findings: tuple[str, ...] = ()
    more: int = 0
    checked: int = 0
    error: str = ""
    stale: bool = False
    notes: tuple[str, ...] = ()  # what was checked, as ``league verify`` prints it (none in a job kept from before)

    @property
    def not_checked(self) -> tuple[str, ...]:
        return NOT_CHECKED

    @property
    def channels(self) -> str:
        return CHANNELS

    @property
    def verified(self) -> bool:
        return self.state == "done" and not self.findings and not self.stale


def verdict(ctx: Ctx, s: Show) -> Verdict:
    """The kept result for the show's page (nothing is replayed here)."""
    if s.status != "published":
        return Verdict("none")
    job = latest(ctx, s)
    if job is None:
        return Verdict("none")
    stale = job.state == "done" and job.params.get("export_sha256") != export_sha256(show_export(ctx, s))
    result = job.result or {}
    return Verdict(job.state, job.finished_at, tuple(result.get("findings") or ()), int(result.get("more") or 0),
                   int(result.get("checked") or 0), job.error, stale, tuple(result.get("notes") or ()))


@dataclass(frozen=True)
class Commitment:
    """The show page's check of the seed against the hash a reader saw at lock: ``state`` is none (no
    hash given), match, differs or bad (not 64 hex digits); ``given`` the hash as typed."""

    state: str
    given: str = ""
    revealed: str = ""


def check_commitment(s: Show, given: str | None) -> Commitment:
    """Compare a published show's revealed seed with the hash a reader says was published at lock."""
    text = (given or "").strip().lower()
    if not text or s.seed is None:
        return Commitment("none")
    if len(text) != 64 or any(ch not in "0123456789abcdef" for ch in text):
        return Commitment("bad", text[:80])
    revealed = canonical.sha256_hex(bytes.fromhex(s.seed))
    return Commitment("match" if revealed == text else "differs", text, revealed)
