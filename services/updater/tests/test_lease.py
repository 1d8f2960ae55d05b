"""The updater's write lease on real NATS: one holder at a time across two replicas' lock
objects, and a writer whose lease ran out while it was paused is refused at the fencing check,
before any file is replaced."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import anyio.to_thread
import nats
import pytest
from updater_fakes import RecordingPublisher

from harper_common.bus.buckets import UPDATER_LEASES
from harper_common.bus.kv import NatsKv
from harper_common.memory.files import read_history, read_state
from harper_common.memory.history import verify_chain
from harper_common.memory.models import AccountState, History
from harper_common.memory.paths import MemoryRoot
from harper_updater.locks import LeaseLocks
from harper_updater.writer import AccountWriter, Draft, StaleWrite


@pytest.fixture
async def leases(nats_url: str) -> AsyncIterator[tuple[NatsKv, NatsKv]]:
    """The lease bucket as two replicas see it (two connections)."""
    first, second = await nats.connect(nats_url), await nats.connect(nats_url)
    try:
        yield (
            await NatsKv.open(first.jetstream(), UPDATER_LEASES),
            await NatsKv.open(second.jetstream(), UPDATER_LEASES),
        )
    finally:
        await first.close()
        await second.close()


def note(text: str):  # type: ignore[no-untyped-def]
    def mutate(before: AccountState | None, _history: History) -> Draft:
        assert before is not None
        return Draft(
            state=before.model_copy(update={"body": before.body + f"\n- {text}\n"}),
            summary=text,
            changes=[],
            evidence=text,
        )

    return mutate


@pytest.mark.anyio
async def test_two_replicas_write_one_account_in_turn(
    memory: MemoryRoot, leases: tuple[NatsKv, NatsKv]
) -> None:
    fences = memory.root / ".updater" / "fences"
    writers = [
        AccountWriter(memory, RecordingPublisher(), locks=LeaseLocks(kv, fences)) for kv in leases
    ]
    account = sorted(memory.account_ids())[0]
    before = read_state(memory.state_path(account), account).version
    results = await asyncio.gather(
        *(writers[n % 2].commit(account, note(f"turn {n}")) for n in range(30))
    )
    versions = sorted(r.state.version for r in results)  # type: ignore[union-attr]
    assert versions == list(range(before + 1, before + 31))
    assert read_state(memory.state_path(account), account).version == before + 30
    assert verify_chain(read_history(memory.history_path(account))) == []


@pytest.mark.anyio
async def test_a_writer_whose_lease_ran_out_is_refused_at_the_fence(
    memory: MemoryRoot, leases: tuple[NatsKv, NatsKv], tmp_path: Path
) -> None:
    fences = memory.root / ".updater" / "fences"
    paused_kv, other_kv = leases
    # renewing far less often than the TTL: the paused holder's lease runs out
    paused = LeaseLocks(paused_kv, fences, ttl_s=1)
    paused._renew = _never_renew  # type: ignore[method-assign]
    slow = AccountWriter(memory, RecordingPublisher(), locks=paused)
    fast = AccountWriter(memory, RecordingPublisher(), locks=LeaseLocks(other_kv, fences))
    account = sorted(memory.account_ids())[1]
    state_path = memory.state_path(account)
    before = read_state(state_path, account).version
    resume, mutated = asyncio.Event(), asyncio.Event()
    loop = asyncio.get_running_loop()

    def pausing(state: AccountState | None, history: History) -> Draft:
        loop.call_soon_threadsafe(mutated.set)
        asyncio.run_coroutine_threadsafe(resume.wait(), loop).result()  # the process "pauses"
        return note("late write")(state, history)

    late = asyncio.create_task(slow.commit(account, pausing))
    await mutated.wait()
    # the lease runs out; the other replica takes it and writes
    newer = await fast.commit(account, note("newer write"))
    assert newer.state.version == before + 1  # type: ignore[union-attr]
    resume.set()
    with pytest.raises(StaleWrite):
        await late
    assert read_state(state_path, account).version == before + 1
    assert "late write" not in state_path.read_text()


async def _never_renew(key: str, fence: object) -> None:
    await asyncio.Event().wait()


@pytest.mark.anyio
async def test_the_fence_refuses_even_when_the_files_look_unchanged(
    memory: MemoryRoot, leases: tuple[NatsKv, NatsKv]
) -> None:
    """The lease ran out and another replica holds it but has not written yet: the paused
    writer still may not write (the version check alone would let it through)."""
    fences = memory.root / ".updater" / "fences"
    paused_kv, other_kv = leases
    paused = LeaseLocks(paused_kv, fences, ttl_s=1)
    paused._renew = _never_renew  # type: ignore[method-assign]
    other = LeaseLocks(other_kv, fences)
    account = sorted(memory.account_ids())[2]
    async with paused.hold(account) as stale:
        async with other.hold(account) as current:  # waits until the paused lease expired
            with pytest.raises(Exception, match="ran out"):
                await anyio.to_thread.run_sync(stale.check, account)
            await anyio.to_thread.run_sync(current.check, account)
