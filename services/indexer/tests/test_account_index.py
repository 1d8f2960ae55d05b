"""AccountIndex over the 200-account demo book, in both stores."""

from __future__ import annotations

import pytest

from harper_common.memory import AccountState, Stage
from harper_common.messages.index import DescriptionFilters
from harper_indexer.account_index import LISTING_SCORE, AccountIndex
from harper_indexer.embedding import Embedder
from harper_indexer.store import VectorStore

NOT_FOUND_BELOW = 0.8
"""What the starter treats as "no such account"."""


def _ids_where(states: list[AccountState], stage: Stage, state_code: str) -> set[str]:
    return {
        s.account_id
        for s in states
        if s.stage == stage and (s.location or "").rsplit(",", 1)[-1].strip() == state_code
    }


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("cascade rdge rofing", "Cascade Ridge Roofing"),
        ("Sunny Days", "Sunny Days Childcare"),
        ("maple avenue dental", "Maple Avenue Dental"),
        ("Maple Ave Dental", "Maple Avenue Dental"),
    ],
)
def test_lookup_finds_names_with_typos_and_missing_words(
    demo_index: AccountIndex, typed: str, expected: str
) -> None:
    matches = demo_index.lookup(typed, 5)
    assert matches[0].account_name == expected
    assert matches[0].score >= NOT_FOUND_BELOW
    assert all(m.score < matches[0].score for m in matches[1:])


def test_lookup_exact_name(demo_index: AccountIndex) -> None:
    best = demo_index.lookup("Maple Avenue Dental", 1)[0]
    assert (best.account_id, best.exact, best.score) == ("29041", True, 1.0)


def test_lookup_of_an_unknown_business_scores_low(demo_index: AccountIndex) -> None:
    for typed in ("Lakeshore Pediatrics", "Riverside Pediatrics", "Acme Plumbing"):
        matches = demo_index.lookup(typed, 5)
        assert all(m.score < 0.7 for m in matches), (typed, matches[0])
    assert demo_index.lookup("!!!", 5) == []


def test_quoted_in_texas_is_exactly_what_the_files_say(
    demo_index: AccountIndex, demo_states: list[AccountState]
) -> None:
    expected = _ids_where(demo_states, Stage.QUOTED, "TX")
    assert expected
    for filters in (
        DescriptionFilters(stage=["Quoted"], state=["TX"]),
        DescriptionFilters(stage=["quote"], state=["texas"]),
    ):
        listed = demo_index.scan(filters)
        assert {p.account_id for p in listed} == expected
        assert demo_index.count(filters) == len(expected)
        hits = demo_index.search("", filters, 200)
        assert {h.payload.account_id for h in hits} == expected
        assert all(h.score == LISTING_SCORE for h in hits)


def test_scan_orders_by_id_and_limits(demo_index: AccountIndex) -> None:
    everything = demo_index.scan()
    ids = [p.account_id for p in everything]
    assert len(ids) == demo_index.count() == 200
    assert ids == sorted(ids, key=lambda i: (len(i), i))
    assert demo_index.scan(limit=5) == everything[:5]
    assert demo_index.scan(DescriptionFilters(stage=[])) == []


def test_search_ranks_by_meaning_within_filters(
    demo_index: AccountIndex, demo_states: list[AccountState]
) -> None:
    childcare = {s.account_id for s in demo_states if "child" in (s.industry or "").lower()}
    hits = demo_index.search("childcare centers for kids", None, len(childcare))
    assert {h.payload.account_id for h in hits} == childcare
    texas = demo_index.search("trucking and moving companies", DescriptionFilters(state=["Texas"]))
    assert texas and all(h.payload.state == "TX" for h in texas)
    assert [h.score for h in texas] == sorted((h.score for h in texas), reverse=True)


def test_payload_and_stored_version(
    demo_index: AccountIndex, demo_states: list[AccountState]
) -> None:
    maple = next(s for s in demo_states if s.account_id == "29041")
    payload = demo_index.payload("29041")
    assert payload is not None and payload.account_name == "Maple Avenue Dental"
    assert (payload.city, payload.state, payload.stage) == ("Austin", "TX", "Quoted")
    assert payload.description.startswith("Maple Avenue Dental | Stage: Quoted")
    assert demo_index.stored_version("29041") == maple.version
    assert demo_index.stored_version("1") is None and demo_index.payload("1") is None


@pytest.fixture
def small_index(store: VectorStore, embedder: Embedder) -> AccountIndex:
    return AccountIndex(store, embedder)


def test_upsert_is_idempotent_and_never_goes_back(
    small_index: AccountIndex, demo_states: list[AccountState]
) -> None:
    maple = next(s for s in demo_states if s.account_id == "29041")
    assert small_index.upsert_states([maple]) == ["29041"]
    assert small_index.upsert_states([maple]) == []
    older = maple.model_copy(update={"version": maple.version - 1, "stage": Stage.BOUND})
    assert small_index.upsert_states([older]) == []
    newer = maple.model_copy(update={"version": maple.version + 1, "stage": Stage.BOUND})
    assert small_index.upsert_states([older, newer, maple]) == ["29041"]
    assert small_index.stored_version("29041") == maple.version + 1
    assert small_index.scan(DescriptionFilters(stage=["bound"]))[0].account_id == "29041"
    small_index.remove("29041")
    assert small_index.count() == 0 and small_index.lookup("Maple Avenue Dental") == []


def test_an_account_is_found_by_its_primary_contacts_name_and_only_the_current_one(
    small_index: AccountIndex, demo_states: list[AccountState]
) -> None:
    maple = next(s for s in demo_states if s.account_id == "29041")
    assert maple.primary_contact is not None and maple.primary_contact.name
    person = maple.primary_contact.name
    small_index.upsert_states([maple])
    found = small_index.lookup(person)[0]
    assert (found.account_id, found.contact, found.score) == ("29041", person, 1.0)
    assert small_index.lookup(maple.name)[0].contact is None  # the name itself wins over people
    moved = maple.primary_contact.model_copy(update={"name": "Quentin Oyelaran"})
    newer = maple.model_copy(update={"version": maple.version + 1, "primary_contact": moved})
    small_index.upsert_states([newer])
    assert small_index.lookup("Quentin Oyelaran")[0].contact == "Quentin Oyelaran"
    assert all(m.contact != person for m in small_index.lookup(person))
    small_index.remove("29041")
    assert small_index.lookup("Quentin Oyelaran") == []


def test_a_person_named_by_some_of_their_words_finds_their_account(
    small_index: AccountIndex, demo_states: list[AccountState]
) -> None:
    maple = next(s for s in demo_states if s.account_id == "29041")
    assert maple.primary_contact is not None
    doctor = maple.primary_contact.model_copy(update={"name": "Dr. Samuel Adeyemi"})
    small_index.upsert_states([maple.model_copy(update={"primary_contact": doctor})])
    for written in ("dr adeyemi", "Samuel", "adeyemi"):
        found = small_index.lookup(written)[0]
        assert (found.account_id, found.contact) == ("29041", "Dr. Samuel Adeyemi"), written
        assert found.score >= 0.9
    assert all(m.score < 0.75 for m in small_index.lookup("Adeyemi Bakery"))


def test_the_people_of_its_sources_find_an_account(
    store: VectorStore, embedder: Embedder, demo_states: list[AccountState]
) -> None:
    maple = next(s for s in demo_states if s.account_id == "29041")
    people = {"29041": ["Priya Raman", "Greg Tanaka"]}
    index = AccountIndex(store, embedder, people_of=lambda account_id: people.get(account_id, []))
    index.upsert_states([maple])
    for written in ("Priya Raman", "greg tanaka", "Tanaka"):
        found = index.lookup(written)[0]
        assert found.account_id == "29041" and found.contact in ("Priya Raman", "Greg Tanaka")
    assert index.lookup(maple.name)[0].contact is None  # the name itself still wins


def test_the_other_people_state_md_keeps_find_an_account(
    small_index: AccountIndex, demo_states: list[AccountState]
) -> None:
    maple = next(s for s in demo_states if s.account_id == "29041")
    extra = {
        "other_contacts": [{"name": "Dr. Ines Vallejo", "role": "Owner"}],
        "billing_contact": {"name": "Rory Pask", "email": "rory@example.com"},
        "notes_list": ["not a person"],
    }
    small_index.upsert_states([maple.model_copy(update={"extra": extra, "version": 99})])
    for written, person in (("vallejo", "Dr. Ines Vallejo"), ("Rory Pask", "Rory Pask")):
        found = small_index.lookup(written)[0]
        assert (found.account_id, found.contact) == ("29041", person), written
        assert found.score >= 0.9


def test_a_long_name_is_found_by_its_initials_written_exactly(
    small_index: AccountIndex, demo_states: list[AccountState]
) -> None:
    maple = next(s for s in demo_states if s.account_id == "29041")
    named = maple.model_copy(update={"name": "Halvorsen Tran Architects, PLLC"})
    small_index.upsert_states([named])
    found = small_index.lookup("HTA")[0]
    assert (found.account_id, found.alias, found.score) == ("29041", "HTA", 1.0)
    assert not found.exact  # initials are never taken for the name itself
    assert all(m.alias is None for m in small_index.lookup("HTX"))


@pytest.mark.parametrize(
    ("name", "written"),
    [
        ("Reno Kite Shop & Lounge", "RKS"),  # the last word left out
        ("KiteWorks Supply Co.", "KWS"),  # a word written as two
        ("Tahoe Kite Co.", "TKC"),  # two words and the legal form
    ],
)
def test_the_initials_brokers_write_for_a_name_find_it(
    small_index: AccountIndex, demo_states: list[AccountState], name: str, written: str
) -> None:
    maple = next(s for s in demo_states if s.account_id == "29041")
    small_index.upsert_states([maple.model_copy(update={"name": name, "version": 98})])
    found = small_index.lookup(written)[0]
    assert (found.account_id, found.alias) == ("29041", written)
    assert all(m.alias is None for m in small_index.lookup("RK"))  # two letters name nothing
