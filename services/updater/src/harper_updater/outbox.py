"""The write-ahead record of each write: written before the files, removed once published.

A record holds the account event and everything the write puts on disk (state.md text, the
history entry, any source files). If the process dies after the files and before the publish,
the record is still there: the relay (`Relay`) finds it, finishes the write if it was cut short
(roll forward) and publishes the event. Records live in ``<root>/.updater/outbox``.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

from pydantic import BaseModel, Field

from harper_common.memory.atomic import atomic_write_text
from harper_common.memory.models import HistoryEntry
from harper_common.messages.events import AccountEvent


class FileWrite(BaseModel):
    """A file the write creates or replaces, relative to the memory root."""

    path: str
    text: str


class OutboxRecord(BaseModel):
    event: AccountEvent
    state_text: str
    entry: HistoryEntry
    files: list[FileWrite] = Field(default_factory=list)

    @property
    def name(self) -> str:
        return f"{self.event.account_id}.{self.event.version:010d}.{self.event.kind.value}.json"


class Outbox:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)

    def put(self, record: OutboxRecord) -> None:
        atomic_write_text(self.folder / record.name, record.model_dump_json())

    def remove(self, record: OutboxRecord) -> None:
        # Not fsynced: if the removal is lost in a crash, the relay finds the event already on
        # the stream (it checks the account's last stored event) and only drops the record.
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.folder / record.name)

    def exists(self, record: OutboxRecord) -> bool:
        return (self.folder / record.name).exists()

    def pending(self, min_age_s: float = 0.0) -> list[OutboxRecord]:
        """Waiting records, by account and version; those younger than ``min_age_s`` skipped."""
        now = time.time()
        records = []
        for path in sorted(self.folder.glob("*.json")):
            try:
                if now - path.stat().st_mtime < min_age_s:
                    continue
                records.append(OutboxRecord.model_validate_json(path.read_bytes()))
            except (OSError, ValueError):
                continue
        return sorted(records, key=lambda r: (r.event.account_id, r.event.version))
