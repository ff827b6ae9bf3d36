"""The army search's battles played on a Dask distributed cluster (``advise deathmatch --scheduler``).

A round (and the fresh measurement) is cut into a few chunks of armies for each of the cluster's
threads, not one task an army. Each chunk is a task running :func:`play_chunk`: a pure function of
the armies, the battles' setup (opponents, seat, policies, options), the battle count and the seeds
it is given, so it gives the same scores on any worker, and a chunk whose worker dies or that
raised is simply played again (``RETRIES``). A task's name is a hash of what it plays: the same
chunk always has the same name. The scores come back in the armies' order, so the race, and its
answer, are those of the search played here.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.rulesets.deathmatch.figures import Army
from turnbuckle.sim.deathmatch.army_search import Battles, Player, Score

#: Chunks a round is cut into for each thread of the cluster (so the work evens out).
CHUNKS_PER_THREAD = 4
#: Times a task that raised is tried again.
RETRIES = 3
#: The name every task's key starts with (the scheduler's task prefix).
PREFIX = "turnbuckle-army"


def play_chunk(battles: Battles, armies: Sequence[Army], n: int, seeds: Sequence[int]) -> list[tuple[int, int, int]]:
    """One task: each army's battles, as (battles, wins, shared draws). On one thread: the
    worker's other threads play the other chunks."""
    one = replace(battles, threads=1)
    return [(s.n, s.wins, s.draws) for s in (one.play(army, n, seeds) for army in armies)]


def chunk_key(battles: Battles, armies: Sequence[Army], n: int, seeds: Sequence[int], at: int) -> str:
    """A task's name from everything it plays and where the chunk starts (the same chunk, the same
    name; two equal chunks of one round, two names)."""
    text = repr((replace(battles, threads=1), list(armies), n, list(seeds), at))
    return f"{PREFIX}-{hashlib.sha256(text.encode()).hexdigest()[:24]}"


def chunks(count: int, threads: int) -> list[range]:
    """``count`` armies cut into at most ``CHUNKS_PER_THREAD`` chunks a thread, in order."""
    size = max(1, math.ceil(count / max(1, threads * CHUNKS_PER_THREAD)))
    return [range(i, min(count, i + size)) for i in range(0, count, size)]


def on_cluster(client: Any) -> Player:
    """A :data:`Player` whose battles play on the cluster of the Dask ``client``."""

    def play(battles: Battles, armies: Sequence[Army], n: int, seeds: Sequence[int],
             done: Callable[[int], None]) -> list[Score]:
        from distributed import as_completed  # lazy: keeps distributed out of the search played here

        workers = client.scheduler_info().get("workers", {})
        threads = sum(int(w.get("nthreads", 1)) for w in workers.values()) or 1
        parts = chunks(len(armies), threads)
        futures = []
        for part in parts:
            mine = [armies[i] for i in part]
            key = chunk_key(battles, mine, n, seeds, part.start)
            futures.append(client.submit(play_chunk, battles, mine, n, list(seeds), key=key, retries=RETRIES,
                                         pure=False))
        where = {f.key: part for f, part in zip(futures, parts, strict=True)}
        out: list[Score | None] = [None] * len(armies)
        try:
            for future in as_completed(futures):  # type: ignore[no-untyped-call]
                part = where[future.key]
                for i, (played, wins, draws) in zip(part, future.result(), strict=True):
                    out[i] = Score(played, wins, draws)
                done(len(part))
        except Exception as exc:
            client.cancel(futures)
            if type(exc).__name__ == "KilledWorker":
                raise RulesError("Dask workers died again and again playing the same chunk of armies; check the "
                                 "workers' logs (memory, a missing turnbuckle install)") from None
            raise
        except BaseException:
            client.cancel(futures)
            raise
        return [s for s in out if s is not None]

    return play
