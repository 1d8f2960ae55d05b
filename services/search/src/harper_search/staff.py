"""Our own people on an account: who at the agency handles it, as state.md says beyond the format.

The memory format has no field for the agency's broker, but books written by brokerages often
carry one (``broker: ana.ortiz``, ``account_manager: Joe Pike``). A listing that names
one of them ("Ana's clients", "what's on Joe's desk") keeps the accounts they handle.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

STAFF_KEYS = (
    "broker",
    "producer",
    "account_manager",
    "account_executive",
    "assigned_to",
    "csr",
    "handled_by",
)
"""Keys of state.md whose value names the agency's own person on the account."""

_NAME_PART = re.compile(r"[a-z]+")
_QUESTION_WORD = re.compile(r"[a-z]+(?:['\u2019]s)?")


def staff_of(extra: Mapping[str, object]) -> tuple[str, ...]:
    """The agency's people named by state.md's extra fields, as written."""
    found: list[str] = []
    for key in STAFF_KEYS:
        value = extra.get(key)
        if isinstance(value, str) and value.strip():
            found.append(value.strip())
    return tuple(found)


def name_parts(person: str) -> set[str]:
    """The parts of a person's name or handle that can name them ("ana.ortiz" -> ana,
    ortiz); parts of two letters or fewer are left out."""
    return {part for part in _NAME_PART.findall(person.lower()) if len(part) > 2}


def staff_named(question: str, people: Iterable[str], other_words: set[str]) -> set[str]:
    """The people of ``people`` the question names by a part of their name: said as a possessive
    ("ana's"), or at all when that part is no other word of the book (``other_words``:
    account names, places, contacts)."""
    said = _QUESTION_WORD.findall(question.lower())
    possessive = {w[:-2] for w in said if w.endswith(("'s", "\u2019s"))}
    plain = {w for w in said if not w.endswith(("'s", "\u2019s"))}
    named: set[str] = set()
    for person in people:
        parts = name_parts(person)
        if parts & possessive or (parts & plain) - other_words:
            named.add(person)
    return named
