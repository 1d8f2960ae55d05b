"""The agent's memory between runs: per account, what it last proposed and sent, and when.

Kept in the ``HARPER_FOLLOWUP_MEMORY`` KV bucket, one key per account, so every replica shares
it; each change is a compare-and-set on the key's revision, retried when another replica changed
the account in between (no update is lost). A scan over 10,000 accounts reads the whole bucket
once (``snapshot``). It lets the next scan or batch skip an account that already has a follow-up
waiting for approval, or that was sent one less than its stage's number of days ago (the index
may not have caught up with the new ``last_contact`` yet).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime

from pydantic import BaseModel

from harper_common.bus.kv import KvStore
from harper_common.messages.followup import DraftChannel


class AccountMemory(BaseModel):
    last_proposed_at: datetime | None = None
    pending_action_id: str | None = None
    pending_expires_at: datetime | None = None
    last_sent_at: datetime | None = None
    last_channel: DraftChannel | None = None
    sent_count: int = 0
    rejected_count: int = 0


Change = Callable[[AccountMemory], AccountMemory | None]
"""The new memory from the current one; None: nothing to change."""


class AgentMemory:
    """Per-account follow-up memory, shared through a KV bucket."""

    def __init__(self, kv: KvStore) -> None:
        self.kv = kv

    async def get(self, account_id: str) -> AccountMemory:
        found = await self.kv.get(account_id)
        return AccountMemory() if found is None else AccountMemory.model_validate_json(found.value)

    async def snapshot(self) -> dict[str, AccountMemory]:
        return {
            account_id: AccountMemory.model_validate_json(found.value)
            for account_id, found in (await self.kv.items()).items()
        }

    async def change(self, account_id: str, change: Change) -> None:
        """Apply ``change`` to the account's current memory, again if another writer won."""
        while True:
            found = await self.kv.get(account_id)
            current = (
                AccountMemory() if found is None else AccountMemory.model_validate_json(found.value)
            )
            changed = change(current)
            if changed is None:
                return
            value = changed.model_dump_json().encode()
            if found is None:
                written = await self.kv.create(account_id, value)
            else:
                written = await self.kv.update(account_id, value, found.revision)
            if written is not None:
                return

    async def proposed(
        self, account_id: str, action_id: str, at: datetime, expires: datetime
    ) -> None:
        await self.change(
            account_id,
            lambda memory: memory.model_copy(
                update={
                    "last_proposed_at": at,
                    "pending_action_id": action_id,
                    "pending_expires_at": expires,
                }
            ),
        )

    async def sent(self, account_id: str, channel: DraftChannel, at: datetime) -> None:
        await self.change(
            account_id,
            lambda memory: memory.model_copy(
                update={
                    "last_sent_at": at,
                    "last_channel": channel,
                    "sent_count": memory.sent_count + 1,
                    "pending_action_id": None,
                    "pending_expires_at": None,
                }
            ),
        )

    async def rejected(self, account_id: str, action_id: str) -> None:
        def reject(memory: AccountMemory) -> AccountMemory | None:
            if memory.pending_action_id != action_id:
                return None
            return memory.model_copy(
                update={
                    "pending_action_id": None,
                    "pending_expires_at": None,
                    "rejected_count": memory.rejected_count + 1,
                }
            )

        await self.change(account_id, reject)


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
