"""Tracing over a real NATS server: a request's trace reaches the service that answers it, and
its reply adds no span on either side (it is sent and received within the request's spans)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from faststream.nats import NatsBroker
from nats.aio.client import Client as NatsClient
from nats.errors import NoRespondersError
from opentelemetry.sdk.trace import ReadableSpan, SpanProcessor, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from harper_common.bus.broker import make_broker, nats_connection
from harper_common.bus.client import BusClient
from harper_common.bus.routes import reply_route
from harper_common.messages.index import LookupReply, LookupRequest, NameMatch
from harper_common.servers.nats_server import start_nats
from harper_common.servers.processes import free_port
from harper_common.settings import HarperSettings

SUBJECT = "test.traced.lookup"


@pytest.fixture
def settings(tmp_path: Path) -> Iterator[HarperSettings]:
    url = f"nats://127.0.0.1:{free_port()}"
    server = start_nats(url, tmp_path, tmp_path / "logs")
    try:
        yield HarperSettings(nats_url=url, mem_root=tmp_path / "mem", data_dir=tmp_path)
    finally:
        server.stop()


def traced(
    settings: HarperSettings, service: str, *watch: SpanProcessor
) -> tuple[NatsBroker, InMemorySpanExporter]:
    spans = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(spans))
    for processor in watch:
        provider.add_span_processor(processor)
    return make_broker(settings, service, tracer_provider=provider), spans


def names(spans: InMemorySpanExporter) -> list[str]:
    return [span.name for span in spans.get_finished_spans()]


class Ended(SpanProcessor):
    """Sets an event when a span of ``name`` ends (the reply may arrive before it does)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.loop = asyncio.get_running_loop()
        self.event = asyncio.Event()

    def on_end(self, span: ReadableSpan) -> None:
        if span.name == self.name:
            self.loop.call_soon_threadsafe(self.event.set)


def only(spans: InMemorySpanExporter, name: str) -> ReadableSpan:
    [span] = [s for s in spans.get_finished_spans() if s.name == name]
    return span


async def answered_once(connection: NatsClient, processed: Ended) -> None:
    """Ask the service once on the plain connection (no span on the asking side), again while
    the server reports no responder yet (its subscription not yet in place), then wait for the
    service's span of that request to end; ``processed`` is ready for the next request."""
    probe = LookupRequest(name="probe").model_dump_json().encode()
    async with asyncio.timeout(10):
        while True:
            try:
                await connection.request(SUBJECT, probe, timeout=5)
                break
            except NoRespondersError:
                await asyncio.sleep(0.05)  # the server's interest is state we can only poll
        await processed.event.wait()
    processed.event.clear()


@pytest.mark.anyio
async def test_a_request_is_traced_into_the_service_and_its_reply_adds_no_span(
    settings: HarperSettings,
) -> None:
    processed = Ended(f"{SUBJECT} process")
    server, served = traced(settings, "indexer", processed)
    client, asked = traced(settings, "starter")

    async def lookup(request: LookupRequest) -> LookupReply:
        return LookupReply(matches=[NameMatch(account_id="29041", account_name="Maple", score=1)])

    reply_route(server, SUBJECT, service="indexer", request_type=LookupRequest, handler=lookup)
    async with server, client:
        await server.start()
        await client.connect()
        await answered_once(nats_connection(client), processed)
        served.clear()  # the probe's span: the test's own request starts from here
        reply = await BusClient(client).request(SUBJECT, LookupRequest(name="map"), LookupReply)
        # the service ends its span just after it sends the reply: wait for it before closing
        async with asyncio.timeout(10):
            await processed.event.wait()
    assert reply.matches[0].account_id == "29041"

    assert names(served) == [f"{SUBJECT} process"]
    assert sorted(names(asked)) == [f"{SUBJECT} create", f"{SUBJECT} publish"]
    process, publish = only(served, f"{SUBJECT} process"), only(asked, f"{SUBJECT} publish")
    assert process.context is not None and publish.context is not None
    assert process.context.trace_id == publish.context.trace_id
