"""Deadlines on the bus: a request picked up after its deadline is dropped without side effects,
a caller never waits past it, and one already past is not sent at all."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from faststream.nats import NatsBroker, TestNatsBroker

from harper_common.bus.client import BusClient, BusError
from harper_common.bus.routes import reply_route
from harper_common.messages.base import Caller, ErrorCode, ErrorReply
from harper_common.messages.query import (
    AgentRequest,
    AnswerResponse,
    IntentInfo,
    QueryResponse,
)

SUBJECT = "test.ask"


def make_broker(handled: list[str]) -> NatsBroker:
    broker = NatsBroker(logger=None)

    async def ask(request: AgentRequest) -> AnswerResponse:
        handled.append(request.query)
        return AnswerResponse(answer=f"done by {request.caller.name if request.caller else '?'}")

    reply_route(broker, SUBJECT, service="search", request_type=AgentRequest, handler=ask)
    return broker


def ask(query: str, deadline: datetime | None) -> AgentRequest:
    return AgentRequest(
        request_id="r1",
        query=query,
        intent=IntentInfo(intent="search", confidence=1.0),
        caller=Caller(name="jordan", role="broker"),
        deadline=deadline,
    )


@pytest.mark.anyio
async def test_a_request_within_its_deadline_is_handled_and_keeps_its_caller() -> None:
    handled: list[str] = []
    broker = make_broker(handled)
    later = datetime.now(UTC) + timedelta(seconds=30)
    async with TestNatsBroker(broker):
        reply = await BusClient(broker).request(SUBJECT, ask("in time", later), QueryResponse)
    assert isinstance(reply, AnswerResponse) and reply.answer == "done by jordan"
    assert handled == ["in time"]


@pytest.mark.anyio
async def test_a_request_picked_up_after_its_deadline_is_dropped() -> None:
    handled: list[str] = []
    broker = make_broker(handled)
    past = datetime.now(UTC) - timedelta(seconds=1)
    body = ask("too late", past).model_dump(mode="json")
    async with TestNatsBroker(broker):
        raw = await broker.request(body, SUBJECT, timeout=3)
    error = ErrorReply.model_validate_json(raw.body)
    assert error.code == ErrorCode.TIMEOUT
    assert "nothing was done" in error.message
    assert handled == []


@pytest.mark.anyio
async def test_a_caller_does_not_send_a_request_whose_deadline_passed() -> None:
    handled: list[str] = []
    broker = make_broker(handled)
    past = datetime.now(UTC) - timedelta(milliseconds=1)
    async with TestNatsBroker(broker):
        with pytest.raises(BusError) as failed:
            await BusClient(broker).request(SUBJECT, ask("never sent", past), QueryResponse)
    assert failed.value.reply.code == ErrorCode.TIMEOUT
    assert handled == []


def test_the_envelope_passes_on_unchanged() -> None:
    deadline = datetime.now(UTC) + timedelta(seconds=5)
    request = ask("x", deadline).model_copy(update={"idempotency_key": "k-1"})
    envelope = request.envelope()
    assert (envelope.caller, envelope.deadline, envelope.idempotency_key) == (
        request.caller,
        deadline,
        "k-1",
    )
    remaining = request.remaining_s()
    assert remaining is not None and 0 < remaining <= 5
