"""The search agent: one question in, one `AnswerResponse` out, whichever brain decides.

Both brains use one `ToolSession` (tools, budget, progress). The local engine's answer goes
through the same evidence checker the Claude loop uses as its final check; an answer it rejects
is sent back to read sources. The run ends in an answer, never an error or a hang, and one audit
record.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime

from harper_common.brain.budget import Budget
from harper_common.brain.errors import BrainError
from harper_common.brain.prices import cost_usd
from harper_common.brain.usage import AuditLog, RunAudit, StepRecord, StepTimer, TokenUsage
from harper_common.bus.progress import NoProgress, Progress
from harper_common.messages.query import (
    AgentRequest,
    AnswerResponse,
    BudgetUsed,
    StepUsage,
    UsageReport,
)
from harper_search.claude_brain import ClaudeBrain
from harper_search.draft import Draft
from harper_search.evidence import HasSources, check_evidence
from harper_search.local_brain import LocalBrain
from harper_search.repair import read_sources_for
from harper_search.session import ToolSession
from harper_search.tool_specs import READ_FILE, SEARCH_FILES, new_budget
from harper_search.toolbox import Toolbox

log = logging.getLogger(__name__)
SERVICE = "search"


def utc_today() -> date:
    return datetime.now(UTC).date()


@dataclass(frozen=True, kw_only=True)
class BrainRun:
    draft: Draft
    brain: str
    usage: TokenUsage
    steps: list[StepRecord]
    model: str | None = None


class SearchAgent:
    def __init__(
        self,
        toolbox: Toolbox,
        local: LocalBrain,
        has_sources: HasSources,
        progress: Callable[[str], Progress],
        claude: ClaudeBrain | None = None,
        audit: AuditLog | None = None,
        today: Callable[[], date] = utc_today,
        budget: Callable[[], Budget] = new_budget,
    ) -> None:
        self.toolbox = toolbox
        self.local = local
        self.has_sources = has_sources
        self.progress = progress
        self.claude = claude
        self.audit = audit
        self.today = today
        self.budget = budget

    async def handle(self, request: AgentRequest) -> AnswerResponse:
        started = StepTimer.start()
        progress = self.progress(request.request_id) if request.watched else NoProgress()
        session = ToolSession(self.toolbox, self.budget(), progress)
        session.log.question = request.query
        run = await self._run(request, session)
        self._explain_refusals(run.draft, session)
        record = started.finish("search.answer", usage=run.usage, detail=run.brain)
        await self._audit(request, run, started, record)
        return self._response(request, run, session, record)

    async def _run(self, request: AgentRequest, session: ToolSession) -> BrainRun:
        if self.claude is not None:
            try:
                result = await self.claude.answer(request, session, self.today())
                return BrainRun(
                    draft=result.draft,
                    brain="claude",
                    usage=result.usage,
                    steps=result.steps,
                    model=result.model,
                )
            except BrainError as exc:
                log.warning("Claude failed, answering with the local engine: %s", exc)
                await session.think(f"Claude is unavailable ({exc}); the local engine answers.")
                draft = await self._local(request, session)
                draft.notes.append(f"Answered by the local engine: Claude failed ({exc}).")
                return BrainRun(draft=draft, brain="local", usage=TokenUsage(), steps=[])
        draft = await self._local(request, session)
        return BrainRun(draft=draft, brain="local", usage=TokenUsage(), steps=[])

    async def _local(self, request: AgentRequest, session: ToolSession) -> Draft:
        draft = await self.local.answer(request, session, self.today())
        reason = self._check(draft, session)
        if reason is None:
            return draft
        await session.think(f"Answer rejected ({reason}); reading sources.")
        await read_sources_for(draft, session, self.local.catalog)
        reason = self._check(draft, session)
        if reason is not None:
            draft.flag_evidence(reason)
        return draft

    def _check(self, draft: Draft, session: ToolSession) -> str | None:
        return check_evidence(draft.answer, draft.citations, session.log, self.has_sources)

    def _explain_refusals(self, draft: Draft, session: ToolSession) -> None:
        if session.refused:
            shown = "; ".join(session.refused[:4])
            draft.notes.append(f"Not checked, the tool budget ran out: {shown}.")

    async def _audit(
        self, request: AgentRequest, run: BrainRun, started: StepTimer, record: StepRecord
    ) -> None:
        if self.audit is None:
            return
        audit = RunAudit.of_steps(
            request_id=request.request_id,
            agent=SERVICE,
            brain=run.brain,
            model=run.model,
            outcome="flagged" if run.draft.evidence_failed else "answered",
            steps=[*(run.steps or [record])],
            started_at=started.started_at,
        )
        await self.audit.keep(audit)

    def _response(
        self, request: AgentRequest, run: BrainRun, session: ToolSession, record: StepRecord
    ) -> AnswerResponse:
        step = StepUsage(
            service=SERVICE,
            step="search.answer",
            brain=run.brain,
            duration_ms=record.duration_ms,
            input_tokens=run.usage.input,
            output_tokens=run.usage.output,
            cache_read_tokens=run.usage.cache_read,
            cache_write_tokens=run.usage.cache_write,
            cost_usd=cost_usd(run.model, run.usage),
            detail=f"{session.budget.spent} tool calls",
        )
        budget = session.budget
        draft = run.draft
        return AnswerResponse(
            request_id=request.request_id,
            usage=UsageReport().with_step(step),
            message="Answered from the account memory.",
            answer=draft.answer,
            citations=draft.citations,
            notes=draft.notes,
            budget_used=BudgetUsed(
                tool_calls=budget.spent,
                read_file=budget.used[READ_FILE],
                search_files=budget.used[SEARCH_FILES],
            ),
            account_id=draft.account_id,
            account_name=draft.account_name,
        )
