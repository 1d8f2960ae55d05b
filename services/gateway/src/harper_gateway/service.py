"""The gateway process: uvicorn serving ``create_app`` on HARPER_HOST:HARPER_PORT."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

import uvicorn

from harper_common.settings import HarperSettings
from harper_gateway.app import create_app

NAME = "gateway"


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
    )
    server = _Server(config)
    serving = asyncio.create_task(server.serve())
    stopping = asyncio.create_task(stop.wait())
    await asyncio.wait({serving, stopping}, return_when=asyncio.FIRST_COMPLETED)
    server.should_exit = True
    await serving
    stopping.cancel()
