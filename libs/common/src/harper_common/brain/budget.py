"""Tool-call budgets: a total and per-tool limits, so a tool loop always comes to an end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(kw_only=True)
class Budget:
    """Counts tool calls. Every call the model makes is charged, including refused ones.

    ``per_tool`` caps single tools (e.g. ``{"read_file": 8, "search_files": 4}``); a call over its
    tool's cap is refused (the model is told) but still charged against ``total``.
    """

    total: int = 15
    per_tool: Mapping[str, int] = field(default_factory=dict)
    used: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        if self.total < 0 or any(limit < 0 for limit in self.per_tool.values()):
            raise ValueError("budget limits must be >= 0")

    @property
    def spent(self) -> int:
        """Tool calls charged so far."""
        return sum(self.used.values())

    @property
    def exhausted(self) -> bool:
        """No tool call is left in the total."""
        return self.spent >= self.total

    def refusal(self, tool: str) -> str | None:
        """Why a call to ``tool`` may not run now, or None when it may."""
        if self.exhausted:
            return f"budget exhausted ({self.total} tool calls): not run"
        limit = self.per_tool.get(tool)
        if limit is not None and self.used[tool] >= limit:
            return f"{tool} limit reached ({limit} calls): not run; use what you have"
        return None

    def charge(self, tool: str) -> None:
        """Count one call of ``tool``."""
        self.used[tool] += 1
