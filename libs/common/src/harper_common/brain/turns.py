"""One model turn as plain typed values: the tool calls Claude asked for, its text, its usage."""

from __future__ import annotations

from dataclasses import dataclass, field

from anthropic.types import (
    AssistantMessageParam,
    ContentBlockParam,
    MessageParam,
    TextBlockParam,
    ToolUseBlockParam,
)
from pydantic import BaseModel

from harper_common.brain.usage import TokenUsage


@dataclass(frozen=True, kw_only=True)
class ToolCall:
    """A tool_use block: the model asks for tool ``name`` with JSON ``input``.

    ``args`` is the input validated against the tool's pydantic model; the tool loop fills it in
    before handing the call to the agent, so agents dispatch on types, not on dict keys.
    """

    id: str
    name: str
    input: dict[str, object]
    args: BaseModel | None = None


@dataclass(frozen=True, kw_only=True)
class TurnResult:
    """What one streamed model turn produced."""

    stop_reason: str | None
    texts: list[str] = field(default_factory=list)
    tool_calls: list[ToolCall] = field(default_factory=list)
    usage: TokenUsage = field(default_factory=TokenUsage)
    model: str = ""
    request_id: str | None = None
    attempts: int = 1
    duration_ms: int = 0

    @property
    def text(self) -> str:
        """All text blocks joined, stripped."""
        return "\n".join(self.texts).strip()

    def assistant_message(self) -> MessageParam:
        """The turn as the assistant message to append to the conversation."""
        content: list[ContentBlockParam] = [
            TextBlockParam(type="text", text=text) for text in self.texts if text.strip()
        ]
        content.extend(
            ToolUseBlockParam(type="tool_use", id=call.id, name=call.name, input=call.input)
            for call in self.tool_calls
        )
        if not content:
            content.append(TextBlockParam(type="text", text="(no answer)"))
        return AssistantMessageParam(role="assistant", content=content)
