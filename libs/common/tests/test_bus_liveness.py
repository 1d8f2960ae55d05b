"""A stopped service is told from a slow one: requests to the first fail in a few seconds naming
it, the second is waited for; each hop's calls end before its caller's deadline, so the hop
that is stuck is the one named."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import nats
import pytest
from faststream.nats import NatsBroker

from harper_common.bus.client import BusClient, BusError
from harper_common.bus.deadline import HOP_MARGIN_S
from harper_common.bus.liveness import Liveness, LivenessPolicy, ServiceStopped
from harper_common.bus.routes import reply_route
from harper_common.messages import endpoints
from harper_common.messages.base import Caller, ErrorCode
from harper_common.messages.health import HealthRequest, ServiceHealth
from harper_common.messages.query import (
    AgentRequest,
    AnswerResponse,
    IntentInfo,
    QueryRequest,
    QueryResponse,
)
from harper_common.messages.subjects import health_subject

QUICK = LivenessPolicy(check_after_s=0.01, probe_timeout_s=0.01, remember_s=60)


class ScriptedProbe:
    """Answers each probe as told; counts them and says when one was made."""

    def __init__(self, answers: bool) -> None:
        self.answers = answers
        self.calls = 0
        self.made = asyncio.Event()

    async def __call__(self, service: str, timeout_s: float) -> bool:
        self.calls += 1
        self.made.set()
        await asyncio.sleep(0)
        return self.answers


@pytest.mark.anyio
async def test_requests_to_a_service_that_leaves_its_probe_unanswered_fail_naming_it() -> None:
    probe = ScriptedProbe(answers=False)
    liveness = Liveness(probe, QUICK)
    never: list[asyncio.Future[str]] = [asyncio.get_running_loop().create_future() for _ in "abc"]
    outcomes = await asyncio.gather(
        *(liveness.wait("search", reply) for reply in never), return_exceptions=True
    )
    assert all(isinstance(o, ServiceStopped) for o in outcomes), outcomes
    stopped = outcomes[0]
    assert isinstance(stopped, ServiceStopped)
    assert (stopped.reply.code, stopped.reply.service) == (ErrorCode.UNAVAILABLE, "search")
    assert stopped.reply.message.startswith("The search service did not answer in ")
    assert all(reply.cancelled() for reply in never)
    assert probe.calls == 1  # one probe for all that waited

    with pytest.raises(ServiceStopped, match="was not sent"):  # known stopped: refused at once
        liveness.refuse_if_stopped("search")
    probe.answers = True  # it runs again: the probe the refusal started finds it
    await liveness.wait("search", asyncio.sleep(0, "probed"))
    liveness.refuse_if_stopped("search")
    liveness.refuse_if_stopped("indexer")  # another service is not concerned


@pytest.mark.anyio
async def test_a_slow_service_that_answers_its_probes_is_waited_for() -> None:
    probe = ScriptedProbe(answers=True)
    liveness = Liveness(probe, QUICK)
    reply: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    waiting = asyncio.create_task(liveness.wait("search", reply))
    for _ in range(3):  # probed again and again while it works
        await probe.made.wait()
        probe.made.clear()
    reply.set_result("answered late")
    assert await waiting == "answered late"
    liveness.refuse_if_stopped("search")


@pytest.fixture
async def broker(nats_url: str) -> AsyncIterator[NatsBroker]:
    made = NatsBroker(nats_url, logger=None)
    yield made
    await made.stop()


def question(deadline_s: float) -> QueryRequest:
    return QueryRequest(
        request_id="r1",
        query="what stage is Maple Dental at",
        caller=Caller(name="jordan", role="broker"),
        deadline=datetime.now(UTC) + timedelta(seconds=deadline_s),
    )


@pytest.mark.anyio
async def test_a_stopped_service_is_named_in_a_few_seconds(
    broker: NatsBroker, nats_url: str
) -> None:
    await broker.start()
    bus = BusClient(broker)
    stopped = await nats.connect(nats_url)  # subscribed, never answering: like SIGSTOP
    try:
        await stopped.subscribe(endpoints.STARTER_QUERY.subject)
        await stopped.subscribe(health_subject("starter"))
        await stopped.flush()
        for subject in (endpoints.STARTER_QUERY.subject, health_subject("starter")):
            await _until_someone_listens(broker, subject)
        started = time.monotonic()
        with pytest.raises(BusError) as failed:
            await bus.call(endpoints.STARTER_QUERY, question(30))
        took = time.monotonic() - started
        # the first failure is checked before the second call, so that a failure says which
        assert (failed.value.reply.code, failed.value.reply.service) == (
            ErrorCode.UNAVAILABLE,
            "starter",
        )
        assert "starter service did not answer" in failed.value.reply.message
        with pytest.raises(BusError, match="was not sent"):
            await bus.call(endpoints.STARTER_QUERY, question(30))
    finally:
        await stopped.close()
    assert took < 3.0


async def _until_someone_listens(broker: NatsBroker, subject: str) -> None:
    """Wait until the broker's own connection sees a subscriber on ``subject`` (a request to it
    times out instead of finding no responders): the server may take a moment after the
    subscriber's flush before another connection's request finds it."""
    client = broker.config.connection_state.connection
    assert client is not None
    async with asyncio.timeout(10.0):
        while True:
            try:
                await client.request(subject, b"", timeout=0.05)
            except nats.errors.NoRespondersError:
                continue
            except nats.errors.TimeoutError:
                return


@pytest.mark.anyio
async def test_a_slow_hop_fails_first_and_its_caller_names_it(broker: NatsBroker) -> None:
    """gateway -> starter -> search, the search agent alive but slower than the deadline: the
    starter's call ends a margin before the starter's own deadline, so the starter answers 504
    naming search before the gateway gives up, and search got the earlier deadline."""
    probes = 0
    got: list[datetime | None] = []
    released = asyncio.Event()
    inner = BusClient(broker, liveness=LivenessPolicy(check_after_s=0.2, probe_timeout_s=1.0))

    async def health(_: HealthRequest) -> ServiceHealth:
        nonlocal probes
        probes += 1
        return ServiceHealth(service="search or starter", ok=True, instance="test")

    async def search(request: AgentRequest) -> AnswerResponse:
        got.append(request.deadline)
        await released.wait()  # slower than the deadline
        return AnswerResponse(answer="too late")

    async def starter(request: QueryRequest) -> QueryResponse:
        ask = AgentRequest(
            request_id=request.request_id,
            query=request.query,
            intent=IntentInfo(intent="search", confidence=1.0),
            **request.envelope().model_dump(),
        )
        return await inner.call(endpoints.SEARCH_ASK, ask)

    for endpoint, handler in ((endpoints.SEARCH_ASK, search), (endpoints.STARTER_QUERY, starter)):
        reply_route(
            broker,
            endpoint.subject,
            service=endpoint.service,
            request_type=endpoint.request,
            handler=handler,  # type: ignore[arg-type]
            max_workers=4,
        )
    for name in ("search", "starter"):  # both alive: each answers its probes
        reply_route(
            broker, health_subject(name), service=name, request_type=HealthRequest, handler=health
        )
    await broker.start()
    message = question(2.5)
    with pytest.raises(BusError) as failed:
        await BusClient(broker).call(endpoints.STARTER_QUERY, message)
    released.set()
    reply = failed.value.reply
    assert (reply.code, reply.service) == (ErrorCode.TIMEOUT, "search")
    assert reply.message.startswith("The search service did not answer in ")
    assert message.deadline is not None and got[0] is not None
    assert got[0] <= message.deadline - timedelta(seconds=HOP_MARGIN_S)
    assert probes >= 2  # probed while it worked, and never cut off


@pytest.mark.anyio
async def test_a_request_queued_behind_a_full_service_is_not_cut_off(broker: NatsBroker) -> None:
    """One request at a time (``max_workers=1``): the second waits behind the first, longer
    than the check, yet the service answers its probes beside that work, so both are answered."""
    probed = asyncio.Event()
    seen: list[str] = []

    async def health(_: HealthRequest) -> ServiceHealth:
        probed.set()
        return ServiceHealth(service="search", ok=True, instance="test")

    async def search(request: AgentRequest) -> AnswerResponse:
        seen.append(request.query)
        if len(seen) == 1:
            await probed.wait()  # busy until the caller has probed it at least once
        return AnswerResponse(answer=request.query)

    reply_route(
        broker,
        endpoints.SEARCH_ASK.subject,
        service="search",
        request_type=AgentRequest,
        handler=search,
        queue="harper-search",
    )
    reply_route(
        broker,
        health_subject("search"),
        service="search",
        request_type=HealthRequest,
        handler=health,
    )
    await broker.start()
    bus = BusClient(broker, liveness=LivenessPolicy(check_after_s=0.1, probe_timeout_s=1.0))

    def ask(query: str) -> AgentRequest:
        return AgentRequest(
            request_id=query, query=query, intent=IntentInfo(intent="search", confidence=1.0)
        )

    first, second = await asyncio.gather(
        bus.call(endpoints.SEARCH_ASK, ask("first")), bus.call(endpoints.SEARCH_ASK, ask("second"))
    )
    assert isinstance(first, AnswerResponse) and isinstance(second, AnswerResponse)
    assert {first.answer, second.answer} == {"first", "second"}
