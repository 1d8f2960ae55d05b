"""The local engine against the demo book's ground truth: state fields (L1), facts spread over
emails, calls and texts (L2), and listings across accounts (L3). Questions are written here in
a broker's many ways (typos, "pls", no question mark); expected answers come from the truth.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from harper_common.demo.truth import AccountTruth, FactKind
from harper_common.memory.history import parse_history
from harper_common.messages.query import AnswerResponse

if TYPE_CHECKING:  # conftest's types, for annotations only (it is not importable at run time)
    from conftest import AgentFactory, Book, RequestFactory

L2_QUESTIONS: dict[FactKind, tuple[str, ...]] = {
    FactKind.PAYROLL: (
        "whats their annual payrol",
        "payroll figure pls",
        "how much do they pay in wages",
    ),
    FactKind.EMPLOYEE_COUNT: ("how many ppl work there", "headcount?", "number of employes"),
    FactKind.RENEWAL_DATE: ("when does the current policy renew", "x-date pls", "renwal date"),
    FactKind.CURRENT_CARRIER: ("who are they insured with right now", "incumbent carrier?"),
    FactKind.MISSING_DOCUMENT: (
        "what docs are we still waiting on",
        "anything outstanding for the sub",
    ),
    FactKind.QUOTE_AMOUNT: ("what did the quote come in at", "how much was the premium quoted"),
    FactKind.CARRIER: ("which carrier quoted them", "who did the quote come from"),
    FactKind.DECISION: ("did they decide on the quote", "are they going ahead"),
    FactKind.EFFECTIVE_DATE: ("when does coverage start", "eff date?"),
    FactKind.UNDERWRITER_QUESTION: ("what did the underwriter ask", "any uw questions"),
    FactKind.COMPETITOR: ("are they talking to another agency", "who's the competition"),
    FactKind.OBJECTION: ("what's their main concern with the quote", "any pushback from them"),
}
PER_KIND = 4


def l2_cases(book: Book) -> list[tuple[AccountTruth, FactKind, str, list[str], str]]:
    cases = []
    for kind, phrasings in L2_QUESTIONS.items():
        found = [(a, f) for a in book.truth.accounts for f in a.facts if f.kind == kind]
        for number, (account, fact) in enumerate(found[:PER_KIND]):
            question = phrasings[number % len(phrasings)]
            cases.append((account, kind, fact.value, fact.files, question))
    return cases


def accepted(answer: AnswerResponse) -> bool:
    return not any("not passed" in note for note in answer.notes)


@pytest.mark.anyio
async def test_facts_spread_over_sources_are_quoted_with_their_files(
    book: Book, make_agent: AgentFactory, make_request: RequestFactory
) -> None:
    agent = make_agent()
    misses = []
    cases = l2_cases(book)
    for account, kind, value, files, question in cases:
        answer = await agent.handle(make_request(question, account))
        ok = value.lower() in answer.answer.lower() and bool(set(files) & set(answer.citations))
        if not (ok and accepted(answer)):
            misses.append((kind.value, account.name, question, value))
    assert len(cases) >= 40
    assert misses == []


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("what stage is it at", lambda a: a.stage.value),
        ("where do we stand with them pls", lambda a: a.stage.value),
        ("who's the main contact", lambda a: a.contact.name),
        ("phone number for the owner?", lambda a: a.contact.phone),
        ("which lines are they looking for", lambda a: a.insurance_types[0]),
        ("next steps", lambda a: a.next_step),
    ],
)
async def test_state_fields_are_answered_and_backed_by_a_source(
    book: Book, make_agent: AgentFactory, make_request: RequestFactory, question: str, value: object
) -> None:
    agent = make_agent()
    for account in book.truth.accounts[:8]:
        expected = value(account)  # type: ignore[operator]
        answer = await agent.handle(make_request(question, account))
        assert str(expected) in answer.answer, (account.name, answer.answer)
        assert f"accounts/{account.id}/state.md" in answer.citations
        assert any(f"accounts/{account.id}/sources/" in c for c in answer.citations)
        assert accepted(answer)


@pytest.mark.anyio
async def test_premium_is_backed_by_the_quote_it_came_from(
    book: Book, make_agent: AgentFactory, make_request: RequestFactory
) -> None:
    maple = book.truth.account("Maple Avenue Dental")
    quote = next(f for f in maple.facts if f.kind == FactKind.QUOTE_AMOUNT)
    answer = await make_agent().handle(make_request("whats the premium", maple))
    assert "$2,600" in answer.answer
    assert quote.files[0] in answer.citations
    assert answer.budget_used is not None and answer.budget_used.read_file <= 8


LISTINGS = [
    ("Which accounts are quoted?", lambda a: a.stage == "Quoted"),
    ("list every submission", lambda a: a.stage == "Submitted"),
    ("accounts in texas pls", lambda a: a.state == "TX"),
    ("who do we have in Austin", lambda a: a.city == "Austin"),
    ("quoted accounts in TX", lambda a: a.stage == "Quoted" and a.state == "TX"),
    ("show me the roofers", lambda a: a.industry == "Roofing Contractor"),
    ("which clients have cyber", lambda a: "Cyber Liability" in a.insurance_types),
    ("Which accounts need follow-up?", lambda a: a.overdue),
    ("quoted deals that are overdue for a call", lambda a: a.overdue and a.stage == "Quoted"),
    ("how many accounts are bound", lambda a: a.stage == "Bound"),
    (
        "OK, who has both WC and GL in TX",
        lambda a: (
            {"Workers' Compensation", "General Liability"} <= set(a.insurance_types)
            and a.state == "TX"
        ),
    ),
]


@pytest.mark.anyio
@pytest.mark.parametrize(("question", "matches"), LISTINGS)
async def test_listings_name_every_matching_account(
    book: Book,
    make_agent: AgentFactory,
    make_request: RequestFactory,
    question: str,
    matches: object,
) -> None:
    expected = {a.name for a in book.truth.accounts if matches(a)}  # type: ignore[operator]
    answer = await make_agent().handle(make_request(question))
    listed = {a.name for a in book.truth.accounts if f"{a.name} (account {a.id})" in answer.answer}
    assert expected and listed == expected
    assert answer.answer.startswith(f"{len(expected)} account")
    for account in book.truth.accounts:
        if account.name in expected:
            assert f"accounts/{account.id}/state.md" in answer.citations
    assert any("/sources/" in c for c in answer.citations)
    assert accepted(answer)


@pytest.mark.anyio
async def test_an_empty_listing_says_so_without_inventing_citations(
    make_agent: AgentFactory, make_request: RequestFactory
) -> None:
    answer = await make_agent().handle(make_request("roofers in alaska"))
    assert answer.answer.startswith("No account matches")
    assert answer.citations == []
    assert accepted(answer)


@pytest.mark.anyio
async def test_the_one_account_a_kind_of_business_names_is_read_whatever_its_stage(
    book: Book, make_agent: AgentFactory, make_request: RequestFactory
) -> None:
    """'did the <trade> send the signed app': the trade says which account, the stage words say
    what is asked; the account is read even when it is at another stage."""
    by_kind: dict[tuple[str, str], list[Any]] = {}
    for account in book.truth.accounts:
        by_kind.setdefault((account.industry, account.city), []).append(account)
    only = [
        group[0]
        for group in by_kind.values()
        if len(group) == 1 and group[0].stage.value not in ("Application Received", "Quoted")
    ]
    assert only
    account = only[0]
    question = f"did the {account.industry.lower()} in {account.city} send the signed app"
    answer = await make_agent().handle(make_request(question))
    assert answer.account_id == account.id, answer.answer
    assert not answer.answer.startswith("No account matches")


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "highest_first", "size"),
    [
        ("which accounts have the biggest premiums", True, 5),
        ("top 3 deals in the book", True, 3),
        ("our smallest accounts", False, 5),
    ],
)
async def test_a_ranked_listing_orders_the_book_by_premium(
    book: Book,
    make_agent: AgentFactory,
    make_request: RequestFactory,
    question: str,
    highest_first: bool,
    size: int,
) -> None:
    priced = sorted(
        (a for a in book.truth.accounts if a.premium is not None),
        key=lambda a: a.premium or 0,
        reverse=highest_first,
    )
    answer = await make_agent().handle(make_request(question))
    listed = [line for line in answer.answer.splitlines() if line[:1].isdigit()]
    assert len(listed) == size, answer.answer
    premium_of = {a.name: a.premium for a in priced}
    shown = [next(p for n, p in premium_of.items() if n in line) for line in listed]
    assert shown == [a.premium for a in priced[:size]]  # ties may list either account first


@pytest.mark.anyio
async def test_a_listing_asked_for_its_total_premium_adds_it_up(
    book: Book, make_agent: AgentFactory, make_request: RequestFactory
) -> None:
    quoted = [a for a in book.truth.accounts if a.stage.value == "Quoted"]
    priced = [a.premium for a in quoted if a.premium is not None]
    assert priced
    answer = await make_agent().handle(make_request("total premium of everything quoted?"))
    assert f"Total premium of the {len(priced)} account" in answer.answer, answer.answer
    assert f"${sum(priced):,.0f}" in answer.answer or f"${sum(priced):,.2f}" in answer.answer
    plain = await make_agent().handle(make_request("everything quoted"))
    assert "Total premium" not in plain.answer


@pytest.mark.anyio
async def test_a_request_nobody_watches_publishes_no_progress(
    book: Book, make_agent: AgentFactory, make_request: RequestFactory, progress: Any
) -> None:
    """/query (not the stream) sends watched=False: the answer is the same, no event is sent."""
    account = book.truth.accounts[0]
    watched = await make_agent().handle(make_request("what stage is it at", account))
    assert progress.steps
    progress.steps.clear()
    unwatched = make_request("what stage is it at", account).model_copy(update={"watched": False})
    answer = await make_agent().handle(unwatched)
    assert progress.steps == []
    assert answer.answer == watched.answer and answer.citations == watched.citations


@pytest.mark.anyio
async def test_who_is_the_current_carrier_asks_the_carrier_not_the_contact(
    book: Book, make_agent: AgentFactory, make_request: RequestFactory
) -> None:
    account = book.truth.accounts[0]
    answer = await make_agent().handle(make_request("who is the current carrier", account))
    assert "Primary contact" not in answer.answer, answer.answer


@pytest.mark.anyio
async def test_which_accounts_changed_a_field_is_read_from_their_history(
    book: Book, make_agent: AgentFactory, make_request: RequestFactory
) -> None:
    """Every account whose history.md writes a stage replaced by another, and no other, the
    first ones citing their history.md (as far as the read budget goes); a question about
    present stages stays a listing by value."""
    changed: set[str] = set()
    for account_id in book.memory.account_ids():
        text = book.memory.history_path(account_id).read_text(encoding="utf-8")
        for entry in parse_history(text).entries:
            if any(c.field == "stage" and c.old_value and c.new_value for c in entry.changes):
                changed.add(account_id)
    assert 0 < len(changed) < len(book.truth.accounts), "some accounts moved on, some did not"
    answer = await make_agent().handle(make_request("which accounts changed stage"))
    listed = {a.id for a in book.truth.accounts if f"(account {a.id})" in answer.answer}
    assert listed == changed
    histories = {c for c in answer.citations if c.endswith("/history.md")}
    assert len(histories) >= 3 and histories <= {f"accounts/{a}/history.md" for a in changed}
    assert accepted(answer)
    by_value = await make_agent().handle(make_request("which accounts are at the quoted stage"))
    assert "history records" not in by_value.answer
