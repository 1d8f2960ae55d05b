"""A generic tool loop: the model calls tools until it answers, within a budget, and the agent
may reject an answer and have it redone.

Always ends with an answer: when the budget runs out, the next turns are sent with
``tool_choice: none`` (tools stay defined, so the cached prefix and the tool blocks already in
the conversation remain valid) and a note asking for an answer from what was read.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from anthropic.types import (
    MessageParam,
    TextBlockParam,
    ToolChoiceNoneParam,
    ToolResultBlockParam,
    UserMessageParam,
)
from pydantic import ValidationError

from harper_common.brain.budget import Budget
from harper_common.brain.claude import ClaudeClient
from harper_common.brain.events import AnswerRejected, BudgetExhausted, EventCallback, ToolFinished
from harper_common.brain.prompt import user_message
from harper_common.brain.tools import ToolOutcome, ToolSpec, describe_invalid_input
from harper_common.brain.turns import ToolCall, TurnResult
from harper_common.brain.usage import StepRecord, StepTimer, TokenUsage

log = logging.getLogger(__name__)

BUDGET_NOTE = "Budget exhausted: answer now from what you read, and say what you could not check."
REJECTION_NOTE = "Your answer was not accepted: {reason}. Answer again, fixing this."
MAX_FORCED_TURNS = 2
"""Turns sent with tool_choice none before the loop gives up on a model that keeps calling tools."""
CUT_NOTE = "Your answer was cut off at the output limit. Continue it exactly where it stopped."
MAX_PAUSES = 3
"""``pause_turn`` continuations (server tools) before the loop stops waiting for the model."""
Outcome = Literal["answered", "rejected", "cut", "refused", "looping"]

Executor = Callable[[ToolCall], Awaitable[ToolOutcome]]
AnswerCheck = Callable[[str], Awaitable[str | None]]


@dataclass(frozen=True, kw_only=True)
class LoopResult:
    """How a tool loop ended. ``flag`` says why the answer should not be trusted as is."""

    answer: str
    accepted: bool
    flag: str | None
    outcome: Outcome
    budget_exhausted: bool
    stop_reason: str | None
    turns: int
    tool_calls: list[ToolCall]
    steps: list[StepRecord]
    usage: TokenUsage
    messages: list[MessageParam]


async def run_tool_loop(
    client: ClaudeClient,
    *,
    system: str | Sequence[str],
    tools: Sequence[ToolSpec],
    messages: Sequence[MessageParam],
    execute: Executor,
    budget: Budget,
    on_event: EventCallback | None = None,
    final_check: AnswerCheck | None = None,
    context: str | None = None,
    max_rejections: int = 2,
) -> LoopResult:
    """Run model turns and tool calls until the model answers with text.

    ``execute`` runs one validated call (``call.args`` holds the tool's input model). Input that
    fails the model goes back as an ``is_error`` tool_result and is charged to ``budget``.
    ``final_check`` returns a reason to reject an answer, or None to accept it; after
    ``max_rejections`` the last answer is returned with ``accepted=False`` and the reason as flag.
    """
    loop = _Loop(
        client=client,
        system=system,
        context=context,
        specs={tool.name: tool for tool in tools},
        execute=execute,
        budget=budget,
        on_event=on_event,
        final_check=final_check,
        max_rejections=max_rejections,
        messages=list(messages),
    )
    return await loop.run()


@dataclass(kw_only=True)
class _Loop:
    client: ClaudeClient
    system: str | Sequence[str]
    context: str | None
    specs: dict[str, ToolSpec]
    execute: Executor
    budget: Budget
    on_event: EventCallback | None
    final_check: AnswerCheck | None
    max_rejections: int
    messages: list[MessageParam]
    steps: list[StepRecord] = field(default_factory=list)
    calls: list[ToolCall] = field(default_factory=list)
    usage: TokenUsage = field(default_factory=TokenUsage)
    turns: int = 0
    forced_turns: int = 0
    rejections: int = 0
    pauses: int = 0
    continued: str = ""
    """Text of an answer cut at max_tokens, to which the next turn's text is added."""

    async def run(self) -> LoopResult:
        while True:
            turn = await self._model_turn()
            if turn.stop_reason == "refusal":
                flag = "the model declined to answer this request"
                return self._result(turn, accepted=False, flag=flag, outcome="refused")
            if turn.stop_reason == "pause_turn" and self.pauses < MAX_PAUSES:
                self.pauses += 1  # a server tool is still working: send the turn back as it is
                continue
            if turn.tool_calls and self.forced_turns >= MAX_FORCED_TURNS:
                flag = "the model kept calling tools after the budget was exhausted"
                return self._result(turn, accepted=False, flag=flag, outcome="looping")
            if turn.tool_calls:
                await self._answer_tools(turn.tool_calls)
                continue
            if turn.stop_reason == "max_tokens":
                if not self.continued:
                    self.continued = turn.text
                    self.messages.append(user_message(CUT_NOTE))
                    continue
                flag = "the answer was cut off at the output limit (HARPER_CLAUDE_MAX_TOKENS)"
                return self._result(turn, accepted=False, flag=flag, outcome="cut")
            reason = await self.final_check(self._text(turn)) if self.final_check else None
            if reason is None:
                return self._result(turn, accepted=True, flag=None, outcome="answered")
            if self.rejections >= self.max_rejections:
                return self._result(turn, accepted=False, flag=reason, outcome="rejected")
            self.rejections += 1
            await self._emit(AnswerRejected(reason=reason, rejections=self.rejections))
            self.messages.append(user_message(REJECTION_NOTE.format(reason=reason)))

    async def _model_turn(self) -> TurnResult:
        forced = self.budget.exhausted
        if forced:
            self.forced_turns += 1
            if self.forced_turns == 1:
                await self._emit(BudgetExhausted(tool_calls=self.budget.spent))
        timer = StepTimer.start()
        turn = await self.client.turn(
            system=self.system,
            messages=self.messages,
            tools=list(self.specs.values()),
            tool_choice=ToolChoiceNoneParam(type="none") if forced else None,
            context=self.context,
            on_event=self.on_event,
        )
        self.turns += 1
        self.usage += turn.usage
        self.budget.charge_tokens(turn.usage.prompt_tokens + turn.usage.output)
        self.messages.append(turn.assistant_message())
        detail = f"stop={turn.stop_reason} attempts={turn.attempts}" + (" forced" if forced else "")
        self.steps.append(timer.finish("model_turn", usage=turn.usage, detail=detail))
        return turn

    async def _answer_tools(self, calls: list[ToolCall]) -> None:
        content: list[ToolResultBlockParam | TextBlockParam] = [
            await self._run_call(call) for call in calls
        ]
        if self.budget.exhausted:
            content.append(TextBlockParam(type="text", text=BUDGET_NOTE))
        self.messages.append(UserMessageParam(role="user", content=content))

    async def _run_call(self, call: ToolCall) -> ToolResultBlockParam:
        timer = StepTimer.start()
        outcome, call = await self._outcome(call)
        ok, detail = not outcome.is_error, outcome.content
        step = timer.finish("tool_call", tool=call.name, ok=ok, detail=detail)
        self.steps.append(step)
        await self._emit(
            ToolFinished(call=call, is_error=outcome.is_error, duration_ms=step.duration_ms)
        )
        return ToolResultBlockParam(
            type="tool_result",
            tool_use_id=call.id,
            content=outcome.content or "(empty)",
            is_error=outcome.is_error,
        )

    async def _outcome(self, call: ToolCall) -> tuple[ToolOutcome, ToolCall]:
        """Refuse, reject or run one call; every call is charged to the budget."""
        refusal = self.budget.refusal(call.name)
        self.budget.charge(call.name)
        spec = self.specs.get(call.name)
        if refusal is not None or spec is None:
            text = refusal or f"unknown tool {call.name}; tools: {', '.join(self.specs)}"
            return ToolOutcome(content=text, is_error=True), call
        try:
            call = replace(call, args=spec.parse(call.input))
        except ValidationError as error:
            return ToolOutcome(
                content=describe_invalid_input(call.name, error), is_error=True
            ), call
        self.calls.append(call)
        try:
            return await self.execute(call), call
        except Exception as error:  # a failing tool must not end the run; the model is told
            log.exception("tool %s failed", call.name)
            text = f"{call.name} failed: {type(error).__name__}: {error}"
            return ToolOutcome(content=text, is_error=True), call

    async def _emit(self, event: AnswerRejected | BudgetExhausted | ToolFinished) -> None:
        if self.on_event is not None:
            await self.on_event(event)

    def _text(self, turn: TurnResult) -> str:
        """The turn's text, after the part of an answer that was cut off before it."""
        return f"{self.continued} {turn.text}".strip() if self.continued else turn.text

    def _result(
        self, turn: TurnResult, *, accepted: bool, flag: str | None, outcome: Outcome
    ) -> LoopResult:
        return LoopResult(
            answer=self._text(turn),
            accepted=accepted,
            flag=flag,
            outcome=outcome,
            budget_exhausted=self.budget.exhausted,
            stop_reason=turn.stop_reason,
            turns=self.turns,
            tool_calls=self.calls,
            steps=self.steps,
            usage=self.usage,
            messages=self.messages,
        )
