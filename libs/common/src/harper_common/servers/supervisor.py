"""Restarting what ``harper up`` started: a child that exits comes back, with backoff.

A child that dies is restarted after a delay that doubles with each quick crash (0.5 s, 1 s,
2 s … up to ``max_delay_s``); a child that stayed up for ``stable_after_s`` starts afresh.
After ``give_up_after`` crashes inside ``window_s`` the supervisor gives up on it and says why
(the exit code and the tail of its log), because a crash loop is a bug to read, not to hide.

The state of every child is written to ``<data dir>/supervisor.json`` on each change, so
``/health`` and ``harper status`` can tell "restarting" from "gone".
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from harper_common.memory.atomic import atomic_write_text
from harper_common.servers.processes import ManagedProcess, StartFailed

ChildState = Literal["running", "restarting", "failed"]
STATUS_FILE = "supervisor.json"


@dataclass(frozen=True)
class RestartPolicy:
    first_delay_s: float = 0.5
    max_delay_s: float = 10.0
    give_up_after: int = 5
    """Crashes within ``window_s`` after which the child is not restarted again."""
    window_s: float = 60.0
    stable_after_s: float = 30.0
    """A child that ran this long before exiting counts as a fresh start (delay back to first)."""


@dataclass
class ChildRecord:
    process: ManagedProcess
    started_at: float
    state: ChildState = "running"
    crashes: list[float] = field(default_factory=list)
    restart_at: float | None = None
    restarts: int = 0
    last_exit: int | None = None

    def status(self) -> dict[str, object]:
        return {
            "state": self.state,
            "restarts": self.restarts,
            "last_exit": self.last_exit,
            "pid": self.process.process.pid if self.process.process else None,
        }


class Supervisor:
    """Watches children; ``tick()`` restarts those due and returns what it did, as log lines."""

    def __init__(
        self,
        status_path: Path | None = None,
        policy: RestartPolicy | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.policy = policy or RestartPolicy()
        self.status_path = status_path
        self.clock = clock
        self.children: list[ChildRecord] = []

    def watch(self, processes: Sequence[ManagedProcess]) -> None:
        now = self.clock()
        known = {id(child.process) for child in self.children}
        for process in processes:
            if id(process) not in known:
                self.children.append(ChildRecord(process, started_at=now))
        self._write_status()

    def tick(self) -> list[str]:
        """Notice exits, restart children whose delay is over; StartFailed on a crash loop."""
        lines: list[str] = []
        now = self.clock()
        for child in self.children:
            if child.state == "running" and not child.process.running:
                lines.append(self._exited(child, now))
            elif child.state == "restarting" and child.restart_at is not None:
                if now >= child.restart_at:
                    lines.append(self._restart(child, now))
        if lines:
            self._write_status()
        return lines

    def _exited(self, child: ChildRecord, now: float) -> str:
        process = child.process
        child.last_exit = process.process.returncode if process.process else None
        if now - child.started_at >= self.policy.stable_after_s:
            child.crashes.clear()
        child.crashes = [t for t in child.crashes if now - t < self.policy.window_s] + [now]
        if len(child.crashes) >= self.policy.give_up_after:
            child.state = "failed"
            self._write_status()
            raise process.failure(
                f"exited (code {child.last_exit}) {len(child.crashes)} times within "
                f"{self.policy.window_s:g} s; not restarting it again"
            )
        delay = min(
            self.policy.first_delay_s * 2 ** (len(child.crashes) - 1), self.policy.max_delay_s
        )
        child.state = "restarting"
        child.restart_at = now + delay
        return (
            f"{process.name} exited (code {child.last_exit}); restarting in {delay:g} s "
            f"(crash {len(child.crashes)} of {self.policy.give_up_after} allowed within "
            f"{self.policy.window_s:g} s)"
        )

    def _restart(self, child: ChildRecord, now: float) -> str:
        try:
            child.process.start()
            child.process.after_restart()
        except OSError as exc:
            raise StartFailed(f"{child.process.name} could not be restarted: {exc}") from exc
        child.state = "running"
        child.started_at = now
        child.restart_at = None
        child.restarts += 1
        return f"{child.process.name} restarted (pid {child.process.process.pid})"  # type: ignore[union-attr]

    def status(self) -> dict[str, dict[str, object]]:
        return {child.process.name: child.status() for child in self.children}

    def _write_status(self) -> None:
        if self.status_path is None:
            return
        atomic_write_text(self.status_path, json.dumps(self.status(), indent=2) + "\n")


def read_supervisor_status(data_dir: Path) -> dict[str, dict[str, object]]:
    """What the supervisor last wrote (empty when ``harper up`` is not the one running)."""
    try:
        loaded = json.loads((data_dir / STATUS_FILE).read_text())
    except (OSError, ValueError):
        return {}
    return loaded if isinstance(loaded, dict) else {}
