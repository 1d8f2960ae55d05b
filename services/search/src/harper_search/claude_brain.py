"""The Claude brain: a tool loop over the same tools, budgets and evidence checker as the
local engine. The checker is the loop's final check, so an answer without a source it read is
sent back with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from harper_common.brain.claude import ClaudeClient
from harper_common.brain.loop import run_tool_loop
from harper_common.brain.prompt import user_message
from harper_common.brain.usage import StepRecord, TokenUsage
from harper_common.messages.query import AgentRequest
from harper_search.claude_prompt import stable_system, volatile_context
from harper_search.draft import Draft
from harper_search.evidence import HasSources, check_evidence, citations_in
from harper_search.first_turn import FirstTurn
from harper_search.session import ToolSession
from harper_search.tool_specs import TOOL_SPECS


@dataclass(frozen=True, kw_only=True)
class ClaudeRun:
    draft: Draft
    usage: TokenUsage
    steps: list[StepRecord]
    model: str


class ClaudeBrain:
    name = "claude"

    def __init__(
        self,
        client: ClaudeClient,
        skills_xml: str,
        has_sources: HasSources,
        first_turn: FirstTurn | None = None,
    ) -> None:
        self.client = client
        self.system = stable_system(skills_xml)
        self.has_sources = has_sources
        self.first_turn = first_turn or FirstTurn()

    async def answer(self, request: AgentRequest, session: ToolSession, today: date) -> ClaudeRun:
        async def final_check(answer: str) -> str | None:
            return check_evidence(answer, citations_in(answer), session.log, self.has_sources)

        if self.client.token_budget is not None:
            session.budget.tokens = self.client.token_budget
        first = await self.first_turn.message(request, session, today)
        result = await run_tool_loop(
            self.client,
            system=self.system,
            context=volatile_context(request, today),
            tools=TOOL_SPECS,
            messages=[user_message(first)],
            execute=session.execute,
            budget=session.budget,
            on_event=session.on_brain_event,
            final_check=final_check,
        )
        citations = [path for path in citations_in(result.answer) if session.log.has_seen(path)]
        draft = Draft(answer=result.answer, citations=citations)
        if request.account is not None:
            draft.account_id = request.account.account_id
            draft.account_name = request.account.account_name
        if result.budget_exhausted:
            spent = session.budget.exhausted_by or "the tool calls"
            draft.notes.append(
                f"The budget ran out ({spent}); the answer uses what was read by then."
            )
        if result.outcome == "refused":
            draft.notes.append("Claude declined to answer this request; nothing was made up.")
        elif result.outcome == "cut":
            draft.notes.append(f"Not complete: {result.flag}.")
        elif not result.accepted and result.flag:
            draft.flag_evidence(result.flag)
        return ClaudeRun(
            draft=draft, usage=result.usage, steps=result.steps, model=self.client.model
        )
