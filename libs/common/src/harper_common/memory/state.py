"""Read and write state.md (MEMORY_FORMAT.md, "state.md")."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from harper_common.memory import frontmatter as fm
from harper_common.memory._validation import format_error
from harper_common.memory.errors import MemoryFormatError
from harper_common.memory.models import AccountState, Contact

KNOWN_KEYS: tuple[str, ...] = (
    "account_id",
    "name",
    "stage",
    "industry",
    "location",
    "insurance_types",
    "premium",
    "primary_contact",
    "last_contact",
    "next_step",
    "pending_actions",
    "version",
    "updated_at",
)
_CONTACT_KEYS = ("name", "email", "phone")


def parse_state(
    text: str, path: Path | str | None = None, *, expected_id: str | None = None
) -> AccountState:
    """Parse state.md leniently: any key order, unknown keys kept, optional keys optional.

    With ``expected_id`` (the account folder's name), a different account_id is an error.
    """
    doc = fm.split_frontmatter(text, path)
    fields = doc.fields
    values: dict[str, Any] = {key: _loosen(key, fields[key]) for key in KNOWN_KEYS if key in fields}
    values["extra"] = {key: value for key, value in fields.items() if key not in KNOWN_KEYS}
    values["body"] = doc.body
    if isinstance(values.get("primary_contact"), dict):
        values["primary_contact"] = _contact(values["primary_contact"])
    try:
        state = AccountState.model_validate(values)
    except ValidationError as exc:
        raise format_error(exc, path, doc.line_of) from None
    if expected_id is not None and state.account_id != expected_id:
        raise MemoryFormatError(
            path, doc.line_of("account_id"),
            f"account_id {state.account_id!r} does not match its folder {expected_id!r}",
        )  # fmt: skip
    return state


def _loosen(key: str, value: Any) -> Any:
    """Accept what people write by hand: unquoted ids, comma lists, timestamps as dates."""
    if key == "account_id" and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if key in ("insurance_types", "pending_actions") and isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if key == "last_contact" and isinstance(value, datetime):
        return value.date()
    if key == "primary_contact" and isinstance(value, str):
        return {"name": value}
    return value


def _contact(raw: dict[Any, Any]) -> dict[str, Any]:
    known = {
        key: str(raw[key]) if isinstance(raw[key], int | float) else raw[key]
        for key in _CONTACT_KEYS
        if key in raw and raw[key] is not None
    }
    extra = {str(key): value for key, value in raw.items() if key not in _CONTACT_KEYS}
    return {**known, "extra": extra}


def render_state(state: AccountState) -> str:
    """state.md exactly as Harper writes it: known keys in contract order, then unknown keys."""
    lines: list[str] = []
    for key in KNOWN_KEYS:
        value = getattr(state, key)
        if value is not None:
            lines.extend(_field_lines(key, value))
    for key, value in state.extra.items():
        lines.extend(fm.other_value(key, value))
    return fm.join_frontmatter(lines, state.body)


def _field_lines(key: str, value: Any) -> list[str]:
    if key == "account_id":
        return [f"{key}: {fm.quote(value)}"]
    if isinstance(value, Contact):
        return _contact_lines(value)
    if isinstance(value, list):
        return [f"{key}: {fm.flow_list(value)}"]
    if isinstance(value, datetime):
        return [f"{key}: {fm.timestamp(value)}"]
    if isinstance(value, date):
        return [f"{key}: {fm.day(value)}"]
    if isinstance(value, int | float):
        return [f"{key}: {fm.number(value)}"]
    return [f"{key}: {fm.scalar(str(value))}"]


def _contact_lines(contact: Contact) -> list[str]:
    known = {
        key: getattr(contact, key) for key in _CONTACT_KEYS if getattr(contact, key) is not None
    }
    if not known and not contact.extra:
        return ["primary_contact: {}"]
    lines = fm.mapping_lines("primary_contact", known)
    for key, value in contact.extra.items():
        lines.extend(f"  {line}" for line in fm.other_value(key, value))
    return lines
