"""The one place account files are written: under the account lock, version + 1, linked history,
write-ahead record, then the account event on JetStream.

    committed = await writer.commit(account_id, mutate)

``mutate(state, history)`` sees the account as it is on disk once the lock is held and returns a
`Draft` (the new state and the history entry's content) or None when there is nothing to write.
Because the draft is computed under the lock from the current files, concurrent updates to one
account all land, in order, with consecutive versions. Before replacing state.md the writer
checks that its version is still the one read (a stale write is refused, never merged).

Fault injection for tests: ``HARPER_UPDATER_CRASH_AFTER_WRITE=1`` (or an account id) makes the
process exit right after the files are written and before the event is published.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

import anyio.to_thread

from harper_common.memory.atomic import atomic_write_text, atomic_write_texts
from harper_common.memory.files import read_history, read_state
from harper_common.memory.history import chain_entry, render_history
from harper_common.memory.models import AccountState, Detail, FieldChange, History, HistoryEntry
from harper_common.memory.paths import MemoryRoot
from harper_common.memory.state import render_state
from harper_common.messages.events import AccountEvent, AccountEventKind
from harper_updater.locks import AccountLocks, Fence, LeaseLost, WriteLocks
from harper_updater.outbox import FileWrite, Outbox, OutboxRecord
from harper_updater.seen import SeenStates

log = logging.getLogger(__name__)

CRASH_ENV = "HARPER_UPDATER_CRASH_AFTER_WRITE"
CRASH_EXIT_CODE = 75


class EventPublisher(Protocol):
    async def publish(self, event: AccountEvent) -> None: ...

    async def last_version(self, kind: AccountEventKind, account_id: str) -> int | None: ...


SERVICE_NAME = "updater"
"""``By`` of the entries the updater writes on its own (incoming communications, relays)."""


class StaleWrite(Exception):
    """state.md changed under the writer (or is not at the version the caller expected), or
    the writer's lease ran out before the rename (``locks.LeaseLost``)."""


@dataclass(frozen=True)
class Draft:
    """What one write puts on disk, before the writer sets the version and the entry id."""

    state: AccountState
    summary: str
    changes: list[FieldChange]
    evidence: str | None
    details: list[Detail] = field(default_factory=list)
    kind: AccountEventKind = AccountEventKind.STATE_CHANGED
    files: list[FileWrite] = field(default_factory=list)
    source_path: str | None = None


@dataclass(frozen=True)
class Committed:
    before: AccountState | None
    state: AccountState
    entry: HistoryEntry
    event: AccountEvent
    files_modified: list[str]


@dataclass(frozen=True)
class Unchanged:
    state: AccountState


Mutation = Callable[[AccountState | None, History], Draft | None]


def _crash_target() -> str | None:
    value = os.environ.get(CRASH_ENV, "").strip()
    return value or None


class AccountWriter:
    def __init__(
        self,
        memory: MemoryRoot,
        publisher: EventPublisher,
        *,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        locks: WriteLocks | None = None,
    ) -> None:
        """``locks``: the NATS lease in a service (``locks.LeaseLocks``), else ``flock``."""
        self.memory = memory
        self.publisher = publisher
        self.clock = clock
        work = memory.root / ".updater"
        self.locks: WriteLocks = locks or AccountLocks(work / "locks")
        self.outbox = Outbox(work / "outbox")
        self.seen = SeenStates(work / "seen")
        self.crash_target = _crash_target()

    async def commit(
        self,
        account_id: str,
        mutate: Mutation,
        *,
        expected_version: int | None = None,
        by: str = SERVICE_NAME,
    ) -> Committed | Unchanged:
        """Apply ``mutate`` under the account lock; publish the event before releasing it.

        ``by`` is who asked (a key's name), written in the history entry's ``By`` line.
        """
        async with self.locks.hold(account_id) as fence:
            result = await anyio.to_thread.run_sync(
                self._write, account_id, mutate, expected_version, by, fence
            )
            if isinstance(result, Unchanged):
                return result
            committed, record = result
            self._maybe_crash(account_id)
            try:
                await self.publisher.publish(committed.event)
            except Exception:
                # The files are written and the record stays: the relay publishes it later.
                log.warning("could not publish %s; the relay will", record.name, exc_info=True)
                return committed
            await anyio.to_thread.run_sync(self.outbox.remove, record)
            return committed

    def _maybe_crash(self, account_id: str) -> None:
        if self.crash_target in ("1", account_id):
            log.error("%s is set: exiting after the write, before publishing", CRASH_ENV)
            os._exit(CRASH_EXIT_CODE)

    def _write(
        self,
        account_id: str,
        mutate: Mutation,
        expected_version: int | None,
        by: str,
        fence: Fence,
    ) -> tuple[Committed, OutboxRecord] | Unchanged:
        state_path = self.memory.state_path(account_id)
        history_path = self.memory.history_path(account_id)
        before = read_state(state_path, account_id) if state_path.exists() else None
        if expected_version is not None and (before.version if before else 0) != expected_version:
            found = before.version if before else "no account"
            raise StaleWrite(f"state.md is at version {found}, not {expected_version}")
        history = read_history(history_path)
        draft = mutate(before, history)
        if draft is None:
            assert before is not None
            return Unchanged(before)
        now = self.clock()
        entry = chain_entry(
            history,
            at=now,
            summary=draft.summary,
            changes=draft.changes,
            details=draft.details,
            evidence=draft.evidence,
            by=by,
        )
        version = (before.version if before else 0) + 1
        after = draft.state.model_copy(
            update={"version": version, "updated_at": now.replace(microsecond=0)}
        )
        event = AccountEvent(
            kind=draft.kind,
            account_id=account_id,
            version=version,
            occurred_at=now,
            history_entry_id=entry.id,
            source_path=draft.source_path,
        )
        record = OutboxRecord(
            event=event, state_text=render_state(after), entry=entry, files=draft.files
        )
        self._check_unchanged(state_path, account_id, before)
        try:
            fence.check(account_id)  # the lease still ours and no newer write: else refused
        except LeaseLost as lost:
            raise StaleWrite(str(lost)) from lost
        self.outbox.put(record)
        files = self._put_files(record, render_history(history), history_path, state_path)
        self.seen.put(account_id, record.state_text)
        return Committed(before, after, entry, event, files), record

    def _check_unchanged(self, path: Path, account_id: str, before: AccountState | None) -> None:
        on_disk = read_state(path, account_id).version if path.exists() else None
        if on_disk != (before.version if before else None):
            raise StaleWrite(
                f"state.md of {account_id} moved from version "
                f"{before.version if before else 'none'} to {on_disk} during the write"
            )

    def _put_files(
        self, record: OutboxRecord, history_text: str, history_path: Path, state_path: Path
    ) -> list[str]:
        written = []
        for extra in record.files:
            path = self.memory.root / extra.path
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, extra.text)
            written.append(extra.path)
        state_path.parent.mkdir(parents=True, exist_ok=True)
        # history first, then state: a reader never sees a version whose entry is missing
        atomic_write_texts(
            state_path.parent,
            {history_path.name: history_text, state_path.name: record.state_text},
        )
        return [self.memory.relative(state_path), self.memory.relative(history_path), *written]
