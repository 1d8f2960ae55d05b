"""The gateway process: uvicorn serving ``create_app`` on HARPER_HOST:HARPER_PORT."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

import uvicorn

from harper_common.settings import HarperSettings
from harper_gateway.app import create_app

NAME = "gateway"
KEEP_ALIVE_S = 75
"""How long an idle keep-alive connection stays open: longer than clients and proxies keep
theirs (httpx 5 s, load balancers ~60 s), so the client closes an idle connection first.
With uvicorn's 5 s, the server could close a connection just as a client sent its next request
on it, and that request failed with a reset connection (the soak's "stream ReadError")."""


class _Server(uvicorn.Server):
    """Uvicorn without its own signal handlers: ``harper`` owns SIGINT/SIGTERM and sets ``stop``."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


async def serve(settings: HarperSettings, stop: asyncio.Event) -> None:
    config = uvicorn.Config(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level="warning",
        access_log=False,
        lifespan="on",
        timeout_keep_alive=KEEP_ALIVE_S,
    )
    server = _Server(config)
    serving = asyncio.create_task(server.serve())
    stopping = asyncio.create_task(stop.wait())
    await asyncio.wait({serving, stopping}, return_when=asyncio.FIRST_COMPLETED)
    server.should_exit = True
    await serving
    stopping.cancel()
