"""``/query/stream``: the query's journey as server-sent events, resumable with Last-Event-ID.

The run goes on in the gateway whether or not the client stays connected; its events are kept in
Redis. POST starts a run (or, with a ``Last-Event-ID`` header, resumes one); GET
``/query/stream/{request_id}`` resumes too, for EventSource clients.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import APIRouter, Header, Path
from fastapi.responses import JSONResponse
from starlette.background import BackgroundTask

from harper_common.messages import endpoints
from harper_common.messages.base import ErrorCode
from harper_common.messages.query import QueryRequest
from harper_gateway.auth import current_caller
from harper_gateway.deps import StateDep
from harper_gateway.events import KeepAlive, StreamEvent, parse_event_id
from harper_gateway.responses import (
    EventStream,
    ResponsesDoc,
    ServerSentEvent,
    as_json,
    error_json,
    errors,
)
from harper_gateway.routes.query import QueryBody
from harper_gateway.runs import run_streamed
from harper_gateway.state import REQUEST_ID_PATTERN, GatewayState, new_request_id

router = APIRouter()

SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}

STREAMED: ResponsesDoc = {
    **as_json(errors(ErrorCode.BAD_REQUEST, ErrorCode.NOT_FOUND)),
    200: {
        "model": ServerSentEvent,
        # each event is an object (FastAPI would otherwise say a stream's body is one string)
        "content": {"text/event-stream": {"schema": {"type": "object"}}},
        "description": "The run's events as server-sent events: ``accepted``, progress steps, "
        "then the final response (``QueryResponse``) as the last event.",
    },
}
"""Both stream routes: the SSE stream, or an ``error`` (a bad Last-Event-ID, a stream gone)."""


@router.post("/query/stream", response_model=None, response_class=EventStream, responses=STREAMED)
async def query_stream(
    body: QueryBody,
    state: StateDep,
    last_event_id: str | None = Header(default=None),
) -> EventStream | JSONResponse:
    if last_event_id:
        return await _resume(state, last_event_id)
    request_id = new_request_id()
    await state.events.append(
        request_id, "accepted", {"request_id": request_id, "query": body.query}
    )
    message = QueryRequest(request_id=request_id, query=body.query, session_id=body.session_id)
    state.start_run(
        run_streamed(
            state.broker, state.bus, state.events, endpoints.STARTER_QUERY, message, request_id
        )
    )
    return _sse(state, state.events.follow(request_id), request_id)


@router.get(
    "/query/stream/{request_id}",
    response_model=None,
    response_class=EventStream,
    responses=STREAMED,
)
async def resume_stream(
    request_id: Annotated[
        str,
        Path(
            pattern=REQUEST_ID_PATTERN,
            description="The request id of the stream (its X-Request-ID header).",
        ),
    ],
    state: StateDep,
    last_event_id: str | None = Header(default=None),
) -> EventStream | JSONResponse:
    if last_event_id is None:
        return await _resume(state, f"{request_id}:0")
    parsed = parse_event_id(last_event_id)
    if parsed is not None and parsed[0] != request_id:
        return error_json(
            ErrorCode.BAD_REQUEST,
            f"Last-Event-ID {last_event_id!r} belongs to another stream than {request_id!r}.",
            request_id,
        )
    return await _resume(state, last_event_id)


async def _resume(state: GatewayState, last_event_id: str) -> EventStream | JSONResponse:
    parsed = parse_event_id(last_event_id)
    if parsed is None:
        return error_json(
            ErrorCode.BAD_REQUEST,
            f"Last-Event-ID {last_event_id!r} is not an event id of this stream.",
            new_request_id(),
            fix="Send the id of the last event received, as it was sent (<request id>:<n>).",
        )
    request_id, after = parsed
    if not await state.events.exists(request_id):
        return error_json(
            ErrorCode.NOT_FOUND,
            f"No stream {request_id!r}: it never existed or its events have expired.",
            request_id,
            fix="Send the query again.",
        )
    return _sse(state, state.events.follow(request_id, after), request_id)


def _sse(
    state: GatewayState, events: AsyncIterator[StreamEvent | KeepAlive], request_id: str
) -> EventStream:
    """The events as SSE, holding one of the caller's open-stream places until they end."""
    slot = state.limits.take_stream(current_caller.get())

    async def body() -> AsyncIterator[str]:
        try:
            async for event in events:
                yield event.encode()
        finally:
            slot.release()

    headers = {**SSE_HEADERS, "X-Request-ID": request_id}
    return EventStream(
        body(),
        headers=headers,
        background=BackgroundTask(slot.release),
    )
