"""Importing the JSON files an earlier follow-up agent kept under ``<data dir>/followup`` into the
shared buckets, once, so an upgrade loses nothing:

- ``actions/<id>.json`` and ``actions/<id>.claim``, ``memory.json``, ``outbox/*.json`` and
  ``notices/*.json``.

Each file is imported, then renamed ``*.imported`` (kept for the operator, never read again). An
entry already in a bucket is left as it is, so two replicas importing at once, or an import
interrupted and run again, write every entry once.
"""

from __future__ import annotations

import logging
from pathlib import Path

import anyio.to_thread
from pydantic import TypeAdapter

from harper_common.messages.followup import FollowupNotice, OutboxItem
from harper_followup.memory import AccountMemory, Change
from harper_followup.state import FollowupState
from harper_followup.store import FollowupAction, valid_action_id

log = logging.getLogger(__name__)
IMPORTED = ".imported"
_Book = TypeAdapter(dict[str, AccountMemory])


async def import_files(folder: Path, state: FollowupState) -> int:
    """Import what ``folder`` holds into ``state``; how many files were imported."""
    imported = 0
    for path in await anyio.to_thread.run_sync(_pending_files, folder):
        text = await anyio.to_thread.run_sync(_read, path)
        if text is None:  # another replica imported it meanwhile
            continue
        await _import_one(folder, path, text, state)
        await anyio.to_thread.run_sync(_mark_imported, path)
        imported += 1
    if imported:
        log.info("imported %d follow-up files from %s into the shared buckets", imported, folder)
    return imported


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


def _pending_files(folder: Path) -> list[Path]:
    found = [folder / "memory.json"]
    found += sorted((folder / "actions").glob("*.json"))
    found += sorted((folder / "actions").glob("*.claim"))
    found += sorted((folder / "outbox").glob("*.json"))
    found += sorted((folder / "notices").glob("*.json"))
    return [path for path in found if path.is_file()]


async def _import_one(folder: Path, path: Path, text: str, state: FollowupState) -> None:
    kind = path.parent.name if path.parent != folder else path.stem
    if kind == "memory":
        for account_id, memory in _Book.validate_json(text).items():
            await state.memory.change(account_id, _unless_known(memory))
    elif kind == "actions" and path.suffix == ".claim":
        if valid_action_id(path.stem):
            await state.actions.claim(path.stem, "imported")
    elif kind == "actions":
        await state.actions.add(FollowupAction.model_validate_json(text))
    elif kind == "outbox":
        await state.outbox.add(OutboxItem.model_validate_json(text))
    elif kind == "notices":
        await state.notices.add(FollowupNotice.model_validate_json(text))


def _unless_known(kept: AccountMemory) -> Change:
    """The file's memory of an account, unless the bucket already has one."""
    return lambda current: kept if current == AccountMemory() else None


def _mark_imported(path: Path) -> None:
    try:
        path.rename(path.with_name(path.name + IMPORTED))
    except FileNotFoundError:  # another replica imported it at the same time
        pass
