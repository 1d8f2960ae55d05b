"""Batch follow-up (``/followup/batch``) and the daily run that prepares drafts for review.

The batch takes the pending scan's order (most urgent first), up to its limit, and drafts each
account; not a dry run, it proposes (review-before) or sends (auto) each one. One account's
failure is reported in its result and the run goes on. Progress is streamed on the request id.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

import anyio

from harper_common.bus.routes import ServiceFailure
from harper_common.messages.followup import (
    ExecuteResult,
    FollowupBatchReply,
    FollowupBatchRequest,
    FollowupExecuteReply,
    PendingAccount,
    PendingFilters,
)
from harper_common.messages.progress import ThinkingStep, ToolResultStep
from harper_followup.agent import FollowupAgent, Mode

log = logging.getLogger(__name__)
DAILY_LIMIT = 25


class BatchRunner:
    def __init__(self, agent: FollowupAgent) -> None:
        self.agent = agent

    async def batch(
        self, request: FollowupBatchRequest, mode: Mode | None = None
    ) -> FollowupBatchReply:
        agent = self.agent
        run_mode: Mode | None = "dry_run" if request.dry_run else mode
        today = agent.today(request.today)
        due = await agent.scanner.scan(
            PendingFilters(), today, agent.clock(), await agent.memory.snapshot()
        )
        due = [a for a in due if not a.awaiting_approval]  # drafted already: the broker decides
        chosen = due[: request.limit]
        progress = agent.progress(request.request_id)
        await progress.step(
            ThinkingStep(
                text=f"{len(due)} accounts due; drafting {len(chosen)} most urgent first "
                f"({run_mode or 'each channel in its own mode'})"
            )
        )
        results = []
        for number, entry in enumerate(chosen, start=1):
            reply = await self._one(entry, request.request_id, run_mode, today)
            results.append(reply)
            await progress.step(
                ToolResultStep(
                    call_id=f"batch-{number}",
                    tool="batch",
                    ok=reply.result.success,
                    summary=f"{number}/{len(chosen)} {entry.account_name} ({entry.urgency}): "
                    f"{reply.result.message}",
                )
            )
        return FollowupBatchReply(results=results, processed=len(results), dry_run=request.dry_run)

    async def _one(
        self, entry: PendingAccount, request_id: str, mode: Mode | None, today: date
    ) -> FollowupExecuteReply:
        try:
            outcome = await self.agent.run(
                entry.account_id,
                request_id,
                channel=None,
                purpose=None,
                mode=mode,
                query=f"Follow up with {entry.account_name} (batch)",
                today=today,
            )
        except ServiceFailure as failure:
            result = ExecuteResult(success=False, sent=False, recorded=False, message=str(failure))
            return FollowupExecuteReply(result=result, account_id=entry.account_id)
        return FollowupExecuteReply(
            result=outcome.result(),
            draft=outcome.drafted.draft,
            account_id=entry.account_id,
            action_id=outcome.action.action_id if outcome.action else None,
        )


def next_run(now: datetime, at: time) -> datetime:
    """The next moment the daily run is due: today at ``at`` (UTC) if still ahead, else tomorrow."""
    candidate = now.replace(hour=at.hour, minute=at.minute, second=0, microsecond=0)
    return candidate if candidate > now else candidate + timedelta(days=1)


@dataclass
class DailySchedule:
    """Runs ``job`` once a day at ``at`` (UTC). Clock and sleep are injectable for tests."""

    at: time
    job: Callable[[], Awaitable[object]]
    clock: Callable[[], datetime]
    sleep: Callable[[float], Awaitable[None]] = anyio.sleep

    async def run_forever(self, runs: int | None = None) -> None:
        """Sleep until the next run, run the job (a failure is logged), repeat ``runs`` times."""
        done = 0
        while runs is None or done < runs:
            now = self.clock()
            await self.sleep(max(0.0, (next_run(now, self.at) - now).total_seconds()))
            try:
                await self.job()
            except Exception:
                log.exception("the daily follow-up run failed; next one tomorrow")
            done += 1
