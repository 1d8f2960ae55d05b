"""``harper reindex --verify``: where the index and the files disagree, account by account.

The accounts collection must hold every account of the memory root at the version of its
state.md, and nothing else; the passages must be at that version for every account they have
reached (while they are still being filled after a start, an account not reached yet is not a
difference).
"""

from __future__ import annotations

from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import (
    IndexCollection,
    IndexDifference,
    IndexProblem,
    IndexVerifyReply,
)
from harper_indexer.account_index import AccountIndex
from harper_indexer.passage_index import PassageIndex, state_version


def differences(
    memory: MemoryRoot, accounts: AccountIndex, passages: PassageIndex, limit: int
) -> IndexVerifyReply:
    on_disk = {
        account_id: state_version(memory.state_path(account_id))
        for account_id in memory.account_ids()
    }
    indexed = accounts.account_ids()
    found: list[IndexDifference] = []
    for account_id, version in sorted(on_disk.items()):
        stored = accounts.stored_version(account_id) if account_id in indexed else None
        if stored is None:
            found.append(_difference(account_id, "accounts", "missing", None, version))
        elif stored < version:
            found.append(_difference(account_id, "accounts", "stale", stored, version))
        reached = passages.done.get(account_id)
        if reached is None and passages.fill_complete:
            found.append(_difference(account_id, "passages", "missing", None, version))
        elif reached is not None and reached < version:
            found.append(_difference(account_id, "passages", "stale", reached, version))
    for account_id in sorted(indexed - on_disk.keys()):
        stored = accounts.stored_version(account_id)
        found.append(_difference(account_id, "accounts", "not_in_files", stored, None))
    return IndexVerifyReply(
        checked=len(on_disk.keys() | indexed),
        differences=found[:limit],
        total=len(found),
        passages_filling=not passages.fill_complete,
    )


def _difference(
    account_id: str,
    collection: IndexCollection,
    problem: IndexProblem,
    indexed: int | None,
    files: int | None,
) -> IndexDifference:
    return IndexDifference(
        account_id=account_id,
        collection=collection,
        problem=problem,
        indexed_version=indexed,
        file_version=files,
    )
