"""Request assembly with prompt caching: where the ``cache_control`` breakpoints go.

The API caches prefixes in the order tools, system, messages. Breakpoints (at most 4 per request):
1. the last tool definition: the tools alone;
2. the last stable system block (system prompt + skill metadata): tools and system together;
3. the last block of the last message (optional): the conversation so far, so each turn of a
   tool loop re-reads the previous turns from the cache.
Volatile system text (today's date, the account in hand) goes after breakpoint 2, uncached.
Messages passed in should carry no breakpoints of their own (the API allows four).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from anthropic.types import (
    CacheControlEphemeralParam,
    MessageParam,
    TextBlockParam,
    ToolParam,
    UserMessageParam,
)

from harper_common.brain.tools import ToolSpec

EPHEMERAL = CacheControlEphemeralParam(type="ephemeral")
_CACHEABLE_BLOCKS = frozenset({"text", "tool_result", "tool_use", "image", "document"})


def system_blocks(stable: str | Sequence[str], volatile: str | None = None) -> list[TextBlockParam]:
    """System text blocks; the last stable block carries the cache breakpoint."""
    parts = [stable] if isinstance(stable, str) else list(stable)
    blocks = [TextBlockParam(type="text", text=part) for part in parts if part.strip()]
    if blocks:
        blocks[-1]["cache_control"] = EPHEMERAL
    if volatile and volatile.strip():
        blocks.append(TextBlockParam(type="text", text=volatile))
    return blocks


def tool_params(tools: Sequence[ToolSpec]) -> list[ToolParam]:
    """Tool definitions; the last one carries the cache breakpoint."""
    return [tool.to_param(cache=index == len(tools) - 1) for index, tool in enumerate(tools)]


def with_history_breakpoint(messages: Sequence[MessageParam]) -> list[MessageParam]:
    """A copy of ``messages`` whose last block carries a cache breakpoint (inputs untouched)."""
    copied = list(messages)
    if not copied:
        return copied
    last = copied[-1]
    content = last["content"]
    blocks: list[Any] = (
        [TextBlockParam(type="text", text=content)] if isinstance(content, str) else list(content)
    )
    if not blocks or not isinstance(blocks[-1], dict):
        return copied
    if blocks[-1].get("type") not in _CACHEABLE_BLOCKS:
        return copied
    blocks[-1] = {**blocks[-1], "cache_control": EPHEMERAL}
    copied[-1] = cast(MessageParam, {**last, "content": blocks})
    return copied


def user_message(text: str) -> MessageParam:
    """A plain user message."""
    return UserMessageParam(role="user", content=[TextBlockParam(type="text", text=text)])
