"""Edits of state.md made outside Harper: recorded in history by 'external edit', published for
the indexer, never confused with Harper's own writes; unreadable edits reported, not written."""

from __future__ import annotations

import asyncio

import pytest
from updater_fakes import RecordingPublisher

from harper_common.memory.files import read_history, read_state
from harper_common.memory.models import Stage
from harper_common.memory.paths import MemoryRoot
from harper_common.memory.state import render_state
from harper_updater.external_edits import EXTERNAL_EDIT, ExternalEdits
from harper_updater.writer import AccountWriter, Committed, Draft

ACCOUNT = "29041"


@pytest.fixture
async def edits(writer: AccountWriter) -> ExternalEdits:
    """The watcher after its first look at every account (each taken as it is)."""
    watcher = ExternalEdits(writer)
    assert await watcher.reconcile() == 0
    return watcher


def hand_edit(memory: MemoryRoot, old: str, new: str) -> None:
    path = memory.state_path(ACCOUNT)
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.anyio
async def test_a_hand_edit_is_recorded_by_external_edit_and_published(
    memory: MemoryRoot, writer: AccountWriter, publisher: RecordingPublisher
) -> None:
    edits = ExternalEdits(writer)
    assert await edits.reconcile() == 0  # a first look takes every account as it is
    assert publisher.events == []
    before = read_state(memory.state_path(ACCOUNT))
    entries = len(read_history(memory.history_path(ACCOUNT)).entries)

    hand_edit(memory, f"stage: {before.stage.value}", "stage: Bound")
    committed = await edits.check(ACCOUNT)

    assert isinstance(committed, Committed)
    after = read_state(memory.state_path(ACCOUNT))
    assert after.stage is Stage.BOUND and after.version == before.version + 1
    history = read_history(memory.history_path(ACCOUNT))
    assert len(history.entries) == entries + 1
    entry = history.entries[-1]
    assert entry.by == EXTERNAL_EDIT and "edited outside Harper" in entry.summary
    assert [(c.field, c.old_value, c.new_value) for c in entry.changes] == [
        ("stage", before.stage.value, "Bound")
    ]
    assert [(e.account_id, e.version) for e in publisher.events] == [(ACCOUNT, after.version)]
    assert await edits.check(ACCOUNT) is None  # recorded once


@pytest.mark.anyio
async def test_harpers_own_writes_are_not_external_edits(
    memory: MemoryRoot, edits: ExternalEdits, publisher: RecordingPublisher
) -> None:

    def next_step(state, _):  # type: ignore[no-untyped-def]
        changed = state.model_copy(update={"next_step": "Call the client Monday"})
        return Draft(state=changed, summary="next step", changes=[], evidence=None)

    await edits.writer.commit(ACCOUNT, next_step, by="nadia")
    assert await edits.check(ACCOUNT) is None
    assert await edits.reconcile() == 0
    assert len(publisher.events) == 1


@pytest.mark.anyio
async def test_edits_made_while_the_updater_was_down_are_found_at_start(
    memory: MemoryRoot, writer: AccountWriter, publisher: RecordingPublisher
) -> None:
    await ExternalEdits(writer).reconcile()
    hand_edit(memory, "next_step:", "next_step: Send the loss runs\nold_next_step:")
    restarted = ExternalEdits(AccountWriter(memory, publisher))
    assert await restarted.reconcile() == 1
    entry = read_history(memory.history_path(ACCOUNT)).entries[-1]
    assert entry.by == EXTERNAL_EDIT
    assert "next_step" in {change.field for change in entry.changes}


@pytest.mark.anyio
async def test_an_unreadable_edit_is_reported_and_left_alone_until_fixed(
    memory: MemoryRoot, edits: ExternalEdits, publisher: RecordingPublisher
) -> None:
    path = memory.state_path(ACCOUNT)
    good = path.read_text(encoding="utf-8")
    entries = len(read_history(memory.history_path(ACCOUNT)).entries)
    path.write_text(good.replace("stage:", "stage: [not, a, stage]\nxstage:", 1), encoding="utf-8")

    assert await edits.check(ACCOUNT) is None
    ok, detail = edits.health()
    assert ok and ACCOUNT in detail and "unreadable" in detail
    assert path.read_text(encoding="utf-8") != good  # left as the person wrote it
    assert len(read_history(memory.history_path(ACCOUNT)).entries) == entries
    assert publisher.events == []

    path.write_text(good, encoding="utf-8")  # fixed by hand: back to what Harper wrote
    assert await edits.check(ACCOUNT) is None
    assert edits.health() == (True, "")


@pytest.mark.anyio
async def test_the_watch_sees_an_edit_without_being_asked(
    memory: MemoryRoot, edits: ExternalEdits, publisher: RecordingPublisher
) -> None:
    watching = asyncio.create_task(edits.watch())
    try:
        state = read_state(memory.state_path(ACCOUNT))
        # the watch starts asynchronously: edit until the first edit is seen (state, not time)
        for attempt in range(200):
            text = render_state(state.model_copy(update={"location": f"Suite {attempt}"}))
            memory.state_path(ACCOUNT).write_text(text, encoding="utf-8")
            try:
                await asyncio.wait_for(publisher.arrived.wait(), timeout=2.0)
                break
            except TimeoutError:
                continue
        assert publisher.events and publisher.events[0].account_id == ACCOUNT
        entry = read_history(memory.history_path(ACCOUNT)).entries[-1]
        assert entry.by == EXTERNAL_EDIT and entry.changes[0].field == "location"
    finally:
        watching.cancel()


class Killed(Exception):
    """Stands for the writer's process dying at that point."""


@pytest.mark.anyio
@pytest.mark.parametrize("first", ["watch", "relay"])
async def test_a_write_whose_writer_died_before_noting_it_is_not_an_external_edit(
    memory: MemoryRoot, edits: ExternalEdits, publisher: RecordingPublisher, first: str
) -> None:
    """Killed between the files and noting them as seen, the write stays in the outbox: neither
    the watch (another replica's, or the first look after a restart) nor the relay takes it
    for an edit made outside Harper, whichever comes first."""
    from harper_updater.relay import Relay

    entries = len(read_history(memory.history_path(ACCOUNT)).entries)

    def renewal(state, _):  # type: ignore[no-untyped-def]
        changed = state.model_copy(update={"next_step": "Send the renewal quote"})
        return Draft(state=changed, summary="next step", changes=[], evidence=None)

    def killed(*_: object) -> None:
        raise Killed("after the files, before noting them")

    noted = edits.writer.seen.put
    edits.writer.seen.put = killed  # type: ignore[method-assign]
    try:
        with pytest.raises(Killed):
            await edits.writer.commit(ACCOUNT, renewal, by="nadia")
    finally:
        edits.writer.seen.put = noted  # type: ignore[method-assign]
    assert len(read_history(memory.history_path(ACCOUNT)).entries) == entries + 1

    relay = Relay(edits.writer)
    if first == "relay":
        assert await relay.run_once() == 1
    assert await edits.check(ACCOUNT) is None
    assert await edits.reconcile() == 0
    await relay.run_once()
    assert len(read_history(memory.history_path(ACCOUNT)).entries) == entries + 1
    assert [e.version for e in publisher.events] == [read_state(memory.state_path(ACCOUNT)).version]
