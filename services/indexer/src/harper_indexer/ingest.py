"""Bring the index in line with a memory root: every readable state.md, in batches.

Accounts already indexed at their current version are skipped, so a restart over an
unchanged book only reads files. An unreadable state.md is recorded as a problem and its
account keeps whatever the index held; accounts whose folders are gone are removed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from harper_common.memory import AccountState, HarperMemoryError, MemoryRoot, read_state
from harper_common.memory.state import UNVERSIONED
from harper_indexer.account_index import AccountIndex

Progress = Callable[[int, int], None]
"""Called after each batch with (accounts done, accounts in the root)."""


@dataclass(frozen=True)
class IngestProblem:
    """An account that could not be indexed, and why (the parser's message: file, line)."""

    account_id: str
    problem: str


@dataclass(frozen=True)
class IngestReport:
    """What an ingest did."""

    accounts: int
    """Account folders in the memory root."""
    indexed: int
    """Accounts written to the index (new, or a newer version than the index held)."""
    unchanged: int
    """Accounts the index already held at their current version."""
    removed: int
    """Indexed accounts whose folders are gone, removed from the index."""
    seconds: float
    problems: list[IngestProblem] = field(default_factory=list)
    """Accounts skipped because their state.md could not be read."""

    @property
    def skipped(self) -> int:
        return len(self.problems)

    def summary(self) -> str:
        """One line for logs and status: "200 accounts: 12 indexed, 188 unchanged, ..."."""
        return (
            f"{self.accounts} accounts: {self.indexed} indexed, {self.unchanged} unchanged, "
            f"{self.removed} removed, {self.skipped} unreadable, in {self.seconds:.1f} s"
        )


def ingest_memory_root(
    root: Path,
    index: AccountIndex,
    *,
    batch_size: int = 256,
    progress: Progress | None = None,
    clean: bool = False,
) -> IngestReport:
    """Index every account of the memory root ``root``; with ``clean``, start from empty."""
    started = time.perf_counter()
    memory = MemoryRoot(root)
    account_ids = memory.account_ids()
    if clean:
        index.clear()
    problems: list[IngestProblem] = []
    indexed = 0
    for start in range(0, len(account_ids), batch_size):
        states = _read_states(memory, account_ids[start : start + batch_size], problems)
        indexed += len(index.upsert_states(states))
        if progress is not None:
            progress(min(start + batch_size, len(account_ids)), len(account_ids))
    removed = _remove_missing(index, set(account_ids))
    if indexed or removed:
        index.optimize()
    return IngestReport(
        accounts=len(account_ids),
        indexed=indexed,
        unchanged=len(account_ids) - indexed - len(problems),
        removed=removed,
        seconds=round(time.perf_counter() - started, 3),
        problems=problems,
    )


def _read_states(
    memory: MemoryRoot, account_ids: Sequence[str], problems: list[IngestProblem]
) -> list[AccountState]:
    states = []
    for account_id in account_ids:
        try:
            path = memory.state_path(account_id)
            states.append(
                read_state(
                    path, expected_id=account_id, missing_version=UNVERSIONED, lenient_stage=True
                )
            )
        except (HarperMemoryError, ValueError, OSError) as exc:
            problems.append(IngestProblem(account_id, str(exc)))
    return states


def _remove_missing(index: AccountIndex, present: set[str]) -> int:
    gone = sorted(index.account_ids() - present)
    for account_id in gone:
        index.remove(account_id)
    return len(gone)
