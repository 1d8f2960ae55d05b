"""Progress events the brain reports while it works; agents turn them into their own events."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from harper_common.brain.turns import ToolCall


@dataclass(frozen=True, kw_only=True)
class TextDelta:
    """A piece of answer text, as Claude streams it."""

    text: str


@dataclass(frozen=True, kw_only=True)
class ToolUseStarted:
    """Claude began writing a tool call (its input is still streaming)."""

    id: str
    name: str


@dataclass(frozen=True, kw_only=True)
class ToolCallReady:
    """A complete tool call, input parsed, before the loop runs it."""

    call: ToolCall


@dataclass(frozen=True, kw_only=True)
class Retrying:
    """An attempt failed with a retryable error; the client waits ``delay_s`` and tries again.

    Text deltas already reported for the failed attempt are streamed again by the next one.
    """

    attempt: int
    delay_s: float
    reason: str


@dataclass(frozen=True, kw_only=True)
class ToolFinished:
    """The loop ran (or refused) a tool call."""

    call: ToolCall
    is_error: bool
    duration_ms: int


@dataclass(frozen=True, kw_only=True)
class BudgetExhausted:
    """No tool calls left: the next turn must answer from what was read."""

    tool_calls: int


@dataclass(frozen=True, kw_only=True)
class AnswerRejected:
    """The agent's final check refused an answer; the loop asks again."""

    reason: str
    rejections: int


BrainEvent = (
    TextDelta
    | ToolUseStarted
    | ToolCallReady
    | Retrying
    | ToolFinished
    | BudgetExhausted
    | AnswerRejected
)
EventCallback = Callable[[BrainEvent], Awaitable[None]]
