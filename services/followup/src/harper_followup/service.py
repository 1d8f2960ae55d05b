"""The follow-up agent service. Run alone with ``harper serve followup`` (NATS_URL)."""

from __future__ import annotations

import asyncio

from harper_common.bus.pending import add_not_implemented
from harper_common.bus.service import BusService
from harper_common.messages import subjects
from harper_common.messages.followup import (
    FollowupBatchRequest,
    FollowupDraftRequest,
    FollowupExecuteRequest,
    FollowupPendingRequest,
)
from harper_common.messages.query import AgentRequest
from harper_common.settings import HarperSettings

NAME = "followup"


def build(settings: HarperSettings) -> BusService:
    service = BusService(NAME, settings)
    add_not_implemented(
        service,
        [
            (subjects.FOLLOWUP_QUERY, AgentRequest),
            (subjects.FOLLOWUP_PENDING, FollowupPendingRequest),
            (subjects.FOLLOWUP_DRAFT, FollowupDraftRequest),
            (subjects.FOLLOWUP_EXECUTE, FollowupExecuteRequest),
            (subjects.FOLLOWUP_BATCH, FollowupBatchRequest),
        ],
        "follow-up agent",
    )
    return service


async def serve(settings: HarperSettings, stop: asyncio.Event) -> None:
    await build(settings).run(stop)
