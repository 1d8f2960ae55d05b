"""Too vague to apply: the clarification form, and reading the form the broker sends back."""

from __future__ import annotations

from pydantic import JsonValue

from harper_common.memory.models import AccountState
from harper_common.memory.stages import STAGES
from harper_common.messages.query import ClarificationField
from harper_updater.changes import ProposedChange
from harper_updater.lines import LINES

FORM_FIELDS = ("stage", "insurance_types", "next_step", "note")
VAGUE_MESSAGE = (
    "I need more details to complete this update. Please specify what you'd like to change."
)


class FormError(ValueError):
    """The filled form cannot be applied; the message names the field."""


def clarification_fields(state: AccountState) -> list[ClarificationField]:
    """The four fields of the spec's form, each with the account's current value."""
    lines = list(LINES)
    lines += [line for line in state.insurance_types or [] if line not in lines]
    return [
        ClarificationField(
            id="stage",
            label="Pipeline Stage",
            type="select",
            options=[stage.value for stage in STAGES],
            current_value=state.stage.value,
        ),
        ClarificationField(
            id="insurance_types",
            label="Insurance Types",
            type="multi-select",
            options=lines,
            current_value=list(state.insurance_types or []),
        ),
        ClarificationField(
            id="next_step",
            label="Next Step",
            type="text",
            placeholder="What's the next action item?",
            current_value=state.next_step,
        ),
        ClarificationField(
            id="note",
            label="Add a Note",
            type="textarea",
            placeholder="Add any notes about this account...",
        ),
    ]


def _text(form: dict[str, JsonValue], key: str) -> str | None:
    value = form.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise FormError(f"{key} must be text, got {type(value).__name__}")
    return value.strip() or None


def form_changes(form: dict[str, JsonValue], state: AccountState) -> list[ProposedChange]:
    """The changes a filled form asks for (only what was filled), or FormError."""
    unknown = sorted(set(form) - set(FORM_FIELDS))
    if unknown:
        raise FormError(
            f"unknown form field(s): {', '.join(unknown)} (the form has {', '.join(FORM_FIELDS)})"
        )
    changes: list[ProposedChange] = []
    if stage := _text(form, "stage"):
        changes.append(ProposedChange(field="stage", value=stage, evidence=f"stage: {stage}"))
    changes += _line_changes(form.get("insurance_types"), state)
    if step := _text(form, "next_step"):
        changes.append(ProposedChange(field="next_step", value=step, evidence=f"next step: {step}"))
    if note := _text(form, "note"):
        changes.append(ProposedChange(field="note", value=note, evidence=f"note: {note}"))
    return changes


def _line_changes(value: JsonValue, state: AccountState) -> list[ProposedChange]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise FormError("insurance_types must be a list of coverage lines")
    wanted = [str(item).strip() for item in value if str(item).strip()]
    if not wanted:
        return []  # an untouched multi-select; clearing every line is not done from the form
    current = state.insurance_types or []
    evidence = "insurance types: " + (", ".join(wanted) or "none")
    added = [
        ProposedChange(field="insurance_types_add", value=line, evidence=evidence)
        for line in wanted
        if line not in current
    ]
    removed = [
        ProposedChange(field="insurance_types_remove", value=line, evidence=evidence)
        for line in current
        if line not in wanted
    ]
    return added + removed
