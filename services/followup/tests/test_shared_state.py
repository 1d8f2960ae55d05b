"""The follow-up state in real NATS JetStream KV buckets, shared by two replicas (two
connections): compare-and-set keeps every update, an action is decided once however the
approvals and executes race, and the JSON files of an earlier version are imported once."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import nats
import pytest
from followup_fakes import Clock, ScriptedRecorder
from nats.aio.client import Client

from harper_common.bus.kv import BucketSpec, KvStore, MemoryKv, NatsKv
from harper_common.bus.routes import ServiceFailure
from harper_common.messages.followup import OutboxItem
from harper_common.messages.query import FollowupDraft
from harper_followup.execute import Executor
from harper_followup.legacy_files import import_files
from harper_followup.memory import AccountMemory
from harper_followup.state import FollowupState
from harper_followup.store import FollowupAction, Recipient

START = datetime(2026, 11, 22, 15, 0, tzinfo=UTC)


@pytest.fixture
async def replicas(nats_url: str) -> AsyncIterator[tuple[FollowupState, FollowupState]]:
    """Two replicas' state, each on its own connection, over fresh buckets."""
    first, second = await nats.connect(nats_url), await nats.connect(nats_url)
    for name in await first.jetstream().streams_info():
        await first.jetstream().delete_stream(name.config.name)
    try:
        yield (
            FollowupState.on_nats(first.jetstream),
            FollowupState.on_nats(second.jetstream),
        )
    finally:
        await first.close()
        await second.close()


class CountingMailer:
    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send(self, message: EmailMessage) -> None:
        await asyncio.sleep(0.01)  # a real server takes a moment: the racers overlap
        self.sent.append(message["To"].addresses[0].addr_spec)


def an_action(number: int) -> FollowupAction:
    return FollowupAction(
        action_id=f"{number:016x}",
        account_id=str(29000 + number),
        account_name=f"Account {number}",
        draft=FollowupDraft(channel="email", subject="Checking in", body="Hello,\n\nJordan"),
        recipient=Recipient(name="Dr. Reed", address=f"client{number}@example.test"),
        created_at=START,
        expires_at=START + timedelta(hours=24),
    )


def executor(state: FollowupState, mailer: CountingMailer, recorder: ScriptedRecorder) -> Executor:
    return Executor(
        state.actions, state.outbox, state.memory, mailer, recorder, "f@example.test", Clock()
    )


@pytest.mark.anyio
@pytest.mark.parametrize("kind", ["memory", "nats"])
async def test_compare_and_set_refuses_a_stale_revision(kind: str, nats_url: str) -> None:
    connection: Client | None = None
    store: KvStore = MemoryKv()
    if kind == "nats":
        connection = await nats.connect(nats_url)
        store = await NatsKv.open(connection.jetstream(), BucketSpec(f"CAS_TEST_{kind}", "t"))
    try:
        first = await store.create("k", b"one")
        assert first is not None
        assert await store.create("k", b"again") is None
        second = await store.update("k", b"two", first)
        assert second is not None and second > first
        assert await store.update("k", b"late", first) is None
        assert await store.get("k") == (b"two", second)
        assert await store.delete("k", first) is False
        assert await store.delete("k", second) is True
        assert await store.get("k") is None
        assert await store.create("k", b"three") is not None  # a deleted key can be made again
        assert {key: found.value for key, found in (await store.items()).items()} == {"k": b"three"}
    finally:
        if connection is not None:
            await connection.close()


@pytest.mark.anyio
async def test_two_replicas_lose_no_memory_update(
    replicas: tuple[FollowupState, FollowupState],
) -> None:
    one, two = replicas
    await asyncio.gather(
        *(
            (one if n % 2 else two).memory.sent("29041", "email", START + timedelta(minutes=n))
            for n in range(40)
        )
    )
    assert (await one.memory.get("29041")).sent_count == 40
    assert (await two.memory.snapshot())["29041"].sent_count == 40


@pytest.mark.anyio
async def test_each_action_is_sent_once_however_the_replicas_race(
    replicas: tuple[FollowupState, FollowupState],
) -> None:
    one, two = replicas
    mailer, recorder = CountingMailer(), ScriptedRecorder()
    executors = [executor(one, mailer, recorder), executor(two, mailer, recorder)]
    actions = [an_action(n) for n in range(1, 9)]
    for action in actions:
        assert await one.actions.add(action)
    assert not await two.actions.add(actions[0])  # the same id again: kept as it was

    async def approve(number: int, action: FollowupAction) -> str:
        try:
            await executors[number % 2].approve(action.action_id, f"r{number}", "broker")
        except ServiceFailure as refused:
            return str(refused)
        return "done"

    outcomes = await asyncio.gather(*(approve(n, action) for action in actions for n in range(4)))
    assert sorted(mailer.sent) == sorted(a.recipient.address or "" for a in actions)
    assert all(o == "done" or "being sent right now" in o for o in outcomes)
    for state in (one, two):
        for action in actions:
            stored = await state.actions.get(action.action_id)
            assert stored is not None and stored.status == "sent" and stored.recorded
        listed = await state.outbox.items()
        assert sorted(i.action_id for i in listed) == sorted(a.action_id for a in actions)


@pytest.mark.anyio
async def test_a_rejection_and_an_approval_racing_decide_once(
    replicas: tuple[FollowupState, FollowupState],
) -> None:
    one, two = replicas
    mailer, recorder = CountingMailer(), ScriptedRecorder()
    approving, rejecting = executor(one, mailer, recorder), executor(two, mailer, recorder)
    action = an_action(42)
    await one.actions.add(action)
    results = await asyncio.gather(
        approving.approve(action.action_id, "a", None),
        rejecting.reject(action.action_id, "b", None),
        return_exceptions=True,
    )
    stored = await two.actions.get(action.action_id)
    assert stored is not None
    if stored.status == "sent":
        assert mailer.sent == [action.recipient.address]
        assert isinstance(results[1], ServiceFailure)
    else:
        assert stored.status == "rejected" and mailer.sent == []
        assert isinstance(results[0], ServiceFailure)


def write_legacy(folder: Path) -> None:
    """The files the follow-up agent kept before the buckets."""
    (folder / "actions").mkdir(parents=True)
    (folder / "outbox").mkdir()
    pending, sent = an_action(1), an_action(2).model_copy(update={"status": "sent", "sent": True})
    for action in (pending, sent):
        (folder / "actions" / f"{action.action_id}.json").write_text(action.model_dump_json())
    (folder / "actions" / f"{sent.action_id}.claim").write_text("")
    item = OutboxItem(
        action_id=sent.action_id,
        account_id=sent.account_id,
        account_name=sent.account_name,
        channel="email",
        recipient=sent.recipient.address,
        subject="Checking in",
        body="Hello",
        sent_at=START,
    )
    (folder / "outbox" / f"20261122T150000000000-{sent.action_id}.json").write_text(
        item.model_dump_json()
    )
    memory = {"29002": AccountMemory(sent_count=3).model_dump(mode="json")}
    (folder / "memory.json").write_text(json.dumps(memory))


@pytest.mark.anyio
async def test_the_files_of_an_earlier_version_are_imported_once(
    replicas: tuple[FollowupState, FollowupState], tmp_path: Path
) -> None:
    one, two = replicas
    folder = tmp_path / "followup"
    write_legacy(folder)
    counts = await asyncio.gather(import_files(folder, one), import_files(folder, two))
    assert 5 <= sum(counts) <= 10  # both may read a file before either renames it
    assert await import_files(folder, one) == 0
    assert sorted(p.name for p in folder.rglob("*") if p.is_file()) == sorted(
        [
            f"{1:016x}.json.imported",
            f"{2:016x}.json.imported",
            f"{2:016x}.claim.imported",
            f"20261122T150000000000-{2:016x}.json.imported",
            "memory.json.imported",
        ]
    )
    imported = await two.actions.get(f"{1:016x}")
    assert imported is not None and imported.status == "pending"
    assert not await two.actions.claim(f"{2:016x}")  # the claim came along: never sent again
    assert await two.actions.claim(f"{1:016x}")
    assert [i.action_id for i in await two.outbox.items()] == [f"{2:016x}"]
    assert (await two.memory.get("29002")).sent_count == 3
