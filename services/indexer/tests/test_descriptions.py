"""Descriptions, payloads, filters and places."""

from __future__ import annotations

from datetime import date

import pytest

from harper_common.memory import AccountState, Contact, UnknownStage
from harper_common.messages.index import DescriptionFilters
from harper_common.places import split_location, state_code
from harper_indexer.descriptions import (
    describe,
    filter_terms,
    payload_from_state,
    payload_from_stored,
    profile,
    stored_payload,
)


def _maple(**changes: object) -> AccountState:
    state = AccountState(
        account_id="29041",
        name="Maple Avenue Dental",
        stage="Quoted",
        industry="Dental Practice",
        location="Austin, TX",
        insurance_types=["Workers' Compensation", "General Liability"],
        premium=2600,
        primary_contact=Contact(name="Dr. Lisa Reed", email="lreed@mapleavedental.com"),
        last_contact=date(2026, 10, 5),
        next_step="Client confirmation on biBERK quote",
        pending_actions=["Client review of emailed quote"],
        version=7,
    )
    return state.model_copy(update=changes)


def test_describe_is_one_line_of_the_fields() -> None:
    assert describe(_maple()) == (
        "Maple Avenue Dental | Stage: Quoted | Dental Practice | Austin, TX | "
        "Insurance: Workers' Compensation, General Liability | Premium: $2,600 | "
        "Next: Client confirmation on biBERK quote | Last contact: 2026-10-05"
    )
    assert describe(_maple(premium=1234.5)).count("Premium: $1,234.50") == 1


def test_describe_leaves_out_what_is_missing() -> None:
    bare = AccountState(account_id="1", name="Bare Co", stage="New Lead", version=0)
    assert describe(bare) == "Bare Co | Stage: New Lead"
    assert profile(bare) == "Bare Co"


def test_profile_omits_stage_premium_and_dates() -> None:
    text = profile(_maple())
    assert "Quoted" not in text and "2,600" not in text and "2026" not in text
    assert text.startswith("Maple Avenue Dental | Dental Practice | Austin, TX")


def test_payload_splits_location_and_names_the_contact() -> None:
    payload = payload_from_state(_maple(location="Austin, Texas"), "desc")
    assert (payload.city, payload.state) == ("Austin", "TX")
    assert payload.primary_contact == "Dr. Lisa Reed"
    assert payload.premium == 2600.0 and payload.version == 7
    assert payload.description == "desc"


def test_stored_payload_round_trips_and_adds_lowercase_keys() -> None:
    payload = payload_from_state(_maple(), describe(_maple()))
    stored = stored_payload(payload)
    assert stored["kw_stage"] == "quoted" and stored["kw_state"] == "tx"
    assert stored["kw_insurance"] == ["workers' compensation", "general liability"]
    assert payload_from_stored(stored | {"indexed_with": "x"}) == payload


def test_filter_terms_canonicalise_and_lowercase() -> None:
    filters = DescriptionFilters(
        stage=["quote pitched", "Quoted"], state=["Texas", "ok"], city=[" Fort  Worth"]
    )
    assert filter_terms(filters) == {
        "kw_stage": ["quoted"],
        "kw_state": ["ok", "tx"],
        "kw_city": ["fort worth"],
    }
    assert filter_terms(DescriptionFilters()) == {}
    assert filter_terms(DescriptionFilters(stage=[])) == {"kw_stage": []}
    with pytest.raises(UnknownStage):
        filter_terms(DescriptionFilters(stage=["nonsense"]))


@pytest.mark.parametrize(
    ("text", "code"),
    [("Texas", "TX"), ("tx", "TX"), (" TX ", "TX"), ("new  york", "NY"), ("D.C.", "DC"),
     ("Austin", None)],
)  # fmt: skip
def test_state_code(text: str, code: str | None) -> None:
    assert state_code(text) == code


@pytest.mark.parametrize(
    ("location", "parts"),
    [
        ("Austin, TX", ("Austin", "TX")),
        ("Winston-Salem, North Carolina", ("Winston-Salem", "NC")),
        ("New York NY", ("New York", "NY")),
        ("Annapolis, MD 21401", ("Annapolis", "MD")),
        ("Erie, PA, 16501-1234", ("Erie", "PA")),
        ("Suite 12345", ("Suite 12345", None)),
        ("Paris, France", ("Paris, France", None)),
        ("Austin", ("Austin", None)),
        (None, (None, None)),
    ],
)
def test_split_location(location: str | None, parts: tuple[str | None, str | None]) -> None:
    assert split_location(location) == parts
