"""Who reads an update request: the local rules, or Claude (see `claude_brain`).

Either way the answer is an `UpdatePlan` (proposed changes, or vague), and the agent validates
every proposed change against the account before anything is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Protocol

from harper_common.memory.models import AccountState
from harper_common.messages.query import StepUsage
from harper_updater.parse import UpdatePlan, parse_update


@dataclass(frozen=True)
class BrainPlan:
    plan: UpdatePlan
    steps: list[StepUsage] = field(default_factory=list)


class UpdateBrain(Protocol):
    name: str

    async def plan(
        self,
        query: str,
        state: AccountState,
        *,
        account_names: list[str],
        today: date,
        request_id: str | None = None,
    ) -> BrainPlan: ...


class LocalBrain:
    """The rules of `parse.parse_update`: offline, deterministic, no tokens."""

    name = "local"

    async def plan(
        self,
        query: str,
        state: AccountState,
        *,
        account_names: list[str],
        today: date,
        request_id: str | None = None,
    ) -> BrainPlan:
        plan = parse_update(
            query, account_names=account_names, today=today, pending=state.pending_actions or []
        )
        return BrainPlan(plan)
