"""The application factory: one app per league database."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

import anyio
from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware

from turnbuckle import __version__
from turnbuckle.core.logs import configure
from turnbuckle.core.settings import Settings
from turnbuckle.league.assembly import assemble
from turnbuckle.league.context import Clock, system_clock
from turnbuckle.league.db import database_url, open_engine
from turnbuckle.league.job_worker import Worker
from turnbuckle.web import errors
from turnbuckle.web.accounts import pages as accounts
from turnbuckle.web.accounts.sessions import AccountsMiddleware, csrf_secret
from turnbuckle.web.api import routes as api
from turnbuckle.web.deps import assets
from turnbuckle.web.keeper import offline as keeper_offline
from turnbuckle.web.keeper import pages as keeper
from turnbuckle.web.keeper import table_pages
from turnbuckle.web.notifications import feeds
from turnbuckle.web.notifications import pages as notify_pages
from turnbuckle.web.odds import advice_pages
from turnbuckle.web.odds import page as odds_page
from turnbuckle.web.organiser import autolock, setup_pages
from turnbuckle.web.public import pages, verify_pages
from turnbuckle.web.public.links import configured_base
from turnbuckle.web.serving import page_engine
from turnbuckle.web.serving.coalesce import Coalescer
from turnbuckle.web.serving.headers import SecurityHeaders
from turnbuckle.web.serving.health import Health
from turnbuckle.web.serving.limits import Limits, Shed
from turnbuckle.web.serving.metrics import Metrics
from turnbuckle.web.serving.proxies import Proxies
from turnbuckle.web.serving.request_log import RequestLog
from turnbuckle.web.serving.static_files import HashedStaticFiles
from turnbuckle.web.serving.write_queue import WriteQueue, WriteSlot

#: Answers shorter than this go as they are: compressing them saves less than it costs.
GZIP_MIN_BYTES = 1000


def create_app(db_url: str, *, clock: Clock = system_clock, auto_lock_every: float | None = autolock.INTERVAL_S,
               scheduler: str | None = None, base_url: str | None = None,
               trusted_proxies: Sequence[str] | None = None,
               limits: Limits | None = None, notify_every: float | None = 15.0,
               settings: Settings | None = None) -> FastAPI:
    """The web application over the league database at ``db_url`` (which must exist and be up to
    date: a DatabaseError says what to run otherwise). ``clock`` is the services' clock;
    ``auto_lock_every`` the seconds between the background task's passes that lock shows past
    their deadline (None: no task; the pages still lock a due show before they show it); ``scheduler``
    a Dask scheduler for the jobs' heavy work (default: the settings', else this process).
    ``base_url`` begins every absolute link the site hands out (None: the settings', else the
    address it listens on).
    ``trusted_proxies``: addresses or networks of the proxies whose X-Forwarded-For and
    X-Forwarded-Proto are believed (None: the settings'; none there: the connection's peer is the client).
    ``limits``: what the process takes on at a time, bodies and waits included (web/serving/limits.py).
    ``notify_every``: seconds between passes of the notification sender (league/notify/sender.py;
    None: no sender in this process, ``league notify --drain`` sends instead).
    ``settings``: the program's settings (core/settings.py; None: read from the environment now);
    the arguments above win over them."""
    settings = settings if settings is not None else Settings.from_env()
    scheduler = scheduler or settings.scheduler
    trusted_proxies = settings.trusted_proxies if trusted_proxies is None else trusted_proxies
    limits = limits or Limits()  # what one process takes on at a time (web/serving/limits.py)
    engine = open_engine(db_url, limits.pool())
    program = assemble()  # what each recorded event sets going (league/assembly.py): every unit of work's listeners
    slot = WriteSlot(queue=engine.dialect.name == "sqlite")

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        anyio.to_thread.current_default_thread_limiter().total_tokens = limits.threads()
        # One worker for each run of the lifespan (its tasks and events belong to this run's event
        # loop): two lifespans of one app at once (two test clients) each run and stop their own.
        # runs the jobs table's jobs (league/job_worker.py)
        worker = Worker.from_settings(engine, settings, program, scheduler)
        _app.state.job_worker = worker
        worker.start()
        locker = None
        if auto_lock_every is not None:
            locker = asyncio.create_task(autolock.lock_due_every(engine, clock, slot, program,
                                                                             auto_lock_every),
                                         name="turnbuckle-auto-lock")
        _app.state.auto_lock = locker  # the background task that locks shows past their deadline
        notifier = None
        if notify_every is not None:  # sends the outbox's webhooks and e-mail (league/notify/sender.py)
            from turnbuckle.league.notify.sender import (  # lazy: the sender loads only where the app sends
                Notifier,
            )

            notifier = Notifier(engine, clock, every=notify_every, slot=slot.held)
            notifier.start()
        _app.state.notifier = notifier
        try:
            yield
        finally:
            if notifier is not None:
                await notifier.stop()
            if locker is not None:
                await autolock.stop(locker)
            await worker.stop()
            engine.dispose()

    app = FastAPI(title="turnbuckle", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url="/api/openapi.json")
    app.state.engine = engine
    app.state.clock = clock
    app.state.program = program
    app.state.limits = limits
    app.state.settings = settings
    app.state.base_url = configured_base(base_url or settings.base_url)
    app.state.coalescer = Coalescer()  # identical heavy reads in flight at once share one answer
    # the offline keeper's engine: its Python runtime and the page's copy of the rules (web/serving/page_engine.py)
    app.add_route(page_engine.PAGE_ZIP, page_engine.page_zip_response, include_in_schema=False)
    if (runtime := page_engine.runtime_files()) is not None:
        app.mount("/static/pyodide", runtime, name="pyodide")
    app.mount("/static", HashedStaticFiles(assets), name="static")  # hashed names (web/serving/static_files.py)
    # Pages, forms and feeds answer HTML (a token is no way in there): /api/openapi.json describes the
    # JSON API alone (web/api/routes.py), not operations whose refusals it would not describe.
    app.include_router(pages.router, include_in_schema=False)
    app.include_router(keeper.router, include_in_schema=False)
    app.include_router(keeper_offline.router, include_in_schema=False)  # its service worker, the page offline
    app.include_router(table_pages.router, include_in_schema=False)
    app.include_router(odds_page.router, include_in_schema=False)
    app.include_router(advice_pages.router, include_in_schema=False)  # "Advise me": a job on the odds queue
    app.include_router(setup_pages.router, include_in_schema=False)  # first run's one-time link
    app.include_router(verify_pages.router, include_in_schema=False)  # a published show's replay, as a job
    app.include_router(notify_pages.router, include_in_schema=False)  # notification settings, e-mail links
    app.include_router(feeds.router, include_in_schema=False)  # the iCal and Atom feeds
    accounts.install(app)
    # Inside the accounts middleware (who is asking is read at once): a write is answered once committed,
    # and on SQLite writes take turns.
    app.add_middleware(WriteQueue, slot=slot)
    app.add_middleware(AccountsMiddleware, engine=engine, clock=clock, secret=csrf_secret(engine),
                       refuse_csrf=accounts.csrf_refused,
                       proxies=Proxies(trusted_proxies))  # whose X-Forwarded-For is believed (web/serving/proxies.py)
    errors.install(app)  # every refusal, as a page or as the API's JSON by the request (web/errors.py)
    api.install(app)
    app.add_middleware(Shed, limits=limits)  # bounded bodies, read first; a place or a 503 (web/serving/limits.py)
    app.state.metrics = metrics = Metrics(engine)  # the app's own Prometheus registry (web/serving/metrics.py)
    # /healthz, /readyz and /metrics, answered before the queue, the accounts and the routes (web/serving/health.py)
    app.add_middleware(Health, engine=engine, metrics=metrics, proxies=Proxies(trusted_proxies),
                       allowed=settings.metrics_allow)
    # pages, JSON and scripts compressed for a browser that takes gzip (docs/decisions.md: BREACH)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MIN_BYTES, compresslevel=6)
    app.add_middleware(SecurityHeaders)  # CSP and no-store on every answer, refusals included
    # outermost: one line per request, refusals included, each told to the metrics (web/serving/request_log.py)
    app.add_middleware(RequestLog, observe=metrics.observe_request)
    return app


def app_from_env() -> FastAPI:
    """The app ``serve --workers N`` gives uvicorn as a factory: each worker process builds it from the
    one serialised value ``serve`` handed down (core/settings.py)."""
    settings = Settings.from_env()
    configure(settings.log_level, settings.log_format)  # this worker process's lines, as serve's own
    return create_app(database_url(None, settings), settings=settings)
