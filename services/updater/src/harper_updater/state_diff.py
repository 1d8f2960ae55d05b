"""Which fields of state.md differ between two versions, as history entries list them."""

from __future__ import annotations

import re

from harper_common.memory.models import AccountState, Contact, FieldChange
from harper_updater.apply import list_text, value_text

SCALARS = ("name", "stage", "industry", "location", "premium", "last_contact", "next_step")
LISTS = ("insurance_types", "pending_actions")
CONTACT_KEYS = ("name", "email", "phone")
FIELD_KEY = re.compile(r"^[^*\s:](?:[^*\r\n:]*[^*\s:])?$")
"""A frontmatter key Harper does not know can name a change only if a history bullet can hold it."""
RESERVED = frozenset({"evidence", "previous"})


def state_changes(old: AccountState | None, new: AccountState) -> list[FieldChange]:
    """Every known field whose value differs (``old`` None: every field ``new`` has)."""
    changes = []
    for name in SCALARS:
        before = value_text(getattr(old, name)) if old else None
        after = value_text(getattr(new, name))
        if before != after:
            changes.append(FieldChange(field=name, old_value=before, new_value=after))
    for name in LISTS:
        before = list_text(getattr(old, name)) if old else None
        after = list_text(getattr(new, name))
        if before != after:
            changes.append(FieldChange(field=name, old_value=before, new_value=after))
    old_contact = (old.primary_contact if old else None) or Contact()
    new_contact = new.primary_contact or Contact()
    for key in CONTACT_KEYS:
        before, after = getattr(old_contact, key), getattr(new_contact, key)
        if before != after:
            changes.append(
                FieldChange(field=f"primary_contact.{key}", old_value=before, new_value=after)
            )
    old_extra = old.extra if old else {}
    for key in sorted(set(old_extra) | set(new.extra)):
        before, after = value_text(old_extra.get(key)), value_text(new.extra.get(key))
        if before != after and FIELD_KEY.match(key) and key not in RESERVED:
            changes.append(FieldChange(field=key, old_value=before, new_value=after))
    return changes
