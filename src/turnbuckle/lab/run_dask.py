"""Pairings played on a Dask distributed cluster (``sweep --scheduler``).

Chunks of pairings are submitted as tasks running ``play.play_chunk``: a pure function of the
jobs it is given (each job carries its sides, options, match count and seed), so a chunk gives the
same result on any worker, and a chunk whose worker dies is simply played again elsewhere (the
scheduler reschedules the tasks of a lost worker; ``RETRIES`` also replays a task that raised).
Results come back to this process, which alone writes the cache.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.lab.play import Job, play_chunk
from turnbuckle.lab.run_local import OnResult, chunk_size, chunked

#: Times a task that raised is tried again.
RETRIES = 3


def chunk_key(chunk: Sequence[Job]) -> str:
    """A task's name: its jobs' keys hashed (the same chunk always has the same name)."""
    digest = hashlib.sha256("|".join(job.key for job in chunk).encode()).hexdigest()[:24]
    return f"turnbuckle-sweep-{digest}"


def run_dask(jobs: Sequence[Job], client: Any, on_result: OnResult) -> None:
    """Play every job on the cluster of ``client``; ``on_result`` hears each pairing here."""
    from distributed import as_completed  # lazy: keeps numpy and distributed out of start-up

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
