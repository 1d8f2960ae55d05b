"""Every bus request is counted by outcome and timed, per service and subject."""

from __future__ import annotations

import pytest
from faststream.nats import NatsBroker, TestNatsBroker
from prometheus_client import REGISTRY

from harper_common.bus.routes import ServiceFailure, reply_route
from harper_common.messages.base import ErrorCode
from harper_common.messages.index import LookupReply, LookupRequest

SUBJECT = "test.metrics.lookup"


def sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


@pytest.mark.anyio
async def test_requests_are_counted_by_outcome_and_timed() -> None:
    broker = NatsBroker(logger=None)

    async def lookup(request: LookupRequest) -> LookupReply:
        if request.name == "missing":
            raise ServiceFailure(ErrorCode.NOT_FOUND, "no such account")
        return LookupReply()

    reply_route(broker, SUBJECT, service="indexer", request_type=LookupRequest, handler=lookup)
    labels = {"service": "indexer", "subject": SUBJECT}
    ok_before = sample("harper_bus_requests_total", **labels, outcome="ok")
    missing_before = sample("harper_bus_requests_total", **labels, outcome="not_found")
    timed_before = sample("harper_bus_request_seconds_count", **labels)
    async with TestNatsBroker(broker):
        for name in ("maple", "sunny", "missing"):
            await broker.request({"name": name}, SUBJECT, timeout=3)
    assert sample("harper_bus_requests_total", **labels, outcome="ok") == ok_before + 2
    assert sample("harper_bus_requests_total", **labels, outcome="not_found") == missing_before + 1
    assert sample("harper_bus_request_seconds_count", **labels) == timed_before + 3
    assert sample("harper_bus_in_flight", **labels) == 0
