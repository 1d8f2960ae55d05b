"""The follow-up agent's shared state: actions, claims, outbox and notices, each in its own NATS
JetStream KV bucket (``harper_common.bus.buckets``), so every replica sees the same.

- actions (key ``<id>``): each drafted follow-up waiting for (or past) the broker's decision. An
  action keeps its record after it expires, so "expired" and "never existed" differ.
- claims (key ``<id>``): created (create-if-absent) by whoever sends or rejects the action, so two
  approvals, or an approval and an execute, in two replicas, decide it once.
- outbox (key ``<time>-<id>``): what went out (email, text, call script), listable.
- notices (key ``<time>-<id>``): what went out in notify-after mode, for the broker to read.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Generic, Literal, TypeVar

from pydantic import BaseModel, Field

from harper_common.bus.kv import KvStore
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
    """Follow-up actions by id, and the claims that decide each once."""

    def __init__(self, actions: KvStore, claims: KvStore) -> None:
        self.actions = actions
        self.claims = claims

    @staticmethod
    def _key(action_id: str) -> str:
        if not valid_action_id(action_id):
            raise KeyError(action_id)
        return action_id

    async def add(self, action: FollowupAction) -> bool:
        """Keep a new action; False when one with its id exists (kept as it is)."""
        value = action.model_dump_json().encode()
        return await self.actions.create(self._key(action.action_id), value) is not None

    async def save(self, action: FollowupAction) -> None:
        await self.actions.put(self._key(action.action_id), action.model_dump_json().encode())

    async def get(self, action_id: str) -> FollowupAction | None:
        try:
            key = self._key(action_id)
        except KeyError:
            return None
        found = await self.actions.get(key)
        return None if found is None else FollowupAction.model_validate_json(found.value)

    async def claim(self, action_id: str, by: str = "send") -> bool:
        """Take the right to decide this action; only the first caller ever gets True."""
        return await self.claims.create(self._key(action_id), by.encode()) is not None

    async def release(self, action_id: str) -> None:
        """Give the claim back (nothing went out; a later approval may try again)."""
        await self.claims.delete(self._key(action_id))

    async def claimed(self) -> dict[str, str]:
        """Every claim held, by action id: what it was taken for."""
        return {key: found.value.decode() for key, found in (await self.claims.items()).items()}


class Ledger(Generic[EntryT]):
    """Entries written once, keyed by time so a listing is newest first."""

    def __init__(self, kv: KvStore, model: type[EntryT]) -> None:
        self.kv = kv
        self.model = model

    async def add(self, at: datetime, key: str, entry: EntryT) -> None:
        """Keep ``entry`` (a second add of the same entry keeps the first)."""
        await self.kv.create(ledger_key(at, key), entry.model_dump_json().encode())

    async def entries(self, keep: Callable[[EntryT], bool]) -> list[EntryT]:
        found = []
        kept = await self.kv.items()
        for key in sorted(kept, reverse=True):
            entry = self.model.model_validate_json(kept[key].value)
            if keep(entry):
                found.append(entry)
        return found


def ledger_key(at: datetime, key: str) -> str:
    return f"{at.strftime('%Y%m%dT%H%M%S%f')}-{key}"


class Outbox:
    """What went out, newest first when listed."""

    def __init__(self, kv: KvStore) -> None:
        self.ledger = Ledger(kv, OutboxItem)

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

    def __init__(self, kv: KvStore) -> None:
        self.ledger = Ledger(kv, FollowupNotice)

    async def add(self, notice: FollowupNotice) -> None:
        await self.ledger.add(notice.sent_at, notice.notice_id, notice)

    async def items(self, account_id: str | None = None) -> list[FollowupNotice]:
        return await self.ledger.entries(lambda notice: account_id in (None, notice.account_id))
