"""The Claude brain's plumbing, shared by every agent (starter, search, updater, followup).

- `ClaudeClient` (claude.py): one streamed model turn with tools, prompt caching, retries.
- `run_tool_loop` (loop.py): tool calls until an answer, within a `Budget`, with a final check.
- `TokenUsage`, `StepRecord`, `RunAudit`, `AuditLog` (usage.py): tokens and the audit trail.
- `BrainSettings` (settings.py): ``ANTHROPIC_API_KEY``, ``HARPER_BRAIN``, ``HARPER_CLAUDE_*``.

Agents bring their own prompts, `ToolSpec` list and ``execute`` function.
"""

from __future__ import annotations

from harper_common.brain.budget import Budget
from harper_common.brain.claude import ClaudeClient, force_tool
from harper_common.brain.errors import (
    BrainAuthError,
    BrainError,
    BrainRequestError,
    BrainResponseError,
    BrainTimeout,
    BrainUnavailable,
)
from harper_common.brain.events import (
    AnswerRejected,
    BrainEvent,
    BudgetExhausted,
    EventCallback,
    Retrying,
    TextDelta,
    ToolCallReady,
    ToolFinished,
    ToolUseStarted,
)
from harper_common.brain.loop import LoopResult, run_tool_loop
from harper_common.brain.retry import RetryPolicy
from harper_common.brain.settings import BrainSettings
from harper_common.brain.tools import ToolOutcome, ToolSpec
from harper_common.brain.turns import ToolCall, TurnResult
from harper_common.brain.usage import (
    AuditLog,
    RunAudit,
    StepRecord,
    StepTimer,
    TokenUsage,
    read_audit,
)

__all__ = [
    "AnswerRejected",
    "AuditLog",
    "BrainAuthError",
    "BrainError",
    "BrainEvent",
    "BrainRequestError",
    "BrainResponseError",
    "BrainSettings",
    "BrainTimeout",
    "BrainUnavailable",
    "Budget",
    "BudgetExhausted",
    "ClaudeClient",
    "EventCallback",
    "LoopResult",
    "RetryPolicy",
    "Retrying",
    "RunAudit",
    "StepRecord",
    "StepTimer",
    "TextDelta",
    "TokenUsage",
    "ToolCall",
    "ToolCallReady",
    "ToolFinished",
    "ToolOutcome",
    "ToolSpec",
    "ToolUseStarted",
    "TurnResult",
    "force_tool",
    "read_audit",
    "run_tool_loop",
]
