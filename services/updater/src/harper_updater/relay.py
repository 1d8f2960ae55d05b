"""Publishes what a crashed write left in the outbox, finishing the write first when needed.

Runs at start-up and then every ``interval_s`` (a replica that died leaves records another one
picks up). Each record is handled under its account lock, so it never races a live write:

- state.md already at the record's version: the files are complete; publish, unless the stream
  already holds this or a later version for the account (the last message on the event's subject
  is checked, because JetStream's duplicate window only remembers a day of Nats-Msg-Ids);
- state.md one version behind: the write was cut short; roll it forward from the record (source
  files, the history entry if missing, state.md), then publish;
- anything else: the record is obsolete (logged and removed).
"""

from __future__ import annotations

import asyncio
import logging

import anyio.to_thread

from harper_common.memory.atomic import atomic_write_text
from harper_common.memory.files import read_history, read_state
from harper_common.memory.history import render_history
from harper_updater.outbox import OutboxRecord
from harper_updater.writer import AccountWriter

log = logging.getLogger(__name__)


class Relay:
    def __init__(self, writer: AccountWriter, *, interval_s: float = 15.0, min_age_s: float = 5.0):
        self.writer = writer
        self.interval_s = interval_s
        self.min_age_s = min_age_s
        self.published = 0

    async def run_once(self, min_age_s: float = 0.0) -> int:
        """Handle every waiting record; returns how many events were published."""
        records = await anyio.to_thread.run_sync(self.writer.outbox.pending, min_age_s)
        count = 0
        for record in records:
            try:
                count += await self._handle(record)
            except Exception:
                log.exception("relay could not handle %s", record.name)
        self.published += count
        return count

    async def run_forever(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), timeout=self.interval_s)
            except TimeoutError:
                await self.run_once(self.min_age_s)

    async def _handle(self, record: OutboxRecord) -> int:
        event = record.event
        async with self.writer.locks.hold(event.account_id):
            if not self.writer.outbox.exists(record):
                return 0
            finished = await anyio.to_thread.run_sync(self._finish, record)
            published = 0
            if finished:
                stored = await self.writer.publisher.last_version(event.kind, event.account_id)
                if stored is None or stored < event.version:
                    await self.writer.publisher.publish(event)
                    published = 1
                    log.info("relay published %s", event.msg_id)
            await anyio.to_thread.run_sync(self.writer.outbox.remove, record)
            return published

    def _finish(self, record: OutboxRecord) -> bool:
        """True when the files hold the record's write (rolled forward if needed)."""
        memory, event = self.writer.memory, record.event
        state_path = memory.state_path(event.account_id)
        on_disk = read_state(state_path, event.account_id).version if state_path.exists() else 0
        if on_disk >= event.version:
            if state_path.read_text(encoding="utf-8") == record.state_text:
                # the write's own text, never noted (its writer died after the files)
                self.writer.seen.put(event.account_id, record.state_text)
            return True
        if on_disk != event.version - 1:
            log.warning("outbox record %s is obsolete (state at %d)", record.name, on_disk)
            return False
        for extra in record.files:
            path = memory.root / extra.path
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, extra.text)
        history_path = memory.history_path(event.account_id)
        history = read_history(history_path)
        last = history.last
        if last is None or last.id != record.entry.id:
            if (last.id if last else None) != record.entry.previous:
                log.warning("outbox record %s no longer follows the chain", record.name)
                return False
            history.entries.append(record.entry)
            state_path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(history_path, render_history(history))
        atomic_write_text(state_path, record.state_text)
        self.writer.seen.put(event.account_id, record.state_text)
        log.info("relay rolled forward %s", record.name)
        return True
