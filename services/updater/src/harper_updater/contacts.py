"""Which account a sender belongs to: primary contact emails and phone numbers from state.md.

Built by reading every state.md (in a worker thread); rebuilt when a lookup misses and the book
is older than ``max_age_s`` (another replica may have created the account since), and in any
case once it is older than ``refresh_s``.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from email.utils import parseaddr

import anyio.to_thread

from harper_common.memory.errors import HarperMemoryError
from harper_common.memory.files import read_state
from harper_common.memory.paths import MemoryRoot

_DIGITS = re.compile(r"\d")


def email_key(text: str | None) -> str | None:
    if not text:
        return None
    address = parseaddr(text)[1] or text
    address = address.strip().strip("<>").lower()
    return address if "@" in address else None


def phone_key(text: str | None) -> str | None:
    digits = "".join(_DIGITS.findall(text or ""))
    return digits[-10:] if len(digits) >= 7 else None


@dataclass
class _Book:
    by_email: dict[str, set[str]] = field(default_factory=dict)
    by_phone: dict[str, set[str]] = field(default_factory=dict)
    built_at: float = 0.0


class ContactBook:
    def __init__(
        self, memory: MemoryRoot, *, max_age_s: float = 5.0, refresh_s: float = 60.0
    ) -> None:
        self.memory = memory
        self.max_age_s = max_age_s
        self.refresh_s = refresh_s
        self._book: _Book | None = None

    async def find(self, email: str | None, phone: str | None) -> tuple[set[str], str]:
        """Account ids matching the email (first) or the phone, and which one matched."""
        if self._book is not None and time.monotonic() - self._book.built_at > self.refresh_s:
            self._book = None  # contacts change; a matched sender must not stay matched forever
        found, how = self._match(await self._current(), email, phone)
        if not found and self._book is not None:
            if time.monotonic() - self._book.built_at > self.max_age_s:
                self._book = None
                found, how = self._match(await self._current(), email, phone)
        return found, how

    @staticmethod
    def _match(book: _Book, email: str | None, phone: str | None) -> tuple[set[str], str]:
        if (key := email_key(email)) and key in book.by_email:
            return book.by_email[key], "email"
        if (key := phone_key(phone)) and key in book.by_phone:
            return book.by_phone[key], "phone"
        return set(), ""

    async def _current(self) -> _Book:
        if self._book is None:
            self._book = await anyio.to_thread.run_sync(self._build)
        return self._book

    def _build(self) -> _Book:
        book = _Book(built_at=time.monotonic())
        for account_id in self.memory.account_ids():
            try:
                state = read_state(self.memory.state_path(account_id), account_id)
            except (HarperMemoryError, OSError):
                continue
            contact = state.primary_contact
            if contact is None:
                continue
            if key := email_key(contact.email):
                book.by_email.setdefault(key, set()).add(account_id)
            if key := phone_key(contact.phone):
                book.by_phone.setdefault(key, set()).add(account_id)
        return book
