"""What the index stores about an account: a one-line description, its payload and filters.

``describe`` writes the line people and the lexical vector see; ``profile`` is the part that
says what the business is, the text that gets embedded (stage, premium and dates are filters,
not meaning). Filters match lowercase ``kw_*`` copies of the payload fields, so "texas",
"TX" and "Tx" find the same accounts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from harper_common.memory import AccountState, canonical_stage
from harper_common.messages.index import AccountPayload, DescriptionFilters
from harper_common.places import split_location, state_code

KEYWORD_FIELDS = ("account_id", "kw_stage", "kw_state", "kw_city", "kw_industry", "kw_insurance")
"""Payload keys filters use; stores index them."""


def describe(state: AccountState) -> str:
    """One line: name | Stage | industry | location | Insurance | Premium | Next | Last contact."""
    parts = [state.name, f"Stage: {state.stage.value}", state.industry, state.location]
    if state.insurance_types:
        parts.append("Insurance: " + ", ".join(state.insurance_types))
    if state.premium is not None:
        parts.append(f"Premium: {_money(state.premium)}")
    if state.next_step:
        parts.append(f"Next: {state.next_step}")
    if state.last_contact:
        parts.append(f"Last contact: {state.last_contact.isoformat()}")
    return " | ".join(part for part in parts if part)


def profile(state: AccountState) -> str:
    """What the business is and what it is after: the text embedded for description search."""
    parts = [state.name, state.industry, state.location]
    if state.insurance_types:
        parts.append("Insurance: " + ", ".join(state.insurance_types))
    if state.next_step:
        parts.append(f"Next: {state.next_step}")
    return " | ".join(part for part in parts if part)


def payload_from_state(state: AccountState, description: str) -> AccountPayload:
    """The structured facts of state.md as the index stores them (state as a postal code)."""
    city, code = split_location(state.location)
    contact = state.primary_contact
    return AccountPayload(
        account_id=state.account_id,
        account_name=state.name,
        stage=state.stage.value,
        industry=state.industry,
        location=state.location,
        city=city,
        state=code,
        insurance_types=list(state.insurance_types or []),
        premium=float(state.premium) if state.premium is not None else None,
        next_step=state.next_step,
        pending_actions=list(state.pending_actions or []),
        last_contact=state.last_contact,
        primary_contact=(contact.name or contact.email or contact.phone) if contact else None,
        version=state.version,
        description=description,
    )


def stored_payload(payload: AccountPayload) -> dict[str, Any]:
    """The JSON payload of a description point: the AccountPayload plus lowercase filter keys."""
    document = payload.model_dump(mode="json")
    document.update(
        kw_stage=payload.stage.lower(),
        kw_state=_lower(payload.state),
        kw_city=_lower(payload.city),
        kw_industry=_lower(payload.industry),
        kw_insurance=[kind.lower() for kind in payload.insurance_types],
    )
    return document


def payload_from_stored(document: Mapping[str, Any]) -> AccountPayload:
    """The AccountPayload inside a stored payload (filter keys and unknown keys left out)."""
    fields = AccountPayload.model_fields
    return AccountPayload.model_validate({k: v for k, v in document.items() if k in fields})


def filter_terms(filters: DescriptionFilters) -> dict[str, list[str]]:
    """The payload match for some filters: values canonical and lowercase, fields AND-ed.

    Stage aliases become canonical stages (UnknownStage for words that are none), state
    names become codes; a field given as an empty list matches nothing.
    """
    terms: dict[str, list[str]] = {}
    if filters.stage is not None:
        terms["kw_stage"] = [canonical_stage(s).value.lower() for s in filters.stage]
    if filters.state is not None:
        terms["kw_state"] = [(state_code(s) or s.strip()).lower() for s in filters.state]
    for key, values in (
        ("kw_city", filters.city),
        ("kw_industry", filters.industry),
        ("kw_insurance", filters.insurance_type),
    ):
        if values is not None:
            terms[key] = [" ".join(value.split()).lower() for value in values]
    if filters.account_id is not None:
        terms["account_id"] = list(filters.account_id)
    return {key: sorted(set(values)) for key, values in terms.items()}


def _lower(text: str | None) -> str | None:
    return " ".join(text.split()).lower() if text else None


def _money(amount: float) -> str:
    return f"${amount:,.0f}" if float(amount).is_integer() else f"${amount:,.2f}"
