"""Which accounts changed a field of their state.md, as their history.md records it.

"Whose point of contact is a new person" asks about a change, which the accounts' present
values cannot tell: every change is in history.md as ``- **field**: old → new``. The question
asks it when it names a field (``state_fields``) and says a word of change (the description-search
skill's "Words of change" table). Each history.md is parsed once per version of the file.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from harper_common.memory.errors import HarperMemoryError
from harper_common.memory.files import read_memory_text
from harper_common.memory.history import parse_history
from harper_common.memory.paths import ACCOUNTS, HISTORY_FILE, MemoryRoot
from harper_search.state_fields import asked_fields
from harper_search.terms import words

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")

HISTORY_KEYS: dict[str, tuple[str, ...]] = {
    "stage": ("stage",),
    "premium": ("premium",),
    "contact": ("primary_contact",),
    "coverage": ("insurance_types",),
    "next_step": ("next_step",),
    "location": ("location",),
    "industry": ("industry",),
    "broker": ("broker",),
}
"""The search's names of state.md fields -> the keys history.md writes their changes under
(``primary_contact`` also covers ``primary_contact.email`` and the like). ``last_contact`` is
left out: it changes with every message, so "which accounts changed their last contact" is not
a question anyone asks of history."""


@dataclass(frozen=True)
class SeenChange:
    """One field's change in one history entry."""

    account_id: str
    when: str
    """The entry's timestamp id (ISO, UTC)."""
    field: str
    old: str
    new: str
    summary: str
    evidence: str | None = None
    """What the entry names as its evidence ("Email 2026-09-30")."""

    @property
    def path(self) -> str:
        return f"{ACCOUNTS}/{self.account_id}/{HISTORY_FILE}"

    def source_among(self, sources: Sequence[str]) -> str | None:
        """The source this change came from, among the account's source paths: the one of the
        day the entry names as evidence (of the entry's own day when it names none), of the
        channel it names when several share the day."""
        said = self.evidence or ""
        day = _DAY.search(said)
        stamp = (day.group(0) if day else self.when[:10]).replace("-", "")
        same_day = [p for p in sources if f"_{stamp}_" in p.rsplit("/", 2)[-2] + "_"]
        channel = said.split()[0].lower() if said.split() else ""
        named = [p for p in same_day if channel and f"/{channel}" in p]
        return next(iter(named or same_day), None)


def changed_fields_asked(question: str, change_words: frozenset[str]) -> tuple[str, ...]:
    """The history keys whose changes the question asks about; () when it says no word of change
    or names no field."""
    if not change_words & set(words(question)):
        return ()
    keys = [key for field in asked_fields(question) for key in HISTORY_KEYS.get(field.name, ())]
    return tuple(dict.fromkeys(keys))


class HistoryChanges:
    """Each account's field changes, read from its history.md and kept until the file changes
    (its size and modification time)."""

    def __init__(self, memory: MemoryRoot) -> None:
        self.memory = memory
        self._kept: dict[str, tuple[tuple[int, int], list[SeenChange]]] = {}
        self._lock = threading.Lock()

    def of(self, account_id: str) -> list[SeenChange]:
        """The account's changes, oldest first: a value that replaced another (a field set for
        the first time, or emptied, is no change of it). [] for a missing or unreadable file."""
        path = self.memory.history_path(account_id)
        try:
            stat = path.stat()
        except OSError:
            return []
        stamp = (stat.st_mtime_ns, stat.st_size)
        with self._lock:
            kept = self._kept.get(account_id)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        try:
            history = parse_history(read_memory_text(path), path)
        except (OSError, HarperMemoryError):
            return []
        seen = [
            SeenChange(
                account_id=account_id,
                when=entry.id,
                field=change.field,
                old=change.old_value,
                new=change.new_value,
                summary=entry.summary,
                evidence=entry.evidence,
            )
            for entry in history.entries
            for change in entry.changes
            if change.old_value and change.new_value and change.old_value != change.new_value
        ]
        with self._lock:
            self._kept[account_id] = (stamp, seen)
        return seen

    def changing(self, account_ids: list[str], keys: tuple[str, ...]) -> dict[str, SeenChange]:
        """Per account, its latest change of one of ``keys`` (accounts without one left out)."""
        latest: dict[str, SeenChange] = {}
        for account_id in account_ids:
            for change in self.of(account_id):
                if any(change.field == key or change.field.startswith(f"{key}.") for key in keys):
                    latest[account_id] = change
        return latest
