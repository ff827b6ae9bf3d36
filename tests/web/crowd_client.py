"""The crowd of ``serve_support.crowd``, run as ``python -m tests.web.crowd_client BASE PATH COUNT
TIMEOUT`` in a process of its own: COUNT GETs of PATH sent at once, each on its own connection; prints
each answer as JSON ``[status or the client's error's name, seconds, Retry-After]``."""

from __future__ import annotations

import asyncio
import json
import sys
import time

import httpx2


async def _crowd(base: str, path: str, count: int, timeout: float) -> list[tuple[int | str, float, str | None]]:
    limits = httpx2.Limits(max_connections=count, max_keepalive_connections=0)
    async with httpx2.AsyncClient(base_url=base, limits=limits, timeout=timeout) as client:
        async def one() -> tuple[int | str, float, str | None]:
            start = time.perf_counter()
            try:
                r = await client.get(path)
            except httpx2.HTTPError as exc:
                return type(exc).__name__, time.perf_counter() - start, None
            return r.status_code, time.perf_counter() - start, r.headers.get("retry-after")

        return list(await asyncio.gather(*(one() for _ in range(count))))


def main(argv: list[str]) -> None:
    base, path, count, timeout = argv
    print(json.dumps(asyncio.run(_crowd(base, path, int(count), float(timeout)))))


if __name__ == "__main__":
    main(sys.argv[1:])
