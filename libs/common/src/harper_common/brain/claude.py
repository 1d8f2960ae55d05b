"""The Claude client: one streamed model turn with tools, prompt caching and bounded retries.

Built once in a service's lifespan (`ClaudeClient.from_settings`) and handed to agents; nothing
connects at import time. The SDK's own retries are off: this client retries the whole streamed
turn (the SDK only retries the opening request), so errors in the middle of a stream are retried
too.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import anthropic
import anyio
from anthropic.lib.streaming import ParsedContentBlockStopEvent, ParsedMessageStreamEvent, TextEvent
from anthropic.types import (
    MessageParam,
    RawContentBlockStartEvent,
    TextBlockParam,
    ToolChoiceParam,
    ToolChoiceToolParam,
    ToolParam,
    ToolUseBlock,
)
from pydantic import BaseModel, ValidationError

from harper_common.brain.circuit import CircuitBreaker
from harper_common.brain.errors import (
    BrainError,
    BrainResponseError,
    BrainTimeout,
    BrainUnavailable,
)
from harper_common.brain.events import (
    EventCallback,
    Retrying,
    TextDelta,
    ToolCallReady,
    ToolUseStarted,
)
from harper_common.brain.prompt import system_blocks, tool_params, with_history_breakpoint
from harper_common.brain.retry import RetryPolicy, classify
from harper_common.brain.settings import BrainSettings
from harper_common.brain.tools import ToolSpec, describe_invalid_input
from harper_common.brain.turns import ToolCall, TurnResult
from harper_common.brain.usage import TokenUsage
from harper_common.bus.metrics import count_tokens

log = logging.getLogger(__name__)


def force_tool(name: str) -> ToolChoiceToolParam:
    """``tool_choice`` that makes the model call tool ``name`` exactly once."""
    return ToolChoiceToolParam(type="tool", name=name, disable_parallel_tool_use=True)


class ClaudeClient:
    """Runs model turns against the Messages API. Safe to share between concurrent agent runs."""

    def __init__(
        self,
        sdk: anthropic.AsyncAnthropic,
        *,
        model: str,
        max_tokens: int,
        retry: RetryPolicy,
        circuit: CircuitBreaker | None = None,
        agent: str = "brain",
        token_budget: int | None = None,
    ) -> None:
        self.sdk = sdk
        self.token_budget = token_budget
        """Tokens one question's tool loop may spend (HARPER_CLAUDE_TOKEN_BUDGET); None: no cap."""
        self.agent = agent
        self.model = model
        self.max_tokens = max_tokens
        self.retry = retry
        self.circuit = circuit or CircuitBreaker()

    @classmethod
    def from_settings(cls, settings: BrainSettings, agent: str | None = None) -> ClaudeClient:
        """Build the client (and its HTTP pool) from `BrainSettings`; sends no request.

        ``agent`` picks its model: ``HARPER_CLAUDE_MODEL_<AGENT>`` over ``HARPER_CLAUDE_MODEL``.
        """
        if settings.anthropic_api_key is None or not settings.has_key:
            raise BrainError(
                "the Claude brain needs ANTHROPIC_API_KEY; set it or use HARPER_BRAIN=local"
            )
        sdk = anthropic.AsyncAnthropic(
            api_key=settings.anthropic_api_key.get_secret_value(),
            base_url=settings.anthropic_base_url,
            timeout=settings.claude_timeout_s,
            max_retries=0,
        )
        retry = RetryPolicy(
            max_retries=settings.claude_max_retries,
            base_delay_s=settings.claude_retry_base_delay_s,
            max_delay_s=settings.claude_retry_max_delay_s,
            max_retry_after_s=settings.claude_max_retry_after_s,
        )
        circuit = CircuitBreaker(
            failures_to_open=settings.claude_circuit_failures,
            cooldown_s=settings.claude_circuit_cooldown_s,
        )
        return cls(
            sdk,
            model=settings.model_for(agent),
            max_tokens=settings.claude_max_tokens,
            retry=retry,
            circuit=circuit,
            agent=agent or "brain",
            token_budget=settings.claude_token_budget or None,
        )

    async def aclose(self) -> None:
        """Close the HTTP pool."""
        await self.sdk.close()

    async def __aenter__(self) -> ClaudeClient:
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.aclose()

    async def turn(
        self,
        *,
        system: str | Sequence[str],
        messages: Sequence[MessageParam],
        tools: Sequence[ToolSpec] = (),
        tool_choice: ToolChoiceParam | None = None,
        context: str | None = None,
        cache_history: bool = True,
        max_tokens: int | None = None,
        on_event: EventCallback | None = None,
    ) -> TurnResult:
        """Stream one model turn and return what it produced.

        ``system`` is the stable, cached prefix (system prompt, skill metadata); ``context`` is
        volatile system text placed after the cache breakpoint. ``on_event`` receives text deltas,
        tool calls as they complete, and retries. Raises `BrainAuthError` (never retried),
        `BrainRequestError`, `BrainTimeout` or `BrainUnavailable` (after the retries).
        """
        request = _Request(
            model=self.model,
            max_tokens=max_tokens or self.max_tokens,
            system=system_blocks(system, context),
            messages=with_history_breakpoint(messages) if cache_history else list(messages),
            tools=tool_params(tools),
            tool_choice=tool_choice,
        )
        return await self._through_circuit(request, on_event)

    async def _through_circuit(
        self, request: _Request, on_event: EventCallback | None
    ) -> TurnResult:
        """Refuse at once while the circuit is open; a probe gets one attempt, no retries."""
        admitted = self.circuit.admit()
        if admitted == "refuse":
            raise BrainUnavailable(self.circuit.describe(), attempts=0)
        try:
            result = await self._with_retries(request, on_event, probe=admitted == "probe")
        except BrainUnavailable as error:
            self.circuit.failed(error.reason)
            raise
        self.circuit.succeeded()
        count_tokens(self.agent, result.usage)
        return result

    async def call_tool(
        self,
        *,
        system: str | Sequence[str],
        messages: Sequence[MessageParam],
        tool: ToolSpec,
        context: str | None = None,
        on_event: EventCallback | None = None,
    ) -> tuple[BaseModel, TurnResult]:
        """One forced call of ``tool`` (a one-call classifier); returns its validated input."""
        result = await self.turn(
            system=system,
            messages=messages,
            tools=[tool],
            tool_choice=force_tool(tool.name),
            context=context,
            on_event=on_event,
        )
        call = next((c for c in result.tool_calls if c.name == tool.name), None)
        if call is None:
            raise BrainResponseError(
                f"Claude did not call {tool.name} (stop: {result.stop_reason})"
            )
        try:
            return tool.parse(call.input), result
        except ValidationError as error:
            raise BrainResponseError(describe_invalid_input(tool.name, error)) from error

    async def _with_retries(
        self, request: _Request, on_event: EventCallback | None, *, probe: bool = False
    ) -> TurnResult:
        started = time.perf_counter()
        attempt = 0
        while True:
            attempt += 1
            try:
                result = await self._stream_once(request, on_event)
            except Exception as error:
                delay = self._retry_delay(error, self.retry.max_attempts if probe else attempt)
                if on_event is not None:
                    reason = str(error)[:200]
                    await on_event(Retrying(attempt=attempt, delay_s=delay, reason=reason))
                await anyio.sleep(delay)
                continue
            elapsed = round((time.perf_counter() - started) * 1000)
            return replace(result, attempts=attempt, duration_ms=elapsed)

    def _retry_delay(self, error: Exception, attempt: int) -> float:
        """Seconds to wait before the next attempt, or raise the error the caller should see."""
        failure = classify(error)
        if failure is None:
            raise error
        if failure.fatal is not None:
            raise failure.fatal from error
        if attempt >= self.retry.max_attempts:
            kind = BrainTimeout if failure.timeout else BrainUnavailable
            raise kind(failure.reason, attempts=attempt) from error
        if failure.retry_after is not None and failure.retry_after > self.retry.max_retry_after_s:
            reason = f"{failure.reason}; retry-after {failure.retry_after:.0f}s is too long"
            raise BrainUnavailable(reason, attempts=attempt) from error
        log.info("Claude attempt %d failed (%s); retrying", attempt, failure.reason)
        return self.retry.delay(attempt, failure.retry_after)

    async def _stream_once(self, request: _Request, on_event: EventCallback | None) -> TurnResult:
        manager = self.sdk.messages.stream(
            model=request.model,
            max_tokens=request.max_tokens,
            system=request.system or anthropic.omit,
            messages=request.messages,
            tools=request.tools or anthropic.omit,
            tool_choice=request.tool_choice or anthropic.omit,
        )
        async with manager as stream:
            async for event in stream:
                if on_event is not None:
                    await _relay(event, on_event)
            message = await stream.get_final_message()
            request_id = stream.request_id
        texts = [block.text for block in message.content if block.type == "text"]
        calls = [_tool_call(block) for block in message.content if isinstance(block, ToolUseBlock)]
        return TurnResult(
            stop_reason=message.stop_reason,
            texts=texts,
            tool_calls=calls,
            usage=TokenUsage.from_api(message.usage),
            model=message.model,
            request_id=request_id,
        )


@dataclass(frozen=True, kw_only=True)
class _Request:
    """The parts of one Messages API request, cache breakpoints already placed."""

    model: str
    max_tokens: int
    system: list[TextBlockParam]
    messages: list[MessageParam]
    tools: list[ToolParam]
    tool_choice: ToolChoiceParam | None


def _tool_call(block: ToolUseBlock) -> ToolCall:
    raw = block.input if isinstance(block.input, dict) else {}
    return ToolCall(id=block.id, name=block.name, input=dict(raw))


async def _relay(event: ParsedMessageStreamEvent[Any], on_event: EventCallback) -> None:
    """Turn SDK stream events into brain events."""
    if isinstance(event, TextEvent):
        await on_event(TextDelta(text=event.text))
    elif isinstance(event, RawContentBlockStartEvent) and event.content_block.type == "tool_use":
        await on_event(ToolUseStarted(id=event.content_block.id, name=event.content_block.name))
    elif isinstance(event, ParsedContentBlockStopEvent) and isinstance(
        event.content_block, ToolUseBlock
    ):
        await on_event(ToolCallReady(call=_tool_call(event.content_block)))
