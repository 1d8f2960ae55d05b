"""Running services in this process until SIGINT or SIGTERM.

Which services exist is not known here: the caller passes each one's ``serve`` function (a
service's own ``python -m harper_<name>``, or the ``harper`` command, which knows them all).
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Sequence

from harper_common.bus.logs import configure_logging
from harper_common.bus.service import ServeFunction
from harper_common.settings import HarperSettings

log = logging.getLogger(__name__)

NamedServe = tuple[str, ServeFunction]


async def serve_until_signalled(services: Sequence[NamedServe], settings: HarperSettings) -> None:
    """Run the services in this process until SIGINT or SIGTERM; one failing stops them all."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    async with asyncio.TaskGroup() as group:
        for name, serve in services:
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


def run_service(name: str, serve: ServeFunction) -> None:
    """A service's process: settings from the environment, logging set up, served until a signal.
    What each service's ``__main__`` (``python -m harper_<name>``, its image's command) calls."""
    settings = HarperSettings()
    configure_logging(settings.log_level, settings.log_format)
    asyncio.run(serve_until_signalled([(name, serve)], settings))
