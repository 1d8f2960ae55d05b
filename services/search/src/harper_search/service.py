"""The search agent service. Run alone with ``harper serve search`` (NATS_URL)."""

from __future__ import annotations

import asyncio

from harper_common.bus.pending import add_not_implemented
from harper_common.bus.service import BusService
from harper_common.messages import subjects
from harper_common.messages.query import AgentRequest
from harper_common.settings import HarperSettings

NAME = "search"


def build(settings: HarperSettings) -> BusService:
    service = BusService(NAME, settings)
    add_not_implemented(service, [(subjects.SEARCH_ASK, AgentRequest)], "search agent")
    return service


async def serve(settings: HarperSettings, stop: asyncio.Event) -> None:
    await build(settings).run(stop)
