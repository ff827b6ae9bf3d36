"""The burst of ``tests/web/test_load.py``, run as ``python -m tests.web.burst_client BASE`` in a process
of its own: reads the submissions as JSON on stdin (``[{"url", "headers", "text", "api_body"}, ...]``),
sends them all at once while a spectator keeps reading the league home page, and prints JSON
``{"answers": [[status, body], ...], "home_times": [seconds, ...]}`` with the answers in the order given.
In the server's process the client's own work (about as much CPU as the server's) shared the server's
interpreter lock and was timed as the server's, as the crowd's did (``crowd_client.py``)."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

import httpx2


async def _burst(base: str, sending: list[dict[str, Any]]) -> dict[str, Any]:
    count = len(sending)
    limits = httpx2.Limits(max_connections=count + 10, max_keepalive_connections=count + 10)
    async with httpx2.AsyncClient(base_url=base, limits=limits, timeout=120) as client:
        done = asyncio.Event()
        home_times: list[float] = []

        async def send(item: dict[str, Any]) -> tuple[int, str]:
            if item["api_body"] is not None:
                r = await client.post(item["url"], json=item["api_body"], headers=item["headers"])
            else:
                r = await client.post(item["url"], data={"text": item["text"]}, headers=item["headers"])
            return r.status_code, r.text

        async def read_home() -> None:
            async with httpx2.AsyncClient(base_url=base, timeout=60) as reader:
                while not done.is_set():
                    start = time.perf_counter()
                    r = await reader.get("/")
                    home_times.append(time.perf_counter() - start)
                    if r.status_code != 200:
                        raise RuntimeError(f"the home page answered {r.status_code} during the burst")

        reader = asyncio.create_task(read_home())
        try:
            answers = await asyncio.gather(*(send(item) for item in sending))
        finally:
            done.set()
            await reader
    return {"answers": [list(a) for a in answers], "home_times": home_times}


def main(argv: list[str]) -> None:
    (base,) = argv
    print(json.dumps(asyncio.run(_burst(base, json.load(sys.stdin)))))


if __name__ == "__main__":
    main(sys.argv[1:])
