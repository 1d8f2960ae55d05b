"""Idempotent writes: a request's ``Idempotency-Key`` goes into the history entry it wrote
(``- **Request**: <key>``), so a retry of the same request, even after a crash mid-write or a
lost reply, finds it in the account's history and returns that result instead of applying it
again. The check runs under the account lock, in the same read as the write, so two retries
racing each other still apply once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from harper_common.bus.routes import ServiceFailure
from harper_common.memory.models import Detail, History, HistoryEntry
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.base import ErrorCode
from harper_common.messages.query import AgentRequest, UpdateResponse
from harper_updater.proof import spec_path, state_changes

REQUEST_KEY: Final = "Request"
LOOK_BACK: Final = 200
"""Entries searched for a key: a retry comes within hours, not thousands of writes later."""


MIN_WRITE_TIME_S: Final = 1.0
"""A write is not started with less time than this left before the request's deadline."""


@dataclass(frozen=True)
class Replayed:
    """The request was applied before: the entry it wrote, and the account's name."""

    name: str
    entry: HistoryEntry


def key_detail(key: str | None) -> list[Detail]:
    return [Detail(key=REQUEST_KEY, value=key)] if key else []


def refuse_if_too_late(request: AgentRequest) -> None:
    """No write is started that could not finish before the caller gives up on it."""
    remaining = request.remaining_s()
    if remaining is not None and remaining < MIN_WRITE_TIME_S:
        raise ServiceFailure(
            ErrorCode.TIMEOUT,
            f"Only {max(remaining, 0):.1f} s were left before the request's deadline, too little "
            "to write safely; nothing was written.",
            fix="Retry it (with the same Idempotency-Key it is never applied twice).",
        )


def entry_for_key(history: History, key: str | None) -> HistoryEntry | None:
    if not key:
        return None
    for entry in reversed(history.entries[-LOOK_BACK:]):
        if any(d.key == REQUEST_KEY and d.value == key for d in entry.details):
            return entry
    return None


def replayed_response(
    memory: MemoryRoot, account_id: str, name: str, entry: HistoryEntry, request_id: str
) -> UpdateResponse:
    """What the first attempt answered, rebuilt from the entry it wrote."""
    return UpdateResponse(
        request_id=request_id,
        message=f"Already applied to {name} by an earlier attempt of this request (same "
        f"Idempotency-Key, history entry {entry.id}); nothing was changed again.",
        account_id=account_id,
        account_name=name,
        changes=state_changes(entry.changes),
        history_entry_id=entry.id,
        files_modified=[],
        qdrant_updated=True,
        state_file_path=spec_path(memory, memory.relative(memory.state_path(account_id))),
        history_file_path=spec_path(memory, memory.relative(memory.history_path(account_id))),
        previous_history_entry=entry.previous,
    )
