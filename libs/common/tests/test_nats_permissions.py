"""NATS least privilege, on a real server with ``infra/nats/permissions.conf``: no connection
without credentials, each service refused what is not its job, allowed what is."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import nats
import pytest
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.errors import NoServersError
from nats.js.api import StreamConfig

from harper_common.bus.buckets import (
    FOLLOWUP_ACTIONS,
    FOLLOWUP_BUCKETS,
    FOLLOWUP_OUTBOX,
    UPDATER_LEASES,
)
from harper_common.bus.kv import BucketSpec, NatsKv
from harper_common.servers.nats_auth import PROVISION


class Violations:
    """Permission errors the server reports for one connection."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.arrived = asyncio.Event()

    async def on_error(self, error: Exception) -> None:
        self.seen.append(str(error))
        self.arrived.set()

    async def next(self) -> str:
        await asyncio.wait_for(self.arrived.wait(), timeout=5)
        self.arrived.clear()
        return self.seen[-1]


async def connect(url: str, user: str, password: str, errors: Violations) -> Client:
    return await nats.connect(
        url, user=user, password=password, error_cb=errors.on_error, max_reconnect_attempts=0
    )


@pytest.fixture
async def as_user(secured: tuple[str, dict[str, str]]) -> AsyncIterator[object]:
    url, passwords = secured
    opened: list[Client] = []

    async def open_as(user: str) -> tuple[Client, Violations]:
        errors = Violations()
        client = await connect(url, user, passwords[user], errors)
        opened.append(client)
        return client, errors

    yield open_as
    for client in opened:
        await client.close()


@pytest.mark.anyio
async def test_a_connection_without_credentials_is_refused(
    secured: tuple[str, dict[str, str]],
) -> None:
    url, _ = secured
    with pytest.raises((NoServersError, nats.errors.Error, OSError)):
        await nats.connect(url, max_reconnect_attempts=0, connect_timeout=2, allow_reconnect=False)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("user", "subject"),
    [
        ("search", "harper.account.state_changed.29041"),  # only the updater writes events
        ("starter", "harper.account.created.1"),
        ("gateway", "harper.account.state_changed.1"),
        ("followup", "harper.updater.apply"),  # only the gateway and starter ask agents
        ("search", "harper.updater.apply"),
        ("indexer", "harper.starter.query"),
        ("updater", "harper.search.ask"),
        ("updater", "harper.dead.harper.account.state_changed.1"),  # only the indexer
        ("search", "harper.status"),  # only the harper tools ask every replica its status
    ],
)
async def test_a_service_cannot_publish_what_is_not_its_job(
    as_user: object, user: str, subject: str
) -> None:
    client, errors = await as_user(user)  # type: ignore[operator]
    await client.publish(subject, b"{}")
    await client.flush()
    assert "permissions violation" in (await errors.next()).lower()


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("user", "subject"),
    [("followup", "harper.starter.query"), ("search", "harper.updater.apply")],
)
async def test_a_service_cannot_listen_to_another_services_requests(
    as_user: object, user: str, subject: str
) -> None:
    client, errors = await as_user(user)  # type: ignore[operator]
    await client.subscribe(subject)
    await client.flush()
    assert "permissions violation" in (await errors.next()).lower()


@pytest.mark.anyio
@pytest.mark.parametrize("user", ["gateway", "indexer", "updater", "search"])
async def test_only_provisioning_creates_or_deletes_streams(as_user: object, user: str) -> None:
    client, _ = await as_user(user)  # type: ignore[operator]
    js = client.jetstream(timeout=2)
    with pytest.raises(Exception):  # noqa: B017 - refused: a timeout or a permissions error
        await js.add_stream(StreamConfig(name=f"ROGUE_{user.upper()}", subjects=["rogue.>"]))
    with pytest.raises(Exception):  # noqa: B017
        await js.delete_stream("HARPER_ACCOUNTS")
    info = await (await as_user(PROVISION))[0].jetstream().stream_info("HARPER_ACCOUNTS")  # type: ignore[operator]
    assert info.config.name == "HARPER_ACCOUNTS"


@pytest.mark.anyio
async def test_the_updater_publishes_account_events(as_user: object) -> None:
    client, errors = await as_user("updater")  # type: ignore[operator]
    ack = await client.jetstream().publish("harper.account.state_changed.1", b"{}")
    assert ack.stream == "HARPER_ACCOUNTS"
    assert errors.seen == []


@pytest.mark.anyio
async def test_the_indexer_keeps_and_reads_dead_letters(as_user: object) -> None:
    client, errors = await as_user("indexer")  # type: ignore[operator]
    js = client.jetstream(timeout=2)
    ack = await js.publish("harper.dead.harper.account.state_changed.1", b"{}")
    assert ack.stream == "HARPER_DEAD"
    assert (await js.get_msg("HARPER_DEAD", ack.seq)).data == b"{}"
    assert (await js.stream_info("HARPER_DEAD")).state.messages >= 1
    assert errors.seen == []


@pytest.mark.anyio
async def test_the_gateway_reads_and_writes_the_key_bucket(as_user: object) -> None:
    client, errors = await as_user("gateway")  # type: ignore[operator]
    bucket = await client.jetstream().key_value("HARPER_KEYS")
    await bucket.put("name.probe", b"{}")
    assert (await bucket.get("name.probe")).value == b"{}"
    assert "name.probe" in await bucket.keys()
    await bucket.delete("name.probe")
    assert errors.seen == []


def test_passwords_always_read_as_strings_in_the_nats_config() -> None:
    from harper_common.servers.nats_auth import new_password

    for _ in range(200):
        password = new_password()
        assert password[0].isalpha() and password.isalnum() and len(password) >= 48


@pytest.mark.anyio
async def test_every_bus_service_hears_the_status_request_and_answers_it(as_user: object) -> None:
    services = ("starter", "search", "updater", "followup", "indexer")
    for user in services:
        client, _ = await as_user(user)  # type: ignore[operator]

        async def answer(message: Msg, user: str = user) -> None:
            await message.respond(user.encode())

        await client.subscribe("harper.status", cb=answer)
        await client.flush()
    asker, errors = await as_user(PROVISION)  # type: ignore[operator]
    inbox, heard = asker.new_inbox(), asyncio.Queue[bytes]()

    async def collect(message: Msg) -> None:
        heard.put_nowait(message.data)

    await asker.subscribe(inbox, cb=collect)
    await asker.publish("harper.status", b"{}", reply=inbox)
    answers = {(await asyncio.wait_for(heard.get(), 5)).decode() for _ in services}
    assert answers == set(services)
    assert errors.seen == []


ASKS = {
    "gateway": ("starter", "search", "updater", "followup", "indexer"),
    "starter": ("search", "updater", "followup", "indexer"),
    "search": ("indexer",),
    "updater": ("indexer",),
    "followup": ("updater", "indexer"),
}
"""Whom each service sends requests to, and so may probe (``harper_common.bus.liveness``)."""


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("user", "service"), [(user, service) for user, asked in ASKS.items() for service in asked]
)
async def test_a_service_may_probe_the_health_of_the_services_it_asks(
    as_user: object, user: str, service: str
) -> None:
    server, _ = await as_user(service)  # type: ignore[operator]

    async def answer(message: Msg) -> None:
        await message.respond(b"alive")

    await server.subscribe(f"harper.{service}.health", cb=answer)
    await server.flush()
    asker, errors = await as_user(user)  # type: ignore[operator]
    reply = await asker.request(f"harper.{service}.health", b"{}", timeout=5)
    assert reply.data == b"alive"
    assert errors.seen == []


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("user", "spec"),
    [("followup", spec) for spec in FOLLOWUP_BUCKETS] + [("updater", UPDATER_LEASES)],
    ids=lambda value: value if isinstance(value, str) else value.name,
)
async def test_a_service_uses_its_own_buckets_through_the_store(
    as_user: object, user: str, spec: BucketSpec
) -> None:
    """Each operation the service's store makes (open, create-if-absent with a TTL where the
    bucket keeps one, compare-and-set, get, delete; listing only for the follow-up agent, the
    updater never lists leases and may not), as that NATS user."""
    client, errors = await as_user(user)  # type: ignore[operator]
    store = await NatsKv.open(client.jetstream(), spec)
    key = f"probe.{user}"
    first = await store.create(key, b"1", ttl_s=30 if spec is UPDATER_LEASES else None)
    assert first is not None
    assert await store.create(key, b"again") is None  # create-if-absent refuses a second
    second = await store.update(key, b"2", first)
    assert second is not None and second > first
    assert await store.update(key, b"stale", first) is None  # the fence: an old revision loses
    found = await store.get(key)
    assert found is not None and found.value == b"2"
    if user == "followup":
        assert key in await store.items()
    assert await store.delete(key)
    assert errors.seen == []


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("user", "spec"),
    [
        ("updater", FOLLOWUP_ACTIONS),  # the updater has no business in follow-up state
        ("followup", UPDATER_LEASES),  # nor the follow-up agent in write leases
        ("search", FOLLOWUP_OUTBOX),
        ("gateway", UPDATER_LEASES),
    ],
    ids=lambda value: value if isinstance(value, str) else value.name,
)
async def test_a_service_cannot_write_another_services_bucket(
    as_user: object, user: str, spec: BucketSpec
) -> None:
    client, errors = await as_user(user)  # type: ignore[operator]
    with contextlib.suppress(Exception):  # refused either at the API or at the publish
        kv = await client.jetstream().key_value(spec.name)
        await kv.put("intruder", b"x")
    violation = await errors.next()
    assert "permissions violation" in violation.lower(), violation
