"""The proof of a write returned to the broker (spec, "Rich Update Details"), index-confirmed.

``qdrant_updated`` and ``new_description`` are facts: they come from the indexer's answer to
"do you hold this version yet?" (`IndexClient.wait_for`), never from an assumption.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Protocol

from harper_common.bus.client import BusError
from harper_common.memory.models import FieldChange
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import IndexApplied
from harper_common.messages.query import StateChange, UpdateResponse
from harper_updater.writer import Committed

log = logging.getLogger(__name__)


class IndexWaiter(Protocol):
    async def wait_for(
        self, account_id: str, version: int, timeout_s: float = 5.0
    ) -> IndexApplied: ...


@dataclass(frozen=True)
class IndexConfirmation:
    applied: bool
    description: str | None


async def confirm_indexed(
    index: IndexWaiter, account_id: str, version: int, timeout_s: float
) -> IndexConfirmation:
    try:
        reply = await index.wait_for(account_id, version, timeout_s=timeout_s)
    except BusError as exc:
        log.warning("index did not confirm %s v%d: %s", account_id, version, exc)
        return IndexConfirmation(False, None)
    return IndexConfirmation(reply.applied, reply.description if reply.applied else None)


def state_changes(changes: list[FieldChange]) -> list[StateChange]:
    return [
        StateChange(field=c.field, old_value=c.old_value or "", new_value=c.new_value or "")
        for c in changes
    ]


def spec_path(memory: MemoryRoot, relative: str) -> str:
    """A path as the spec shows it: under the memory root's folder name (``mem/accounts/...``)."""
    return f"{memory.root.name}/{relative}"


def update_response(
    memory: MemoryRoot,
    committed: list[Committed],
    index: IndexConfirmation,
    *,
    message: str,
    request_id: str | None,
) -> UpdateResponse:
    """The response for one or more writes to one account (the last one is the newest)."""
    last = committed[-1]
    changes = [change for write in committed for change in write.entry.changes]
    files = list(dict.fromkeys(path for write in committed for path in write.files_modified))
    account_id = last.state.account_id
    return UpdateResponse(
        request_id=request_id,
        message=message,
        account_id=account_id,
        account_name=last.state.name,
        changes=state_changes(changes),
        history_entry_id=last.entry.id,
        files_modified=[spec_path(memory, path) for path in files],
        qdrant_updated=index.applied,
        new_description=index.description,
        state_file_path=spec_path(memory, memory.relative(memory.state_path(account_id))),
        history_file_path=spec_path(memory, memory.relative(memory.history_path(account_id))),
        previous_history_entry=last.entry.previous,
    )


def changes_message(name: str, changes: list[FieldChange]) -> str:
    listed = ", ".join(f"{c.field}: {c.new_value or '–'}" for c in changes)
    return f"Updated {name}: {listed}"
