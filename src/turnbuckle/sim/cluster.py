"""A Dask distributed cluster to play on: connect to a running scheduler, or start a LocalCluster on
loopback (``--scheduler ADDRESS|local``). Used by the lab's sweeps, the advisor and the league's job
worker; what runs on it is theirs (``lab/run_dask.py``)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from turnbuckle.core.errors import RulesError

#: Seconds to wait for a scheduler before saying it cannot be reached.
CONNECT_S = 3
#: ``--scheduler local``: a LocalCluster of this many single-threaded worker processes.
LOCAL_WORKERS = 2


def start_local() -> Any:
    """A LocalCluster on the loopback interface: worker processes, no dashboard, quiet logs. (The
    scheduler still serves its small HTTP health routes: on a free loopback port, not 8787.)"""
    from distributed import LocalCluster  # lazy: keeps numpy and distributed out of start-up

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
    from distributed import Client  # lazy: keeps numpy and distributed out of start-up

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
