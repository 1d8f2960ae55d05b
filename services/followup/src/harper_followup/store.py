"""The follow-up agent's durable state under ``<data dir>/followup``: actions and outbox.

- ``actions/<id>.json``: each drafted follow-up waiting for (or past) the broker's decision. An
  action keeps its record after it expires, so "expired" and "never existed" differ.
- ``actions/<id>.claim``: created exclusively by whoever sends the action, so two approvals (even
  in two replicas) send it once.
- ``outbox/<time>-<id>.json``: what went out (email, text, call script), listable.
- ``notices/<time>-<id>.json``: what went out in notify-after mode, for the broker to read.

Every file is written whole (temp file, fsync, rename).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Generic, Literal, TypeVar

import anyio.to_thread
from pydantic import BaseModel, Field

from harper_common.memory import atomic_write_text
from harper_common.messages.followup import FollowupNotice, OutboxItem
from harper_common.messages.query import FollowupDraft

EntryT = TypeVar("EntryT", bound=BaseModel)
ActionStatus = Literal["pending", "sent", "rejected", "failed", "dry_run"]
_ID_CHARS = frozenset("0123456789abcdef")


class Recipient(BaseModel):
    name: str | None = None
    address: str | None = None
    """Email address or phone number, from state.md's primary contact."""


class FollowupAction(BaseModel):
    """A drafted follow-up and what became of it."""

    action_id: str
    account_id: str
    account_name: str
    draft: FollowupDraft
    recipient: Recipient = Field(default_factory=Recipient)
    sender_name: str | None = None
    sender_email: str | None = None
    evidence: str = ""
    created_at: datetime
    expires_at: datetime
    status: ActionStatus = "pending"
    decided_at: datetime | None = None
    sent: bool = False
    sent_at: datetime | None = None
    message_id: str | None = None
    recorded: bool = False
    history_entry_id: str | None = None
    error: str | None = None

    def expired(self, now: datetime) -> bool:
        return self.status == "pending" and now >= self.expires_at


def valid_action_id(action_id: str) -> bool:
    return 8 <= len(action_id) <= 64 and set(action_id) <= _ID_CHARS


class ActionStore:
    """Follow-up actions as JSON files, one per action."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder / "actions"

    def _path(self, action_id: str, suffix: str = ".json") -> Path:
        if not valid_action_id(action_id):
            raise KeyError(action_id)
        return self.folder / f"{action_id}{suffix}"

    async def save(self, action: FollowupAction) -> None:
        path = self._path(action.action_id)
        await anyio.to_thread.run_sync(_write, path, action.model_dump_json(indent=1))

    async def get(self, action_id: str) -> FollowupAction | None:
        try:
            path = self._path(action_id)
        except KeyError:
            return None
        text = await anyio.to_thread.run_sync(_read, path)
        return None if text is None else FollowupAction.model_validate_json(text)

    def claim(self, action_id: str) -> bool:
        """Take the right to send this action; only the first caller ever gets True."""
        self.folder.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(self._path(action_id, ".claim"), os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return False
        os.close(fd)
        return True

    def release(self, action_id: str) -> None:
        """Give the claim back (nothing went out; a later approval may try again)."""
        self._path(action_id, ".claim").unlink(missing_ok=True)


class Ledger(Generic[EntryT]):
    """Entries written once, one file each, named by time so a listing is newest first."""

    def __init__(self, folder: Path, model: type[EntryT]) -> None:
        self.folder = folder
        self.model = model

    async def add(self, at: datetime, key: str, entry: EntryT) -> None:
        path = self.folder / f"{at.strftime('%Y%m%dT%H%M%S%f')}-{key}.json"
        await anyio.to_thread.run_sync(_write, path, entry.model_dump_json(indent=1))

    async def entries(self, keep: Callable[[EntryT], bool]) -> list[EntryT]:
        return await anyio.to_thread.run_sync(self._entries, keep)

    def _entries(self, keep: Callable[[EntryT], bool]) -> list[EntryT]:
        if not self.folder.is_dir():
            return []
        found = []
        for path in sorted(self.folder.glob("*.json"), reverse=True):
            entry = self.model.model_validate_json(path.read_text(encoding="utf-8"))
            if keep(entry):
                found.append(entry)
        return found


class Outbox:
    """What went out, newest first when listed."""

    def __init__(self, folder: Path) -> None:
        self.ledger = Ledger(folder / "outbox", OutboxItem)

    async def add(self, item: OutboxItem) -> None:
        await self.ledger.add(item.sent_at, item.action_id, item)

    async def items(
        self, account_id: str | None = None, channel: str | None = None
    ) -> list[OutboxItem]:
        return await self.ledger.entries(
            lambda item: account_id in (None, item.account_id) and channel in (None, item.channel)
        )


class Notices:
    """What went out in notify-after mode, for the broker to read, newest first."""

    def __init__(self, folder: Path) -> None:
        self.ledger = Ledger(folder / "notices", FollowupNotice)

    async def add(self, notice: FollowupNotice) -> None:
        await self.ledger.add(notice.sent_at, notice.notice_id, notice)

    async def items(self, account_id: str | None = None) -> list[FollowupNotice]:
        return await self.ledger.entries(lambda notice: account_id in (None, notice.account_id))


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, text)


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
