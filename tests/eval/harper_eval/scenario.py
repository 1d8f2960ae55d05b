"""A scenario's result: named checks, each passed or failed with what was seen."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from harper_common.memory import (
    AccountState,
    History,
    MemoryRoot,
    check_memory,
    read_history,
    read_state,
    verify_chain,
)
from harper_common.memory.errors import HarperMemoryError


@dataclass
class Check:
    name: str
    ok: bool
    detail: str = ""


@dataclass
class ScenarioResult:
    id: str
    title: str
    checks: list[Check] = field(default_factory=list)
    latency_ms: list[float] = field(default_factory=list)

    def check(self, name: str, ok: bool, detail: str = "") -> bool:
        self.checks.append(Check(name, bool(ok), "" if ok else detail))
        return bool(ok)

    @property
    def passed(self) -> bool:
        return bool(self.checks) and all(c.ok for c in self.checks)

    @property
    def failed_checks(self) -> list[Check]:
        return [c for c in self.checks if not c.ok]


class Memory:
    """Read-only looks at the memory root behind the running Harper."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.memory = MemoryRoot(root)

    def state(self, account_id: str) -> AccountState | None:
        try:
            return read_state(self.memory.state_path(account_id), expected_id=account_id)
        except (OSError, HarperMemoryError):
            return None

    def state_text(self, account_id: str) -> str:
        path = self.memory.state_path(account_id)
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def history(self, account_id: str) -> History | None:
        path = self.memory.history_path(account_id)
        try:
            return read_history(path)
        except (OSError, HarperMemoryError):
            return None

    def history_ids(self, account_id: str) -> list[str]:
        history = self.history(account_id)
        return [entry.id for entry in history.entries] if history else []

    def chain_problems(self, account_id: str) -> list[str]:
        history = self.history(account_id)
        if history is None:
            return ["history.md missing or unreadable"]
        return [f"line {b.line}: {b.entry_id}: {b.problem}" for b in verify_chain(history)]

    def account_problems(self, account_id: str) -> list[str]:
        """check-memory's errors for this account folder."""
        report = check_memory(self.root)
        prefix = f"accounts/{account_id}/"
        return [p.describe() for p in report.errors if p.path.startswith(prefix)]

    def account_ids(self) -> list[str]:
        return list(self.memory.account_ids())
