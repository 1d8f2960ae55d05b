"""The people state.md names: the primary contact, and any others a brokerage keeps beside it.

The format knows one person, ``primary_contact``. Brokerages keep more in keys of their own
(``other_contacts``, ``billing_contact``, ``contacts``), and they write them the way the primary
contact is written: a mapping with a ``name`` (and ``email``, ``phone``, ``role`` ...), or a list
of such mappings. Such a value is read as people by its shape, whatever its key is called.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from harper_common.memory.models import AccountState

PRIMARY_KEY = "primary_contact"
ROLE_KEYS = ("role", "title", "position", "job_title")
"""Keys under a person that say what they do for the business, the first one present wins."""


@dataclass(frozen=True)
class AccountPerson:
    """One person of state.md, with the key they were written under."""

    name: str
    key: str
    email: str | None = None
    phone: str | None = None
    role: str | None = None

    @property
    def primary(self) -> bool:
        return self.key == PRIMARY_KEY


def account_people(state: AccountState) -> list[AccountPerson]:
    """The primary contact first, then every person the extra keys hold, in file order; a name
    written twice is kept once (its first writing)."""
    people: list[AccountPerson] = []
    contact = state.primary_contact
    if contact is not None and contact.name and contact.name.strip():
        people.append(
            AccountPerson(
                contact.name.strip(),
                PRIMARY_KEY,
                _text(contact.email),
                _text(contact.phone),
                _role(contact.extra),
            )
        )
    for key, value in state.extra.items():
        for entry in value if isinstance(value, list) else [value]:
            person = _person(str(key), entry)
            if person is not None:
                people.append(person)
    seen: set[str] = set()
    kept = []
    for person in people:
        if person.name.casefold() not in seen:
            seen.add(person.name.casefold())
            kept.append(person)
    return kept


def _person(key: str, value: Any) -> AccountPerson | None:
    if not isinstance(value, Mapping):
        return None
    name = _text(value.get("name"))
    if name is None:
        return None
    return AccountPerson(
        name, key, _text(value.get("email")), _text(value.get("phone")), _role(value)
    )


def _role(fields: Mapping[str, Any]) -> str | None:
    return next((r for r in (_text(fields.get(k)) for k in ROLE_KEYS) if r), None)


def _text(value: Any) -> str | None:
    """A scalar written under a person, as one stripped line; None when blank or not a scalar."""
    if value is None or isinstance(value, Mapping | list | bool):
        return None
    text = " ".join(str(value).split())
    return text or None
