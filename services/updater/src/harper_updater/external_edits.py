"""Edits of state.md made outside Harper (an editor, a script, a restore): indexed and recorded.

The memory format is a contract others write too. The watcher (``watchfiles`` on the accounts
folder) sees a state.md change; when its text is not what Harper last wrote (``SeenStates``), the
account goes through the writer like any update: under the account lock, a history entry naming
each changed field with ``By: external edit``, version + 1, the account event (so the indexer
re-indexes it within seconds). A hand edit that does not parse is reported (the updater's health
detail and the log) and left as it is; nothing is written until it is fixed. At start the same
check runs over every account, for edits made while the updater was down.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from pathlib import Path

import anyio.to_thread
from watchfiles import Change, awatch

from harper_common.memory.errors import MemoryFormatError
from harper_common.memory.models import AccountState, FieldChange, History
from harper_common.memory.paths import MemoryRoot
from harper_common.memory.state import parse_state
from harper_updater.seen import SeenStates
from harper_updater.state_diff import state_changes
from harper_updater.writer import AccountWriter, Committed, Draft, StaleWrite

log = logging.getLogger(__name__)

EXTERNAL_EDIT = "external edit"
"""``By`` of the history entries recording an edit made outside Harper."""


class ExternalEdits:
    def __init__(self, writer: AccountWriter) -> None:
        self.memory: MemoryRoot = writer.memory
        self.writer = writer
        self.seen: SeenStates = writer.seen
        self.unreadable: dict[str, str] = {}
        """Account id -> why its state.md could not be read, until it is fixed."""

    def health(self) -> tuple[bool, str]:
        """Still healthy (nothing stops), but the detail names what needs a person."""
        if not self.unreadable:
            return True, ""
        shown = "; ".join(f"{k}: {v}" for k, v in sorted(self.unreadable.items())[:3])
        return True, f"{len(self.unreadable)} hand-edited state.md unreadable ({shown})"

    async def reconcile(self) -> int:
        """Take a first look at every account; record what changed while nobody watched.
        Returns how many accounts were recorded as edited."""
        changed = await anyio.to_thread.run_sync(self._unlike_seen)
        recorded = 0
        for account_id in changed:
            if await self.check(account_id):
                recorded += 1
        return recorded

    def _unlike_seen(self) -> list[str]:
        """In one pass over the files: the accounts whose state.md is not the text Harper last
        wrote. An account never seen is taken as it is (it predates the watch)."""
        changed = []
        for account_id in self.memory.account_ids():
            try:
                text = _read(self.memory.state_path(account_id))
            except UnicodeDecodeError:
                changed.append(account_id)  # check() reports it
                continue
            if text is None:
                continue
            seen = self.seen.get(account_id)
            if seen is None:
                self.seen.put(account_id, text)
            elif text != seen:
                changed.append(account_id)
        return changed

    async def run(self) -> None:
        """Watch from now on, and meanwhile look at every account once (edits made while the
        updater was down)."""
        async with asyncio.TaskGroup() as group:
            group.create_task(self.watch())
            try:
                recorded = await self.reconcile()
            except Exception:  # the watch goes on; the next start looks again
                log.exception("the first look at every account failed")
            else:
                log.info("first look at every account: %d edited outside Harper", recorded)

    async def watch(self) -> None:
        """Check each account whose state.md changes, until cancelled."""
        folder = self.memory.root / "accounts"
        folder.mkdir(parents=True, exist_ok=True)
        async for changes in awatch(folder, watch_filter=_state_files):
            for account_id in sorted(self._accounts(changes)):
                try:
                    await self.check(account_id)
                except Exception:  # one account's trouble must not end the watch
                    log.exception("could not check the edit of %s", account_id)

    def _accounts(self, changes: Iterable[tuple[Change, str]]) -> set[str]:
        accounts = set()
        for _, path in changes:
            parts = Path(path).relative_to(self.memory.root).parts
            if len(parts) == 3 and parts[0] == "accounts":
                accounts.add(parts[1])
        return accounts

    async def check(self, account_id: str) -> Committed | None:
        """Record the account's state.md if it is not what Harper last wrote."""
        path = self.memory.state_path(account_id)
        try:
            text = await anyio.to_thread.run_sync(_read, path)
        except UnicodeDecodeError:
            self.unreadable[account_id] = "state.md is not valid UTF-8 text"
            log.warning("hand edit of %s is not UTF-8 text; left as it is", path)
            return None
        if text is None:
            return None  # removed: the account's folder is the operator's business
        seen = self.seen.get(account_id)
        if text == seen:
            self.unreadable.pop(account_id, None)
            return None
        try:
            parse_state(text, path, expected_id=account_id)
        except (MemoryFormatError, ValueError) as exc:
            self.unreadable[account_id] = str(exc)[:200]
            log.warning("hand edit of %s cannot be read; left as it is: %s", path, exc)
            return None
        self.unreadable.pop(account_id, None)

        def record(before: AccountState | None, _: History) -> Draft | None:
            # under the account lock: compare again, a write may have landed since the read
            if before is None:
                raise StaleWrite(f"state.md of {account_id} was removed")
            last_written = _parsed(self.seen.get(account_id), path, account_id)
            if last_written == before:
                return None
            own = self._own_unnoted_write(account_id, path, before)
            if own is not None:  # a writer died between the files and noting them
                self.seen.put(account_id, own)
                return None
            changes = state_changes(last_written, before)
            summary = _summary(changes, before)
            return Draft(state=before, summary=summary, changes=changes, evidence=None)

        try:
            result = await self.writer.commit(account_id, record, by=EXTERNAL_EDIT)
        except StaleWrite:  # edited again during the write: the next change event sees it
            return None
        if isinstance(result, Committed):
            log.info("recorded an edit made outside Harper: %s", result.entry.summary)
            return result
        return None

    def _own_unnoted_write(self, account_id: str, path: Path, on_disk: AccountState) -> str | None:
        """The text of Harper's own write that state.md holds while the write is still in the
        outbox (its writer was killed after the files, before noting them as seen)."""
        for record in self.writer.outbox.pending():
            if record.event.account_id == account_id and (
                _parsed(record.state_text, path, account_id) == on_disk
            ):
                return record.state_text
        return None


def _state_files(_: Change, path: str) -> bool:
    return path.endswith("/state.md")


def _read(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        return None


def _parsed(text: str | None, path: Path, account_id: str) -> AccountState | None:
    """``text`` as a state (None when there is none or it does not parse)."""
    if text is None:
        return None
    try:
        return parse_state(text, path, expected_id=account_id)
    except (MemoryFormatError, ValueError):
        return None


def _summary(changes: list[FieldChange], state: AccountState) -> str:
    if not changes:
        return f"{state.name}: notes edited outside Harper"
    named = ", ".join(change.field for change in changes[:4])
    more = f" and {len(changes) - 4} more" if len(changes) > 4 else ""
    return f"{state.name}: {named}{more} edited outside Harper"
