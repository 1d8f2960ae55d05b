"""Read and write state.md (MEMORY_FORMAT.md, "state.md")."""

from __future__ import annotations

import re
from datetime import date, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from harper_common.memory import frontmatter as fm
from harper_common.memory._validation import format_error
from harper_common.memory.errors import MemoryFormatError
from harper_common.memory.models import AccountState, Contact
from harper_common.memory.sources import as_moment, parsed_with
from harper_common.memory.stages import known_stage, read_stage

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
REQUIRED_KEYS: tuple[str, ...] = ("account_id", "name", "stage", "version")
_CONTACT_KEYS = ("name", "email", "phone")
UNVERSIONED = 0
"""The version a reader that never writes takes a state.md without one to be at."""
_TEXT_KEYS = ("industry", "location", "next_step")
_DAY_FORMATS = (
    *("%m/%d/%Y", "%m/%d/%y", "%Y/%m/%d"),
    *("%b %d, %Y", "%B %d, %Y", "%d %b %Y", "%d %B %Y"),
)
"""Days as people write them by hand (US order first, as brokers here write), besides ISO."""
_AMOUNT_SCALE = {"k": 1_000, "m": 1_000_000}


def parse_state(
    text: str,
    path: Path | str | None = None,
    *,
    expected_id: str | None = None,
    missing_version: int | None = None,
    lenient_stage: bool = False,
) -> AccountState:
    """Parse state.md leniently: any key order, unknown keys kept, optional keys optional.

    With ``expected_id`` (the account folder's name), a different account_id is an error.
    ``missing_version``: the version a reader that never writes takes a file without one to be
    at (a book another tool exported); without it, a missing version is an error, as the
    contract says (the writer's and check-memory's reading). ``lenient_stage``: a stage that is
    no stage's name or alias is read as the stage its words say, else the start of the pipeline
    (`read_stage`), and kept as written among the unknown keys (a reader that never writes);
    without it, such a stage is an error (the writer cannot write the account back as it was).
    """
    doc = fm.split_frontmatter(text, path)
    fields = doc.fields
    values: dict[str, Any] = {key: _loosen(key, fields[key]) for key in KNOWN_KEYS if key in fields}
    values["extra"] = {key: value for key, value in fields.items() if key not in KNOWN_KEYS}
    values["body"] = doc.body
    if missing_version is not None:
        values.setdefault("version", missing_version)
    written = values.get("stage")
    if lenient_stage and isinstance(written, str) and known_stage(written) is None:
        values["stage"] = read_stage(written)  # "Renewal", "Won - bound 11/1"
        values["extra"]["stage"] = written
    if isinstance(values.get("primary_contact"), dict):
        values["primary_contact"] = _contact(values["primary_contact"])
    try:
        state = AccountState.model_validate(values)
    except ValidationError as exc:
        unreadable = _optional_keys_at_fault(exc)
        if not unreadable:
            raise format_error(exc, path, doc.line_of) from None
        # an optional value that is no value of its kind ("premium: TBD") is kept as written
        # among the unknown keys, so the account still reads and the line is written back
        for key in unreadable:
            values.pop(key, None)
            values["extra"][key] = fields[key]
        try:
            state = AccountState.model_validate(values)
        except ValidationError as again:
            raise format_error(again, path, doc.line_of) from None
    if expected_id is not None and state.account_id != expected_id:
        raise MemoryFormatError(
            path, doc.line_of("account_id"),
            f"account_id {state.account_id!r} does not match its folder {expected_id!r}",
        )  # fmt: skip
    return state


def unreadable_values(state: AccountState) -> dict[str, Any]:
    """The optional fields whose written value was no value of their kind, as written (kept
    among the unknown keys by the reader)."""
    return {key: value for key, value in state.extra.items() if key in KNOWN_KEYS}


def _optional_keys_at_fault(exc: ValidationError) -> set[str]:
    """The optional top-level keys the errors are about; empty when any error is about a
    required key or the file as a whole (those stay errors)."""
    keys = {str(error["loc"][0]) if error["loc"] else "" for error in exc.errors()}
    return keys if keys <= set(KNOWN_KEYS) - set(REQUIRED_KEYS) else set()


def _loosen(key: str, value: Any) -> Any:
    """Accept what people write by hand: unquoted ids, comma lists (a list item with a colon as
    its text), timestamps as dates,
    amounts with a dollar sign, thousands commas or a k, days written 11/18/2026, a blank
    text as no text, and a timestamp without a zone as UTC."""
    if key == "account_id" and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if key in ("insurance_types", "pending_actions") and isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if key in ("insurance_types", "pending_actions") and isinstance(value, list):
        return [_said(item) for item in value]
    if key == "last_contact" and isinstance(value, datetime):
        return value.date()
    if key == "last_contact" and isinstance(value, str):
        return _day(value) or value
    if key == "updated_at":
        return as_moment(value)
    if key == "premium" and isinstance(value, str):
        amount = _amount(value)
        return value if amount is None else amount
    if key in _TEXT_KEYS and isinstance(value, str) and not value.strip():
        return None
    if (
        key == "primary_contact"
        and isinstance(value, list)
        and all(isinstance(item, str | int) for item in value)
    ):
        value = ", ".join(str(item) for item in value)  # "- Rick Hanlon" / "- rick@..."
    if key == "primary_contact" and isinstance(value, str):
        return _contact_in_one_line(value)
    if key in _TEXT_KEYS and isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ", ".join(value)  # "industry: [Marina, Boat storage]"
    return value


_EMAIL = re.compile(r"[\w.+'-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE = re.compile(
    r"(?<![\w])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?:\s*(?:x|ext\.?)\s*\d+)?(?!\d)"
)
_LEFT_OVER = re.compile(r"<\s*>|\(\s*\)|\[\s*\]|[<>]|^[\s,;|/·-]+|[\s,;|/·-]+$")


def _contact_in_one_line(text: str) -> dict[str, Any]:
    """A contact typed on one line ("Rick Hanlon, rick@bluewatermarina.com, (410) 555-0163",
    "Rick Hanlon <rick@...>") as its name, email and phone; a line with neither an email nor
    a phone number is the name."""
    email, phone = _EMAIL.search(text), _PHONE.search(text)
    if email is None and phone is None:
        return {"name": text}
    rest = text
    for found in (email, phone):
        if found is not None:
            rest = rest.replace(found.group(0), " ")
    name = " ".join(rest.split())
    while (tidier := _LEFT_OVER.sub("", name).strip()) != name:
        name = tidier
    name = re.sub(r"\s*[,;|]\s*(?:[,;|]\s*)+", ", ", name)
    contact: dict[str, Any] = {"name": name or None}
    if email is not None:
        contact["email"] = email.group(0)
    if phone is not None:
        contact["phone"] = phone.group(0).strip()
    return contact


def _said(item: Any) -> Any:
    """A list item typed by hand as text with a colon ("- Call Linh: deposit due"), which YAML
    reads as a one-key mapping, as that text; any other item as it is."""
    if isinstance(item, dict) and len(item) == 1:
        ((key, value),) = item.items()
        return f"{key}: {value}" if value is not None else f"{key}:"
    return item


def _amount(text: str) -> int | float | None:
    """'$15,950', '15,950.00', 'USD 15950', '15.9k' as a number; None when it is none."""
    cleaned = text.strip().lower().removeprefix("usd").strip().lstrip("$").replace(",", "")
    scale = _AMOUNT_SCALE.get(cleaned[-1:], 1)
    number = cleaned[:-1] if scale != 1 else cleaned
    try:
        amount = float(number.strip()) * scale
    except ValueError:
        return None
    return int(amount) if amount.is_integer() else amount


def _day(text: str) -> date | None:
    moment = parsed_with(text.strip(), _DAY_FORMATS)
    return moment.date() if moment else None


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
        if key in KNOWN_KEYS and getattr(state, key) is not None:
            continue  # a value set since replaces the one that was kept as written
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
