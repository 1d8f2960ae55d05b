"""The pending scan: which accounts are due, how urgent, on which channel, most urgent first.

It reads the index's payloads (stage, last_contact, next_step, pending_actions), never the account
files, so 10,000 accounts take one pass over small records. The indexer is asked in chunks of
account ids (a reply stays well under NATS's 1 MB message limit), a few chunks at a time, and the
service keeps what it got between scans (``payload_cache``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Protocol

import anyio

from harper_common.bus.index_client import IndexClient
from harper_common.bus.routes import ServiceFailure
from harper_common.memory import MemoryRoot, canonical_stage
from harper_common.messages.base import ErrorCode
from harper_common.messages.followup import DraftChannel, PendingAccount, PendingFilters
from harper_common.messages.index import AccountPayload, DescriptionFilters
from harper_followup.memory import AccountMemory, awaiting_approval, recently_handled
from harper_followup.rules import URGENCY_ORDER, Due, FollowupRules, draft_channel

CHUNK = 800
"""Account ids per request: a reply of 800 payloads stays well under NATS's 1 MB."""
PARALLEL = 4


class PayloadSource(Protocol):
    """Where the scan reads account payloads from (the indexer, or a list in tests)."""

    async def payloads(self, stages: Sequence[str]) -> list[AccountPayload]: ...


class IndexPayloads:
    """Payloads from the indexer, asked for in chunks of the memory root's account ids."""

    def __init__(self, index: IndexClient, mem_root: MemoryRoot) -> None:
        self.index = index
        self.mem_root = mem_root

    async def payloads(self, stages: Sequence[str]) -> list[AccountPayload]:
        """Every account in ``stages`` (every stage when empty)."""
        ids = await anyio.to_thread.run_sync(self.mem_root.account_ids)
        return await self.fetch(ids, stages)

    async def fetch(self, ids: Sequence[str], stages: Sequence[str]) -> list[AccountPayload]:
        chunks = [list(ids[at : at + CHUNK]) for at in range(0, len(ids), CHUNK)]
        found: list[list[AccountPayload]] = [[] for _ in chunks]
        limiter = anyio.Semaphore(PARALLEL)

        async def one(number: int, chunk: list[str]) -> None:
            async with limiter:
                filters = DescriptionFilters(stage=list(stages) or None, account_id=chunk)
                found[number] = (await self.index.scan(filters)).accounts

        async with anyio.create_task_group() as group:
            for number, chunk in enumerate(chunks):
                group.start_soon(one, number, chunk)
        return [payload for part in found for payload in part]


def recommended_channel(due: Due, memory: AccountMemory | None) -> DraftChannel:
    """The stage's first channel; its second when the last follow-up used the first one."""
    channels = due.rule.channels
    first = draft_channel(channels[0])
    if memory and memory.last_channel == first and len(channels) > 1:
        return draft_channel(channels[1])
    return first


def pending_entry(
    payload: AccountPayload, due: Due, memory: AccountMemory | None
) -> PendingAccount:
    """Built without re-validation: every value comes from validated payloads and rules."""
    return PendingAccount.model_construct(
        account_id=payload.account_id,
        account_name=payload.account_name,
        stage=due.stage.value,
        days_since_contact=due.days_since_contact,
        urgency=due.urgency,
        recommended_channel=recommended_channel(due, memory),
        next_steps=[payload.next_step] if payload.next_step else [],
        pending_actions=list(payload.pending_actions),
    )


def urgency_key(entry: PendingAccount, due: Due) -> tuple[int, int, str]:
    overdue = due.days_overdue if due.days_overdue is not None else 10**6
    return URGENCY_ORDER.index(entry.urgency), -overdue, entry.account_name.lower()


class PendingScanner:
    """Applies the rules to every payload; skips what the agent's memory says is in hand."""

    def __init__(self, rules: FollowupRules, source: PayloadSource) -> None:
        self.rules = rules
        self.source = source

    def stages(self, filters: PendingFilters) -> list[str]:
        due_stages = [s.value for s, r in self.rules.stages.items() if r.after_days is not None]
        if filters.stage is None:
            return due_stages
        try:
            stage = canonical_stage(filters.stage).value
        except ValueError as exc:
            raise ServiceFailure(
                ErrorCode.BAD_REQUEST, str(exc), fix="Use a pipeline stage such as Quoted."
            ) from exc
        return [stage] if stage in due_stages else []

    async def scan(
        self,
        filters: PendingFilters,
        today: date,
        now: datetime,
        memory: dict[str, AccountMemory] | None = None,
    ) -> list[PendingAccount]:
        stages = self.stages(filters)
        if not stages:
            return []
        book = memory or {}
        ranked: list[tuple[tuple[int, int, str], PendingAccount]] = []
        for payload in await self.source.payloads(stages):
            due = self.rules.assess(
                payload.stage, payload.last_contact, today, filters.days_threshold
            )
            if due is None or due.stage.value not in stages:
                continue
            remembered = book.get(payload.account_id)
            if recently_handled(remembered, due.rule.after_days or 0, today, now):
                continue
            entry = pending_entry(payload, due, remembered)
            waiting = awaiting_approval(remembered, now)
            if waiting is not None:
                entry = entry.model_copy(
                    update={"awaiting_approval": True, "draft_session_id": waiting}
                )
            ranked.append((urgency_key(entry, due), entry))
        ranked.sort(key=lambda pair: pair[0])
        return [entry for _, entry in ranked]
