"""The server's Prometheus metrics, in a registry of the app's own (never the process-wide default,
so a process may hold many apps: the tests do).

- Requests: ``turnbuckle_http_requests_total`` and ``turnbuckle_http_request_duration_seconds`` by
  method, route template and status, told by the request log (web/serving/request_log.py). A request no
  route matched is ``(no route)``, never its path, and an unknown method is ``other``: the number of
  series stays bounded whatever clients send.
- Show runs: ``turnbuckle_show_run_seconds`` by outcome (``run``, ``failed``), told by
  league/services/running.py through its ``run_watcher``, which web/serving/health.py sets for each request.
- The queues, read from the database at each scrape (so every server process reports the whole
  fed's): ``turnbuckle_jobs`` and ``turnbuckle_outbox_messages`` by state, and
  ``turnbuckle_database_up`` (0 when they could not be read; the scrape still answers).
- The process's own (``process_*``: CPU, memory, open files).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from pathlib import Path

from prometheus_client import CollectorRegistry, Counter, Histogram, ProcessCollector
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import choose_encoder
from prometheus_client.registry import Collector
from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from turnbuckle.league.queries_site import queue_state_counts

log = logging.getLogger(__name__)

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
JOB_STATES = ("queued", "running", "done", "failed", "cancelled")
OUTBOX_STATES = ("pending", "sending", "sent", "failed", "dropped")
#: Request seconds: a page in milliseconds, a show run or a slow client in seconds.
REQUEST_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
#: A show run's seconds: a card of a few matches to a long card on a slow machine.
RUN_BUCKETS = (0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 600.0)


def database_gone(engine: Engine) -> bool:
    """Whether the engine's SQLite file is gone (connecting would make an empty one in its place)."""
    if engine.dialect.name != "sqlite":
        return False
    name = engine.url.database
    return bool(name) and name != ":memory:" and not Path(str(name)).exists()


def queue_counts(engine: Engine) -> tuple[dict[str, int], dict[str, int]]:
    """How many jobs and outbox messages are in each state (an error: SQLAlchemyError)."""
    if database_gone(engine):
        raise SQLAlchemyError("the database file is gone")
    with engine.connect() as conn:
        return queue_state_counts(conn)


class _Queues(Collector):
    """The jobs and the outbox, counted at each scrape."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def describe(self) -> Iterable[Metric]:
        return []  # read at scrape only: registering it touches no database

    def collect(self) -> Iterator[Metric]:
        up = GaugeMetricFamily("turnbuckle_database_up", "1 when the league database answered this scrape, else 0")
        try:
            found_jobs, found_outbox = queue_counts(self.engine)
        except SQLAlchemyError as exc:
            log.warning("metrics: the database did not answer: %s", str(exc).splitlines()[0] if str(exc) else exc)
            up.add_metric([], 0)
            yield up
            return
        up.add_metric([], 1)
        yield up
        jobs = GaugeMetricFamily("turnbuckle_jobs", "Jobs in the jobs table by state (every server process's)",
                                 labels=["state"])
        for state in sorted(set(JOB_STATES) | set(found_jobs)):
            jobs.add_metric([state], found_jobs.get(state, 0))
        yield jobs
        outbox = GaugeMetricFamily("turnbuckle_outbox_messages", "Notifications in the outbox by state",
                                   labels=["state"])
        for state in sorted(set(OUTBOX_STATES) | set(found_outbox)):
            outbox.add_metric([state], found_outbox.get(state, 0))
        yield outbox


class Metrics:
    """One app's metrics: what the request log and show runs tell it, and the queues at each scrape."""

    def __init__(self, engine: Engine) -> None:
        self.registry = CollectorRegistry()
        labels = ("method", "route", "status")
        self.requests = Counter("turnbuckle_http_requests", "Requests answered, by method, route template and status",
                                labels, registry=self.registry)
        self.latency = Histogram("turnbuckle_http_request_duration_seconds",
                                 "Seconds from a request's arrival to its answer's end, by method, route template "
                                 "and status", labels, buckets=REQUEST_BUCKETS, registry=self.registry)
        self.show_runs = Histogram("turnbuckle_show_run_seconds", "Show runs and their seconds, by outcome (run, "
                                   "failed)", ("outcome",), buckets=RUN_BUCKETS, registry=self.registry)
        self.registry.register(_Queues(engine))
        ProcessCollector(registry=self.registry)

    def observe_request(self, method: str, route: str, status: int, seconds: float) -> None:
        values = (method if method in METHODS else "other", route, str(status))
        self.requests.labels(*values).inc()
        self.latency.labels(*values).observe(seconds)

    def observe_run(self, outcome: str, seconds: float) -> None:
        self.show_runs.labels(outcome).observe(seconds)

    def exposition(self, accept: str | None) -> tuple[bytes, str]:
        """The scrape's body and content type (the text format, or OpenMetrics when asked for)."""
        encoder, content_type = choose_encoder(accept or "")
        return encoder(self.registry), content_type
