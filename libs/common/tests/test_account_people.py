"""The people state.md names: the primary contact and the others kept in keys of a brokerage's own."""

from __future__ import annotations

from harper_common.memory import AccountState, Stage
from harper_common.memory.models import Contact
from harper_common.memory.people import account_people


def _state(extra: dict[str, object], primary: Contact | None = None) -> AccountState:
    return AccountState(
        account_id="501",
        name="Reno Kite Shop",
        stage=Stage.QUOTED,
        version=1,
        primary_contact=primary,
        extra=extra,
    )


def test_the_primary_contact_comes_first_then_every_person_an_extra_key_holds() -> None:
    state = _state(
        {
            "other_contacts": [
                {"name": "Joe Pike", "phone": "(775) 555-0101", "role": "Shop manager"},
                {"name": "  ", "role": "nobody named"},
                {"email": "no-name@example.com"},
            ],
            "billing_contact": {"name": "Ana Ortiz", "email": "ana@example.com", "title": "CFO"},
            "renewal_date": "2027-01-01",
            "locations": ["Reno", "Sparks"],
        },
        Contact(name="Dana Ruiz", email="dana@example.com", extra={"role": "Owner"}),
    )
    people = account_people(state)
    assert [(p.name, p.key, p.role) for p in people] == [
        ("Dana Ruiz", "primary_contact", "Owner"),
        ("Joe Pike", "other_contacts", "Shop manager"),
        ("Ana Ortiz", "billing_contact", "CFO"),
    ]
    assert people[0].primary and not people[1].primary
    assert people[1].phone == "(775) 555-0101" and people[2].email == "ana@example.com"


def test_a_person_written_twice_is_kept_once_and_no_primary_contact_is_fine() -> None:
    state = _state({"contacts": [{"name": "Joe Pike"}, {"name": "joe pike", "role": "again"}]})
    assert [(p.name, p.role) for p in account_people(state)] == [("Joe Pike", None)]
