"""Budgets of a tool loop: tool calls (a total and per-tool limits) and, optionally, tokens, so a
loop always comes to an end and a question's cost has a ceiling."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(kw_only=True)
class Budget:
    """Counts tool calls. Every call the model makes is charged, including refused ones.

    ``per_tool`` caps single tools (e.g. ``{"read_file": 8, "search_files": 4}``); a call over its
    tool's cap is refused (the model is told) but still charged against ``total``.

    ``tokens`` caps the tokens of the model turns (every prompt token, cached or not, and the
    output); the loop charges each turn's tokens after it. Once spent, the budget is exhausted
    like a spent total: no more tool calls, the next turn must answer. None: no token limit.
    """

    total: int = 15
    per_tool: Mapping[str, int] = field(default_factory=dict)
    used: Counter[str] = field(default_factory=Counter)
    tokens: int | None = None
    tokens_used: int = 0

    def __post_init__(self) -> None:
        limits = [self.total, *self.per_tool.values(), self.tokens or 0]
        if any(limit < 0 for limit in limits):
            raise ValueError("budget limits must be >= 0")

    @property
    def spent(self) -> int:
        """Tool calls charged so far."""
        return sum(self.used.values())

    @property
    def exhausted(self) -> bool:
        """No tool call is left in the total, or the tokens are spent."""
        return self.exhausted_by is not None

    @property
    def exhausted_by(self) -> str | None:
        """What ran out ("15 tool calls", "30,000 tokens"), or None while the budget lasts."""
        if self.spent >= self.total:
            return f"{self.total} tool calls"
        if self.tokens is not None and self.tokens_used >= self.tokens:
            return f"{self.tokens:,} tokens"
        return None

    def refusal(self, tool: str) -> str | None:
        """Why a call to ``tool`` may not run now, or None when it may."""
        if self.exhausted_by is not None:
            return f"budget exhausted ({self.exhausted_by}): not run"
        limit = self.per_tool.get(tool)
        if limit is not None and self.used[tool] >= limit:
            return f"{tool} limit reached ({limit} calls): not run; use what you have"
        return None

    def charge(self, tool: str) -> None:
        """Count one call of ``tool``."""
        self.used[tool] += 1

    def charge_tokens(self, count: int) -> None:
        """Count the tokens of one model turn."""
        self.tokens_used += count
