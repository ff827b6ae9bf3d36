"""Pairings played on a Dask distributed cluster (``sweep --scheduler``).

Chunks of pairings are submitted as tasks running ``play.play_chunk``: a pure function of the
jobs it is given (each job carries its sides, options, match count and seed), so a chunk gives the
same result on any worker, and a chunk whose worker dies is simply played again elsewhere (the
scheduler reschedules the tasks of a lost worker; ``RETRIES`` also replays a task that raised).
Results come back to this process, which alone writes the cache.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.lab.play import Job, play_chunk
from turnbuckle.lab.run_local import OnResult, chunk_size, chunked

#: Seconds to wait for a scheduler before saying it cannot be reached.
CONNECT_S = 3
#: Times a task that raised is tried again.
RETRIES = 3
#: ``--scheduler local``: a LocalCluster of this many single-threaded worker processes.
LOCAL_WORKERS = 2


def start_local() -> Any:
    """A LocalCluster on the loopback interface: worker processes, no dashboard, quiet logs. (The
    scheduler still serves its small HTTP health routes: on a free loopback port, not 8787.)"""
    from distributed import LocalCluster

    return LocalCluster(n_workers=LOCAL_WORKERS, threads_per_worker=1, processes=True, host="127.0.0.1",
                        dashboard_address=None, scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                        silence_logs=logging.ERROR)


@contextmanager
def cluster_client(address: str) -> Iterator[Any]:
    """A connected client for the length of the block; a cluster we started is closed after it."""
    client, cluster = connect(address)
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def connect(address: str) -> tuple[Any, Any]:
    """A client of the scheduler at ``address`` (``tcp://HOST:PORT``), or of a new LocalCluster
    (``local``); and the cluster to close (None for a scheduler we did not start)."""
    from distributed import Client

    if address == "local":
        cluster = start_local()
        return Client(cluster, timeout=CONNECT_S * 10), cluster
    if not address.startswith(("tcp://", "tls://")) or ":" not in address.split("://", 1)[1]:
        raise RulesError(f"--scheduler '{address}': give tcp://HOST:PORT of a running Dask scheduler, or 'local'")
    try:
        return Client(address, timeout=CONNECT_S), None
    except (OSError, TimeoutError):
        raise RulesError(f"--scheduler {address}: no Dask scheduler answered within {CONNECT_S} s; start one "
                         "with `dask scheduler` (see docs/sweep.md) or use --scheduler local") from None


def chunk_key(chunk: Sequence[Job]) -> str:
    """A task's name: its jobs' keys hashed (the same chunk always has the same name)."""
    digest = hashlib.sha256("|".join(job.key for job in chunk).encode()).hexdigest()[:24]
    return f"turnbuckle-sweep-{digest}"


def run_dask(jobs: Sequence[Job], client: Any, on_result: OnResult) -> None:
    """Play every job on the cluster of ``client``; ``on_result`` hears each pairing here."""
    from distributed import as_completed

    workers = max(1, len(client.scheduler_info().get("workers", {})))
    size = chunk_size(len(jobs), jobs[0].n if jobs else 1, workers)
    futures = [client.submit(play_chunk, chunk, key=chunk_key(chunk), retries=RETRIES, pure=False)
               for chunk in chunked(jobs, size)]
    try:
        for future in as_completed(futures):
            for key, result in future.result():
                on_result(key, result)
    except Exception as exc:
        client.cancel(futures)
        if type(exc).__name__ == "KilledWorker":
            raise RulesError("Dask workers died again and again playing the same chunk of pairings; check the "
                             "workers' logs (memory, a missing turnbuckle install)") from None
        raise
    except BaseException:
        client.cancel(futures)
        raise
