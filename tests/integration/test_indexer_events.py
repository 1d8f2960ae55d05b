"""Account events on JetStream reach the index: live, after a restart, and only once."""

from __future__ import annotations

import asyncio
import shutil
from datetime import UTC, datetime
from pathlib import Path

import httpx
import nats
from harness import Harper
from nats.aio.msg import Msg

from harper_common.memory.files import read_state, write_state
from harper_common.memory.state import render_state
from harper_common.messages.events import AccountEvent, AccountEventKind
from harper_common.messages.index import IndexApplied, IndexWaitRequest
from harper_common.messages.subjects import (
    ACCOUNT_STREAM,
    INDEX_WAIT,
    INDEXER_DURABLE,
    account_event_subject,
    index_applied_subject,
)
from harper_updater.seen import SeenStates


def rename(harper: Harper, account_id: str, new_name: str) -> AccountEvent:
    """What the updater does: write state.md with version + 1 (noted as its own write, so its
    external-edit watch leaves it alone), then describe the event."""
    path = harper.settings.mem_root / "accounts" / account_id / "state.md"
    state = read_state(path, account_id)
    changed = state.model_copy(update={"name": new_name, "version": state.version + 1})
    SeenStates(harper.settings.mem_root / ".updater" / "seen").put(
        account_id, render_state(changed)
    )
    write_state(path, changed)
    return AccountEvent(
        kind=AccountEventKind.STATE_CHANGED,
        account_id=account_id,
        version=changed.version,
        occurred_at=datetime.now(UTC),
    )


async def publish(harper: Harper, event: AccountEvent, times: int = 1) -> int:
    """Publish ``times`` with the same Nats-Msg-Id; returns how many the stream stored."""
    connection = await nats.connect(harper.settings.nats_url)
    try:
        js = connection.jetstream()
        before = (await js.stream_info(ACCOUNT_STREAM)).state.messages
        for _ in range(times):
            await js.publish(
                account_event_subject(event.kind, event.account_id),
                event.model_dump_json().encode(),
                headers={"Nats-Msg-Id": event.msg_id},
            )
        return (await js.stream_info(ACCOUNT_STREAM)).state.messages - before
    finally:
        await connection.drain()


async def wait_indexed(harper: Harper, account_id: str, version: int) -> IndexApplied:
    connection = await nats.connect(harper.settings.nats_url)
    try:
        request = IndexWaitRequest(account_id=account_id, version=version, timeout_s=10)
        reply = await connection.request(INDEX_WAIT, request.model_dump_json().encode(), timeout=15)
        return IndexApplied.model_validate_json(reply.data)
    finally:
        await connection.drain()


async def consumer_backlog(harper: Harper) -> tuple[int, int]:
    connection = await nats.connect(harper.settings.nats_url)
    try:
        info = await connection.jetstream().consumer_info(ACCOUNT_STREAM, INDEXER_DURABLE)
        return info.num_pending or 0, info.num_ack_pending or 0
    finally:
        await connection.drain()


def routed_account(client: httpx.Client, query: str) -> str | None:
    from sse import read_events

    with client.stream("POST", "/query/stream", json={"query": query}) as response:
        for event in read_events(response):
            if event.kind == "routing":
                return event.data["account_name"]  # type: ignore[no-any-return]
    return None


def some_account(harper: Harper, index: int) -> str:
    ids = sorted(p.name for p in (harper.settings.mem_root / "accounts").iterdir())
    return [i for i in ids if i not in ("29041", "29119")][index]


def test_a_live_event_is_indexed_once(client: httpx.Client, harper: Harper) -> None:
    event = rename(harper, some_account(harper, 0), "Quillfeather Bookbinding")
    assert asyncio.run(publish(harper, event, times=3)) == 1  # Nats-Msg-Id dedupes retries
    applied = asyncio.run(wait_indexed(harper, event.account_id, event.version))
    assert applied.applied
    assert "Quillfeather Bookbinding" in applied.description
    assert routed_account(client, "status of Quillfeather Bookbinding?") == (
        "Quillfeather Bookbinding"
    )


def test_events_published_while_the_indexer_is_down_are_applied_after(
    client: httpx.Client, harper: Harper
) -> None:
    harper.stop_service("indexer")
    events = [
        rename(harper, some_account(harper, 1), "Juniper Falls Ironworks"),
        rename(harper, some_account(harper, 2), "Orchard Lane Veterinary"),
    ]
    for event in events:
        assert asyncio.run(publish(harper, event)) == 1
    harper.start_service("indexer")
    harper.wait_healthy()
    for event in events:
        assert asyncio.run(wait_indexed(harper, event.account_id, event.version)).applied
    assert asyncio.run(consumer_backlog(harper)) == (0, 0)
    assert routed_account(client, "what stage is juniper falls ironworks in") == (
        "Juniper Falls Ironworks"
    )


async def removal_announced(harper: Harper, event: AccountEvent) -> IndexApplied:
    """Publish ``event`` and return the indexer's announcement for its account."""
    connection = await nats.connect(harper.settings.nats_url)
    try:
        heard: asyncio.Queue[IndexApplied] = asyncio.Queue()

        async def on_applied(message: Msg) -> None:
            await heard.put(IndexApplied.model_validate_json(message.data))

        await connection.subscribe(index_applied_subject(event.account_id), cb=on_applied)
        await connection.flush()
        await publish(harper, event)
        return await asyncio.wait_for(heard.get(), timeout=20)
    finally:
        await connection.drain()


def test_an_account_gone_from_the_files_is_announced_and_no_longer_found(
    client: httpx.Client, harper: Harper, tmp_path: Path
) -> None:
    """The starter keeps the names it looked up: it forgets them when the indexer announces a
    change, so a removal must be announced like any other change."""
    account_id = some_account(harper, 3)
    folder = harper.settings.mem_root / "accounts" / account_id
    name = read_state(folder / "state.md", account_id).name
    assert routed_account(client, f"status of {name}?") == name  # looked up, and kept
    shutil.move(folder, tmp_path / account_id)
    event = AccountEvent(
        kind=AccountEventKind.STATE_CHANGED,
        account_id=account_id,
        version=10_000,
        occurred_at=datetime.now(UTC),
    )
    announced = asyncio.run(removal_announced(harper, event))
    assert announced.removed and announced.applied and announced.account_id == account_id
    assert routed_account(client, f"status of {name}?") != name
