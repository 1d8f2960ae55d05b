"""The six services: where each one's ``serve`` lives, and running one or all in this process."""

from __future__ import annotations

import asyncio
import importlib
import logging
import signal
from collections.abc import Sequence
from typing import cast

from harper_common.bus.service import ServeFunction
from harper_common.messages.subjects import SERVICES
from harper_common.settings import HarperSettings

START_ORDER = ("indexer", "starter", "search", "updater", "followup", "gateway")
"""The indexer first (the starter asks it), the gateway last (it reports everyone's health)."""

log = logging.getLogger(__name__)


class UnknownService(ValueError):
    pass


def serve_function(name: str) -> ServeFunction:
    if name not in SERVICES:
        raise UnknownService(f"{name!r} is not a Harper service (one of: {', '.join(SERVICES)})")
    module = importlib.import_module(f"harper_{name}.service")
    return cast(ServeFunction, module.serve)


async def serve_until_signalled(names: Sequence[str], settings: HarperSettings) -> None:
    """Run the named services in this process until SIGINT or SIGTERM."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    functions = [(name, serve_function(name)) for name in names]
    async with asyncio.TaskGroup() as group:
        for name, serve in functions:
            group.create_task(_supervised(name, serve, settings, stop))


async def _supervised(
    name: str, serve: ServeFunction, settings: HarperSettings, stop: asyncio.Event
) -> None:
    try:
        await serve(settings, stop)
    except Exception:
        log.exception("service %s stopped with an error", name)
        stop.set()
        raise
