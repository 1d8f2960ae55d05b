"""Apply validated changes to an account's state: the new state and what changed, field by field.

Changes that leave a field as it was are dropped; what is left becomes the history entry's
bullets (``- **stage**: Application Received → Quoted``) and the response's ``changes``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from harper_common.memory.models import AccountState, Contact, FieldChange
from harper_common.memory.stages import Stage
from harper_updater.changes import ValidChange


@dataclass(frozen=True)
class Applied:
    """The state after the changes, and the field changes actually made."""

    state: AccountState
    changes: list[FieldChange]
    notes: list[str]


def money(amount: float | int | None) -> str:
    if amount is None:
        return "–"
    return f"${amount:,.0f}" if float(amount).is_integer() else f"${amount:,.2f}"


def number_text(amount: float | int | None) -> str | None:
    if amount is None:
        return None
    return str(int(amount)) if float(amount).is_integer() else str(amount)


def list_text(items: list[str] | None) -> str | None:
    return ", ".join(items) if items else None


def apply_changes(state: AccountState, changes: list[ValidChange], today: date) -> Applied:
    """The new state (version untouched) and the FieldChanges, in the order the fields changed."""
    values: dict[str, Any] = {}
    recorded: list[FieldChange] = []
    notes: list[str] = []
    lines = list(state.insurance_types or [])
    pending = list(state.pending_actions or [])
    contact = (state.primary_contact or Contact()).model_copy()
    for change in changes:
        _one(change, state, values, notes, lines, pending, contact)
    if lines != (state.insurance_types or []):
        values["insurance_types"] = lines
        recorded_lines = FieldChange(
            field="insurance_types",
            old_value=list_text(state.insurance_types),
            new_value=list_text(lines),
        )
    else:
        recorded_lines = None
    if pending != (state.pending_actions or []):
        values["pending_actions"] = pending
    if contact != (state.primary_contact or Contact()):
        values["primary_contact"] = contact
    recorded.extend(_scalar_changes(state, values))
    if recorded_lines is not None:
        recorded.append(recorded_lines)
    recorded.extend(_list_and_contact_changes(state, values))
    recorded.extend(FieldChange(field="note", old_value=None, new_value=note) for note in notes)
    body = add_notes(state.body, state.name, notes, today) if notes else state.body
    return Applied(state.model_copy(update={**values, "body": body}), recorded, notes)


def _one(
    change: ValidChange,
    state: AccountState,
    values: dict[str, Any],
    notes: list[str],
    lines: list[str],
    pending: list[str],
    contact: Contact,
) -> None:
    field, value = change.field, change.value
    if field == "stage" and value != state.stage:
        values["stage"] = value
    elif field == "premium" and value != state.premium:
        values["premium"] = value
    elif field == "next_step" and value != state.next_step:
        values["next_step"] = value
    elif field == "last_contact" and value != state.last_contact:
        values["last_contact"] = value
    elif field == "note" and value not in notes:
        notes.append(str(value))
    elif field == "insurance_types_add" and value not in lines:
        lines.append(str(value))
    elif field == "insurance_types_remove" and value in lines:
        lines.remove(str(value))
    elif field == "pending_action_add" and value not in pending:
        pending.append(str(value))
    elif field == "pending_action_done" and value in pending:
        pending.remove(str(value))
    elif field.startswith("contact_"):
        setattr(contact, field.removeprefix("contact_"), str(value))


def _scalar_changes(state: AccountState, values: dict[str, Any]) -> list[FieldChange]:
    out = []
    for name in ("stage", "premium", "next_step", "last_contact"):
        if name in values:
            out.append(
                FieldChange(
                    field=name,
                    old_value=value_text(getattr(state, name)),
                    new_value=value_text(values[name]),
                )
            )
    return out


def _list_and_contact_changes(state: AccountState, values: dict[str, Any]) -> list[FieldChange]:
    out = []
    if "pending_actions" in values:
        out.append(
            FieldChange(
                field="pending_actions",
                old_value=list_text(state.pending_actions),
                new_value=list_text(values["pending_actions"]),
            )
        )
    if "primary_contact" in values:
        old = state.primary_contact or Contact()
        new: Contact = values["primary_contact"]
        for key in ("name", "email", "phone"):
            if getattr(old, key) != getattr(new, key):
                out.append(
                    FieldChange(
                        field=f"primary_contact.{key}",
                        old_value=getattr(old, key),
                        new_value=getattr(new, key),
                    )
                )
    return out


def value_text(value: object) -> str | None:
    """A field value as a history entry writes it (a stage by name, a number plainly)."""
    if value is None:
        return None
    if isinstance(value, Stage):
        return value.value
    if isinstance(value, float | int) and not isinstance(value, bool):
        return number_text(value)
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def add_notes(body: str, name: str, notes: list[str], today: date) -> str:
    """The state body with ``- YYYY-MM-DD: note`` lines added at the end of ``## Notes``."""
    new_lines = [f"- {today.isoformat()}: {' '.join(note.split())}" for note in notes]
    lines = body.split("\n") if body else [f"# {name}", ""]
    if lines and lines[-1] == "":
        lines.pop()
    heading = next((i for i, line in enumerate(lines) if line.strip() == "## Notes"), None)
    if heading is None:
        if lines and lines[-1].strip():
            lines.append("")
        lines += ["## Notes", *new_lines]
        return "\n".join(lines) + "\n"
    end = next((i for i in range(heading + 1, len(lines)) if lines[i].startswith("#")), len(lines))
    insert_at = end
    while insert_at > heading + 1 and not lines[insert_at - 1].strip():
        insert_at -= 1
    lines[insert_at:insert_at] = new_lines
    return "\n".join(lines) + "\n"


def summary_of(before: AccountState, changes: list[FieldChange]) -> str:
    """One sentence for the history entry, as the spec writes it."""
    by_field = {change.field: change for change in changes}
    stage, premium = by_field.get("stage"), by_field.get("premium")
    after_premium = None if premium is None else premium.new_value
    if stage is not None:
        text = f'Stage updated from "{stage.old_value or "–"}" to "{stage.new_value}"'
        if after_premium is not None:
            text += f" based on premium quote of {money(float(after_premium))}"
        rest = [c for c in changes if c.field not in ("stage", "premium")]
        return text + ("; " + _phrases(rest) if rest else "") + "."
    return _phrases(changes)[:1].upper() + _phrases(changes)[1:] + "."


def _phrases(changes: list[FieldChange]) -> str:
    parts: list[str] = []
    for change in changes:
        if change.field == "premium":
            old = "" if change.old_value is None else f" from {money(float(change.old_value))}"
            new = money(float(change.new_value)) if change.new_value else "–"
            parts.append(f"premium updated{old} to {new}")
        elif change.field == "note":
            parts.append(f"note added: {change.new_value}")
        elif change.field == "insurance_types":
            parts.append(f"lines of coverage now {change.new_value or 'none'}")
        elif change.field == "pending_actions":
            parts.append(f"pending actions now {change.new_value or 'none'}")
        else:
            parts.append(f"{change.field.replace('_', ' ')} set to {change.new_value or '–'}")
    return "; ".join(parts)
