"""Token accounting and the audit trail: one JSON line per agent run, one file per UTC day.

Lines go to ``<data_dir>/audit/<YYYY-MM-DD>.jsonl``. Writers in one process share a lock per file,
so lines never interleave; `read_audit` reads a day back and skips a torn last line.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Protocol

import anyio.to_thread
from pydantic import BaseModel, ConfigDict, Field, ValidationError, computed_field

from harper_common.auth.asking import asking
from harper_common.brain.prices import cost_usd
from harper_common.messages.base import Caller
from harper_common.messages.query import StepUsage

log = logging.getLogger(__name__)


class _ApiUsage(Protocol):
    """The fields we read from `anthropic.types.Usage` (or a message_delta's usage)."""

    @property
    def input_tokens(self) -> int | None: ...
    @property
    def output_tokens(self) -> int: ...
    @property
    def cache_read_input_tokens(self) -> int | None: ...
    @property
    def cache_creation_input_tokens(self) -> int | None: ...


class TokenUsage(BaseModel):
    """Tokens of one or more model calls. ``input`` excludes cached tokens, as the API reports."""

    model_config = ConfigDict(frozen=True)

    input: int = 0
    output: int = 0
    cache_read: int = 0
    cache_write: int = 0

    @classmethod
    def from_api(cls, usage: _ApiUsage) -> TokenUsage:
        """Convert the SDK's usage object (missing cache figures count as zero)."""
        return cls(
            input=usage.input_tokens or 0,
            output=usage.output_tokens,
            cache_read=usage.cache_read_input_tokens or 0,
            cache_write=usage.cache_creation_input_tokens or 0,
        )

    def __add__(self, other: TokenUsage) -> TokenUsage:
        return TokenUsage(
            input=self.input + other.input,
            output=self.output + other.output,
            cache_read=self.cache_read + other.cache_read,
            cache_write=self.cache_write + other.cache_write,
        )

    @property
    def prompt_tokens(self) -> int:
        """Every prompt token, cached or not."""
        return self.input + self.cache_read + self.cache_write


def utc_now() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(UTC)


class StepRecord(BaseModel):
    """One step of a run: a model turn (``tool`` is None) or one tool call."""

    name: str
    tool: str | None = None
    started_at: datetime
    ended_at: datetime
    duration_ms: int = Field(ge=0)
    usage: TokenUsage = Field(default_factory=TokenUsage)
    ok: bool = True
    detail: str | None = None


def step_usage(
    record: StepRecord, *, service: str, brain: str, model: str | None = None
) -> StepUsage:
    """A step as it goes into a response's ``usage``: tokens, their cost on ``model`` and the
    duration, on the wire."""
    return StepUsage(
        service=service,
        step=record.name,
        brain=brain,
        duration_ms=record.duration_ms,
        input_tokens=record.usage.input,
        output_tokens=record.usage.output,
        cache_read_tokens=record.usage.cache_read,
        cache_write_tokens=record.usage.cache_write,
        cost_usd=cost_usd(model, record.usage),
        ok=record.ok,
        detail=record.detail,
    )


@dataclass(frozen=True)
class StepTimer:
    """Times one step: ``StepTimer.start()`` before it, ``finish(...)`` after it."""

    started_at: datetime
    clock: float

    @classmethod
    def start(cls) -> StepTimer:
        """Start timing now."""
        return cls(utc_now(), time.perf_counter())

    def finish(
        self,
        name: str,
        *,
        tool: str | None = None,
        usage: TokenUsage | None = None,
        ok: bool = True,
        detail: str | None = None,
    ) -> StepRecord:
        """The record of the step, ended now. ``detail`` is cut to 300 characters."""
        return StepRecord(
            name=name,
            tool=tool,
            started_at=self.started_at,
            ended_at=utc_now(),
            duration_ms=round((time.perf_counter() - self.clock) * 1000),
            usage=usage or TokenUsage(),
            ok=ok,
            detail=detail[:300] if detail else None,
        )


class RunAudit(BaseModel):
    """One agent run as it goes into the audit trail."""

    run_id: str
    request_id: str | None = None
    caller: Caller | None = None
    """Who asked (the gateway's key name and role); filled from the request being handled."""
    agent: str
    brain: str
    model: str | None = None
    started_at: datetime
    ended_at: datetime
    outcome: str
    steps: list[StepRecord] = Field(default_factory=list)

    @classmethod
    def of_steps(
        cls,
        *,
        request_id: str | None,
        agent: str,
        brain: str,
        model: str | None,
        outcome: str,
        steps: list[StepRecord],
        started_at: datetime | None = None,
    ) -> RunAudit:
        """A run from its steps: a new id, from ``started_at`` (or the first step's start) to
        the last step's end."""
        return cls(
            run_id=uuid.uuid4().hex,
            request_id=request_id,
            agent=agent,
            brain=brain,
            model=model,
            started_at=started_at or steps[0].started_at,
            ended_at=steps[-1].ended_at,
            outcome=outcome,
            steps=steps,
        )

    @computed_field  # type: ignore[prop-decorator]
    @property
    def totals(self) -> TokenUsage:
        """Tokens of every step, summed."""
        return sum((step.usage for step in self.steps), TokenUsage())

    @computed_field  # type: ignore[prop-decorator]
    @property
    def cost_usd(self) -> float | None:
        """What the run's tokens cost on its model (the price table), None when unpriced."""
        return cost_usd(self.model, self.totals)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def duration_ms(self) -> int:
        """Wall time of the run."""
        return max(0, round((self.ended_at - self.started_at).total_seconds() * 1000))


_locks: dict[Path, threading.Lock] = {}
_locks_guard = threading.Lock()


def _lock_for(path: Path) -> threading.Lock:
    with _locks_guard:
        return _locks.setdefault(path, threading.Lock())


class AuditLog:
    """Appends `RunAudit` lines under ``<data_dir>/audit``; ``fsync`` makes each line durable."""

    def __init__(self, data_dir: Path, *, fsync: bool = False) -> None:
        self.folder = data_dir / "audit"
        self.fsync = fsync

    def path_for(self, day: date) -> Path:
        """The file holding the runs that ended on ``day`` (UTC)."""
        return self.folder / f"{day.isoformat()}.jsonl"

    def write(self, run: RunAudit) -> Path:
        """Append ``run`` as one JSON line to the file of its (UTC) end day; return that file."""
        path = self.path_for(run.ended_at.astimezone(UTC).date())
        line = (run.model_dump_json() + "\n").encode("utf-8")
        self.folder.mkdir(parents=True, exist_ok=True)
        with _lock_for(path.resolve()):
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                view = memoryview(line)
                while view:
                    view = view[os.write(fd, view) :]
                if self.fsync:
                    os.fsync(fd)
            finally:
                os.close(fd)
        return path

    async def awrite(self, run: RunAudit) -> Path:
        """`write` from async code, in a worker thread."""
        return await anyio.to_thread.run_sync(self.write, run)

    async def keep(self, run: RunAudit) -> None:
        """`awrite`, for a service answering a request: a full disk is logged, never raised,
        because the answer itself must not fail over its audit line."""
        if run.caller is None:
            run = run.model_copy(update={"caller": asking.get()})
        try:
            await self.awrite(run)
        except OSError:
            log.warning("could not write the audit record of %s", run.request_id, exc_info=True)

    def read(self, day: date) -> list[RunAudit]:
        """The runs of ``day``, oldest first."""
        return read_audit(self.path_for(day))


def read_audit(path: Path) -> list[RunAudit]:
    """Read one audit file back. Lines that do not parse (a torn write) are logged and skipped."""
    if not path.exists():
        return []
    runs: list[RunAudit] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            runs.append(RunAudit.model_validate_json(line))
        except ValidationError:
            log.warning("skipping unreadable audit line %s:%d", path, number)
    return runs
