"""Running a request through the starter while relaying its progress events as stream events."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from faststream.nats import NatsBroker
from nats.aio.subscription import Subscription
from nats.errors import TimeoutError as NatsTimeout
from pydantic import ValidationError
from redis.exceptions import RedisError

from harper_common.bus.broker import nats_connection
from harper_common.bus.client import BusClient, request_query
from harper_common.messages.base import ErrorCode
from harper_common.messages.endpoint import Endpoint
from harper_common.messages.progress import ProgressEvent
from harper_common.messages.query import ErrorResponse, QueryRequest, QueryResponse
from harper_common.messages.subjects import progress_subject
from harper_gateway.events import RUN_LOST, EventLog

log = logging.getLogger(__name__)

FINAL_EVENT = {
    "search_agent": "answer",
    "updater_agent": "changes",
    "followup_agent": "followup",
}


def final_event_kind(response: QueryResponse) -> str:
    """The SSE event name of a final response: answer, changes, followup, or its type."""
    if response.type == "success":
        return FINAL_EVENT[response.routed_to]
    return response.type


async def run_streamed(
    broker: NatsBroker,
    bus: BusClient,
    events: EventLog,
    endpoint: Endpoint[QueryRequest, QueryResponse],
    message: QueryRequest,
    request_id: str,
) -> QueryResponse:
    """Send the request, append every progress step and then the final answer to the log.
    When the log cannot take them (the store down or its connections all busy past their wait),
    the run's followers in this process end with an ``error`` event at once, and the failure is
    logged here rather than left in a task nobody awaits."""
    try:
        connection = nats_connection(broker)
        subscription = await connection.subscribe(progress_subject(request_id))
        relay = _Relay(subscription, events, request_id)
        pump = asyncio.create_task(relay.pump())
        try:
            response = await request_query(bus, endpoint, message, request_id)
        finally:
            relay.finish()
            await pump
            await subscription.unsubscribe()
        final = response.model_dump(mode="json")
        await events.append(request_id, final_event_kind(response), final)
        if response.type != "error":
            await events.append(request_id, "done", {"type": response.type})
        return response
    except RedisError as exc:
        log.warning("the events of run %s could not be recorded: %s", request_id, exc)
        events.lost(request_id)
        return ErrorResponse(request_id=request_id, code=ErrorCode.UNAVAILABLE, message=RUN_LOST)


class _Relay:
    """Moves progress messages from the subscription into the event log, in arrival order.

    The reply to the request reaches the connection after every progress message sent before
    it, so once the reply is in, the relay only has to empty what is already queued.
    """

    def __init__(self, subscription: Subscription, events: EventLog, request_id: str) -> None:
        self.subscription = subscription
        self.events = events
        self.request_id = request_id
        self.finished = False

    def finish(self) -> None:
        self.finished = True

    async def pump(self) -> None:
        while not (self.finished and self.subscription.pending_msgs == 0):
            try:
                message = await self.subscription.next_msg(timeout=0.05)
            except NatsTimeout:
                continue
            await self._relay(message.data)

    async def _relay(self, data: bytes) -> None:
        try:
            event = ProgressEvent.model_validate_json(data)
        except ValidationError:
            log.warning("dropped a malformed progress event for %s", self.request_id)
            return
        step: dict[str, Any] = event.step.model_dump(mode="json")
        step["service"] = event.service
        step["instance"] = event.instance
        step["at"] = event.at.isoformat()
        await self.events.append(self.request_id, event.step.kind, step)
