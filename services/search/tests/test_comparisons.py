"""A question about many accounts that names one to compare with ("anybody else in Ohio besides
<name>", "the same city as <name>") lists the other accounts and leaves the named one out, with
the account given by the starter or found in the question; a name's words must be written
together to name it, and a line's words never name an account."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import pytest

from harper_common.demo.truth import AccountTruth
from harper_common.messages.index import AccountPayload, DescriptionFilters
from harper_search.catalog import AccountCard
from harper_search.comparisons import Comparisons, ComparisonWords, writes_name
from harper_search.listing_words import load_listing_words
from harper_search.local_brain import said_of_one
from harper_search.places import STATE_NAMES

if TYPE_CHECKING:
    from conftest import AgentFactory, Book, RequestFactory

STATES = {code: name.title() for name, code in STATE_NAMES.items()}


def _card(account_id: str, name: str) -> AccountCard:
    return AccountCard(
        account_id=account_id, name=name, industry=None, city=None, state=None,
        insurance_types=(), sources=(),
    )  # fmt: skip


CARDS = [
    _card("1", "Harbor Light Bakery, LLC"),
    _card("2", "Harbor Freight Movers"),
    _card("3", "Lakeside Dental Group"),
]


@pytest.fixture
def comparisons(book: Book) -> Comparisons:
    words = load_listing_words(book.skills)
    return Comparisons(
        ComparisonWords(words.comparison_words, words.comparison_fields, words.other_words)
    )


@pytest.mark.parametrize(
    ("question", "account_id", "asks", "rest"),
    [
        ("anybody else in Ohio besides Harbor Light Bakery?", "1", "aside", "anybody in Ohio?"),
        ("any other movers like harbor freight", "2", "like", "any movers"),
        ("which accounts other than Lakeside Dental have cyber", "3", "aside", None),
        ("somebody located in the same town as Lakeside Dental Group?", "3", "same", None),
    ],
)
def test_the_compared_account_and_the_rest_of_the_question_are_read(
    comparisons: Comparisons, question: str, account_id: str, asks: str, rest: str | None
) -> None:
    found = comparisons.read(question, CARDS)
    assert found is not None
    assert (found.account_id, found.asks) == (account_id, asks)
    if rest is not None:
        assert found.rest == rest
    assert "Lakeside" not in found.rest and "Harbor" not in found.rest


def test_the_same_field_as_is_read_with_its_field_and_a_place_for_the_value(
    comparisons: Comparisons,
) -> None:
    found = comparisons.read("list clients having the same carrier as Lakeside Dental", CARDS)
    assert found is not None and found.fields == ("carrier",)
    assert found.rest == "list clients having {value}"


@pytest.mark.parametrize(
    "question",
    [
        "anybody else in Ohio besides Harbor",  # a word two names begin with: no one account
        "what does Lakeside Dental Group owe us",  # no comparing word before the name
        "any bakeries like the ones downtown",  # no account named after it
    ],
)
def test_no_comparison_without_one_named_account_after_its_words(
    comparisons: Comparisons, question: str
) -> None:
    assert comparisons.read(question, CARDS) is None


def test_a_name_is_written_when_its_telling_words_stand_together_in_order() -> None:
    assert writes_name("did Harbor Light Bakery's quote come in", "Harbor Light Bakery, LLC")
    assert not writes_name(
        "any bakery by the harbor with a light fixture claim", "Harbor Light Bakery, LLC"
    )


def _payload(account_id: str, name: str, industry: str) -> AccountPayload:
    return AccountPayload(account_id=account_id, account_name=name, stage="Quoted",
                          industry=industry)  # fmt: skip


def test_a_line_the_filter_read_names_no_account() -> None:
    accounts = [
        _payload("1", "Gulf Marine Engine Repair", "Engine Repair"),
        _payload("2", "Bayside Florist", "Florist"),
    ]
    question = "inland marine policies near the water"
    assert said_of_one(question, accounts) == accounts[:1]  # read without the filter
    lines = DescriptionFilters(insurance_type=["Inland Marine"])
    assert said_of_one(question, accounts, lines) is None


def _shared(book: Book, key: str) -> tuple[AccountTruth, list[AccountTruth]]:
    """An account and the others of the book sharing its ``key`` value (at least two)."""
    counts = Counter(getattr(a, key) for a in book.truth.accounts)
    value = next(v for v, n in counts.most_common() if 3 <= n <= 12)
    group = [a for a in book.truth.accounts if getattr(a, key) == value]
    return group[0], group[1:]


def _listed(answer: str, accounts: list[AccountTruth]) -> set[str]:
    return {a.id for a in accounts if f"(account {a.id})" in answer}


@pytest.mark.anyio
@pytest.mark.parametrize("starter_resolved", [False, True])
async def test_who_else_in_a_state_lists_the_others_without_the_named_account(
    book: Book, make_agent: AgentFactory, make_request: RequestFactory, starter_resolved: bool
) -> None:
    named, others = _shared(book, "state")
    question = f"anybody else in {STATES[named.state]} besides {named.name}?"
    request = make_request(question, named if starter_resolved else None)
    answer = await make_agent().handle(request)
    assert _listed(answer.answer, book.truth.accounts) == {a.id for a in others}, answer.answer
    assert f"(account {named.id})" not in answer.answer


@pytest.mark.anyio
async def test_the_same_city_as_an_account_lists_the_others_in_its_city(
    book: Book, make_agent: AgentFactory, make_request: RequestFactory
) -> None:
    named, others = _shared(book, "city")
    question = f"list clients located in the same city as {named.name}"
    answer = await make_agent().handle(make_request(question))
    assert _listed(answer.answer, book.truth.accounts) == {a.id for a in others}, answer.answer


@pytest.mark.anyio
async def test_a_wish_about_one_account_is_no_comparison(
    book: Book, make_agent: AgentFactory, make_request: RequestFactory
) -> None:
    account = book.truth.accounts[0]
    answer = await make_agent().handle(make_request(f"I'd like {account.name}'s premium", account))
    assert answer.account_id == account.id, answer.answer


@pytest.mark.anyio
async def test_accounts_like_one_with_nothing_else_asked_are_the_closest_descriptions(
    book: Book, make_agent: AgentFactory, make_request: RequestFactory
) -> None:
    named, same_kind = _shared(book, "industry")
    answer = await make_agent().handle(make_request(f"any accounts similar to {named.name}?"))
    assert answer.answer.startswith(f"The accounts whose descriptions read closest to {named.name}")
    listed = _listed(answer.answer, book.truth.accounts)
    assert named.id not in listed and len(listed) == 5
    assert {a.id for a in same_kind} & listed, answer.answer
