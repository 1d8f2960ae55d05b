"""What the search agent knows about the book without a tool call: names, places, trades.

Only vocabulary (to recognise "roofers in Austin" or a company name in a question, and the words
state.md files use, so a real word of the book is never read as a typo) and where each account's
sources are. Answers never come from here: they come from the tools. Built at start from each
state.md and the source folders' names, refreshed per account on account events.
"""

from __future__ import annotations

import os
import re
import threading
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harper_common.memory.contact_marks import domains_of, marks_in
from harper_common.memory.errors import HarperMemoryError
from harper_common.memory.files import read_memory_text
from harper_common.memory.paths import ACCOUNTS, RAW_FILE, SOURCES, STATE_FILE, MemoryRoot
from harper_common.memory.source_order import source_order_key
from harper_common.memory.state import UNVERSIONED, parse_state
from harper_common.places import split_location
from harper_search.account_files import AccountText
from harper_search.run_log import is_source_path
from harper_search.staff import name_parts, staff_named, staff_of
from harper_search.terms import stem, term_set, without_accents


@dataclass(frozen=True, kw_only=True)
class AccountCard:
    account_id: str
    name: str
    industry: str | None
    city: str | None
    state: str | None
    insurance_types: tuple[str, ...]
    sources: tuple[str, ...]
    """Root-relative raw.txt paths, oldest first (``source_order_key``: the day in the source's
    id, else its raw.txt's Date header)."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """state.md's fields beyond the format's own (``AccountState.extra``)."""
    marks: frozenset[str] = frozenset()
    """The emails and phone numbers state.md holds (``contact_marks.marks_in``)."""
    staff: tuple[str, ...] = field(init=False)
    """The agency's own people on the account (state.md's broker and the like), read from
    ``extra`` once: every question about the book looks at every card's."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "staff", staff_of(self.extra))


class Catalog:
    def __init__(self, memory: MemoryRoot) -> None:
        self.memory = memory
        self.cards: dict[str, AccountCard] = {}
        self._words: dict[str, frozenset[str]] = {}
        self._word_counts: Counter[str] = Counter()
        self._lock = threading.Lock()

    def build(self) -> None:
        for account_id in self.memory.account_ids():
            self.refresh_account(account_id)

    def refresh_account(self, account_id: str) -> None:
        """Re-read one account's state.md and source folders (nothing else is opened)."""
        self.add(_state_and_sources(self.memory, account_id))

    def add(self, account: AccountText) -> None:
        """Replace one account's card from its files (dropped when state.md is gone or bad)."""
        card = _card(account)
        state = account.files.get(f"{ACCOUNTS}/{account.account_id}/{STATE_FILE}")
        words = frozenset(term_set(state)) if card is not None and state else frozenset()
        with self._lock:
            if card is None:
                self.cards.pop(account.account_id, None)
            else:
                self.cards[account.account_id] = card
            self._word_counts.subtract(self._words.pop(account.account_id, frozenset()))
            self._word_counts.update(words)
            self._words[account.account_id] = words

    def has_word(self, word: str) -> bool:
        """Whether some account's state.md uses the word (so it is no typo)."""
        return self._word_counts[stem(word.lower())] > 0

    def values(self, attribute: str) -> set[str]:
        """Every distinct value of a card attribute (industry, city, state) in the book."""
        with self._lock:
            cards = list(self.cards.values())
        found: set[str] = set()
        for card in cards:
            value = getattr(card, attribute)
            if isinstance(value, str) and value:
                found.add(value)
            elif isinstance(value, tuple):
                found.update(v for v in value if isinstance(v, str))
        return found

    def handled_by(self, question: str) -> tuple[set[str], set[str]]:
        """The agency's people the question names (see ``staff.staff_named``) and the accounts
        they handle; both empty when it names none."""
        with self._lock:
            cards = list(self.cards.values())
        asked = name_parts(question)
        people = {p for card in cards for p in card.staff if name_parts(p) & asked}
        if not people:  # most questions name nobody of ours: no reading of every name
            return set(), set()
        other: set[str] = set()
        for card in cards:
            for text in (card.name, card.city or ""):
                other.update(name_parts(text))
        named = staff_named(question, people, other)
        accounts = {card.account_id for card in cards if named & set(card.staff)}
        return named, accounts

    def get(self, account_id: str) -> AccountCard | None:
        return self.cards.get(account_id)

    def holding_marks(self, asked: set[str]) -> list[AccountCard]:
        """The accounts whose state.md holds one of the ``asked`` marks (``asked_marks`` of a
        question); for an address no state.md holds, the one account whose addresses share its
        domain (a business's own domain, not a mail service many accounts use)."""
        if not asked:
            return []
        with self._lock:
            cards = list(self.cards.values())
        holders = [card for card in cards if asked & card.marks]
        if holders:
            return holders
        domains = domains_of({mark for mark in asked if "@" in mark})
        by_domain = [card for card in cards if _own_domain(domains & card.marks, card.name)]
        return by_domain if len(by_domain) == 1 else []


OWN_DOMAIN_WORD = 4
"""A business's own mail domain holds a word of its name this long or longer."""


def _own_domain(domains: set[str], name: str) -> bool:
    """Whether one of ``domains`` is the business's own ("@cornerstoneplumbing.com" for
    "Cornerstone Plumbing"), not a mail service anyone may use."""
    words = re.findall(r"[a-z]+", without_accents(name).lower())
    return any(
        len(w) >= OWN_DOMAIN_WORD and w in domain.split(".")[0] for domain in domains for w in words
    )


def _state_and_sources(memory: MemoryRoot, account_id: str) -> AccountText:
    """state.md's text and an empty text for each source's raw.txt (only its path matters)."""
    folder = memory.account_dir(account_id)
    base = f"{ACCOUNTS}/{account_id}"
    files: dict[str, str] = {}
    state = folder / STATE_FILE
    if state.is_file() and not state.is_symlink():
        files[f"{base}/{STATE_FILE}"] = read_memory_text(state)
    found: list[Path] = []
    for channel in ("emails", "calls", "sms"):
        channel_dir = folder / SOURCES / channel
        if not channel_dir.is_dir():
            continue
        with os.scandir(channel_dir) as entries:
            found += [Path(e.path) for e in entries if e.is_dir(follow_symlinks=False)]
    for source in sorted(found, key=source_order_key):  # oldest first
        files[f"{base}/{SOURCES}/{source.parent.name}/{source.name}/{RAW_FILE}"] = ""
    return AccountText(account_id=account_id, files=files)


def _card(account: AccountText) -> AccountCard | None:
    base = f"{ACCOUNTS}/{account.account_id}"
    text = account.files.get(f"{base}/{STATE_FILE}")
    if text is None:
        return None
    try:
        state = parse_state(
            text,
            f"{base}/{STATE_FILE}",
            expected_id=account.account_id,
            missing_version=UNVERSIONED,
            lenient_stage=True,
        )
    except HarperMemoryError:
        return None
    city, region = split_location(state.location)
    sources = [p for p in account.files if is_source_path(p) and p.endswith(f"/{RAW_FILE}")]
    return AccountCard(
        account_id=account.account_id,
        name=state.name,
        industry=state.industry,
        city=city,
        state=region,
        insurance_types=tuple(state.insurance_types or ()),
        sources=tuple(sources),
        extra=dict(state.extra),
        marks=frozenset(marks_in(text)),
    )
