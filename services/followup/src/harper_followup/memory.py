"""The agent's memory between runs: per account, what it last proposed and sent, and when.

Kept in ``<data dir>/followup/memory.json`` (written whole, atomically), read once and cached; a
scan over 10,000 accounts looks each one up in a dict. It lets the next scan or batch skip an
account that already has a follow-up waiting for approval, or that was sent one less than its
stage's number of days ago (the index may not have caught up with the new ``last_contact`` yet).
"""

from __future__ import annotations

import threading
from datetime import date, datetime
from pathlib import Path

from pydantic import BaseModel, TypeAdapter

from harper_common.memory import atomic_write_text
from harper_common.messages.followup import DraftChannel


class AccountMemory(BaseModel):
    last_proposed_at: datetime | None = None
    pending_action_id: str | None = None
    pending_expires_at: datetime | None = None
    last_sent_at: datetime | None = None
    last_channel: DraftChannel | None = None
    sent_count: int = 0
    rejected_count: int = 0


_Book = TypeAdapter(dict[str, AccountMemory])


class AgentMemory:
    """Per-account follow-up memory, durable in one JSON file."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "memory.json"
        self._lock = threading.Lock()
        self._book: dict[str, AccountMemory] | None = None

    def _loaded(self) -> dict[str, AccountMemory]:
        if self._book is None:
            if self.path.exists():
                self._book = _Book.validate_json(self.path.read_bytes())
            else:
                self._book = {}
        return self._book

    def get(self, account_id: str) -> AccountMemory:
        with self._lock:
            return self._loaded().get(account_id, AccountMemory()).model_copy()

    def snapshot(self) -> dict[str, AccountMemory]:
        with self._lock:
            return dict(self._loaded())

    def _update(self, account_id: str, **changes: object) -> None:
        with self._lock:
            book = self._loaded()
            current = book.get(account_id, AccountMemory())
            book[account_id] = current.model_copy(update=changes)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.path, _Book.dump_json(book, indent=1).decode())

    def proposed(self, account_id: str, action_id: str, at: datetime, expires: datetime) -> None:
        self._update(
            account_id, last_proposed_at=at, pending_action_id=action_id, pending_expires_at=expires
        )

    def sent(self, account_id: str, channel: DraftChannel, at: datetime) -> None:
        count = self.get(account_id).sent_count
        self._update(
            account_id,
            last_sent_at=at,
            last_channel=channel,
            sent_count=count + 1,
            pending_action_id=None,
            pending_expires_at=None,
        )

    def rejected(self, account_id: str, action_id: str) -> None:
        memory = self.get(account_id)
        if memory.pending_action_id == action_id:
            self._update(
                account_id,
                pending_action_id=None,
                pending_expires_at=None,
                rejected_count=memory.rejected_count + 1,
            )


def recently_handled(
    memory: AccountMemory | None, after_days: int, today: date, now: datetime
) -> bool:
    """True when a follow-up was sent within ``after_days``. A draft waiting for approval does
    not count: nobody has contacted the client yet (see ``awaiting_approval``)."""
    if memory is None:
        return False
    if memory.last_sent_at is not None:
        return (today - memory.last_sent_at.date()).days < after_days
    return False


def awaiting_approval(memory: AccountMemory | None, now: datetime) -> str | None:
    """The action id of a draft for the account still waiting for the broker's decision."""
    if memory is None or not memory.pending_action_id or memory.pending_expires_at is None:
        return None
    return memory.pending_action_id if now < memory.pending_expires_at else None


__all__ = ["AccountMemory", "AgentMemory", "awaiting_approval", "recently_handled"]
