"""Faults done to a running Harper: kill -9, SIGSTOP/SIGCONT, a replica started and awaited.

The test harness starts processes itself (it is not ``harper up``), so where ``harper up``'s
supervisor would restart a killed child, these helpers start it again the same way."""

from __future__ import annotations

import os
import re
import signal
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from harness import Harper

from harper_common.memory.files import read_history
from harper_common.servers.processes import ManagedProcess


def pid_of(process: ManagedProcess) -> int:
    assert process.process is not None, f"{process.name} was never started"
    return process.process.pid


def kill9(process: ManagedProcess) -> None:
    """SIGKILL, then reap it so ``running`` turns False at once."""
    assert process.process is not None
    process.process.send_signal(signal.SIGKILL)
    process.process.wait(10)


@contextmanager
def stopped(process: ManagedProcess) -> Iterator[None]:
    """SIGSTOP for the block's duration, SIGCONT after (also when the block fails)."""
    os.kill(pid_of(process), signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid_of(process), signal.SIGCONT)


def start_replica(harper: Harper, name: str, timeout_s: float = 60) -> ManagedProcess:
    """One more process of service ``name``, returned once its log says it is ready."""
    log = harper.log_dir / f"{name}-{len(harper.services.get(name, []))}.log"
    offset = log.stat().st_size if log.exists() else 0
    process = harper.start_service(name)
    wait_ready(process, log, offset, name, timeout_s)
    return process


def restart(harper: Harper, process: ManagedProcess, name: str, timeout_s: float = 60) -> None:
    """Start a killed process again (what the supervisor does) and wait until it is ready."""
    offset = process.log_path.stat().st_size if process.log_path.exists() else 0
    process.start()
    wait_ready(process, process.log_path, offset, name, timeout_s)


def wait_ready(
    process: ManagedProcess, log: Path, offset: int, name: str, timeout_s: float
) -> None:
    deadline = time.monotonic() + timeout_s
    while f"{name} ready" not in log.read_bytes()[offset:].decode(errors="replace"):
        if not process.running:
            raise process.failure("exited while starting")
        if time.monotonic() > deadline:
            raise process.failure(f"was not ready within {timeout_s:g} s")
        time.sleep(0.1)


def account_ids(harper: Harper) -> list[str]:
    return sorted(p.name for p in (harper.settings.mem_root / "accounts").iterdir())


def entries_with_key(harper: Harper, account_id: str) -> dict[str, int]:
    """Request key -> how many history entries of the account carry it."""
    history = read_history(harper.settings.mem_root / "accounts" / account_id / "history.md")
    counts: dict[str, int] = {}
    for entry in history.entries:
        for detail in entry.details:
            if detail.key == "Request":
                counts[detail.value] = counts.get(detail.value, 0) + 1
    return counts


def premiums_set(harper: Harper, account_id: str) -> Counter[int]:
    """Premium (whole dollars) -> how many history entries of the account set it."""
    history = read_history(harper.settings.mem_root / "accounts" / account_id / "history.md")
    counts: Counter[int] = Counter()
    for entry in history.entries:
        for change in entry.changes:
            if change.field == "premium" and change.new_value:
                digits = re.sub(r"\D", "", change.new_value.split(".")[0])
                if digits:
                    counts[int(digits)] += 1
    return counts
