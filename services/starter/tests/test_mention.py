"""Finding the account a query names by what matches the book, and offering to create one only
when a change is asked for a business-like name nobody has filed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from harper_common.messages.index import (
    AccountPayload,
    DescriptionHit,
    NameMatch,
    PassageHit,
    PassagesReply,
    ScanReply,
)
from harper_common.messages.query import AgentRequest, AnswerResponse, QueryRequest
from harper_common.sessions import SessionStore
from harper_starter.agent import StarterAgent, after_a_place_word
from harper_starter.intent import IntentClassifier
from harper_starter.mention import (
    candidate_spans,
    closed_classes,
    holds,
    is_frame_word,
    is_verb_form,
    looks_like_a_business,
    name_run_after,
    name_words,
    without_mention,
)
from harper_starter.resolve import resolve_by_name, resolve_by_spans

BOOK = {
    "501": "Bluebonnet Bakery LLC",
    "502": "Bluebonnet Dental, P.A.",
    "503": "Osprey Sign Works & Sons",
    "504": "Tamarack Tree Service LLC",
    "505": "Halcyon Ferry Co.",
    "506": "Juniper Street Dental",
    "507": "Wren Street Dental",
    "508": "Quarry Hill Dental",
    "509": "Larkspur Family Dental",
    "510": "Pike Lane Dental",
    "511": "Summit Premium Glass",
}


class BookIndex:
    """Scores a name by the share of its normalised words an account's name shares."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        self.asked.append(name)
        words = name_words(name)
        matches = []
        for account_id, account_name in BOOK.items():
            known = name_words(account_name)
            shared = len(set(words) & set(known))
            if shared:
                exact = words == known
                score = 1.0 if exact else 0.9 * shared / max(len(words), len(known))
                matches.append(NameMatch(account_id=account_id, account_name=account_name,
                                         score=score, exact=exact))  # fmt: skip
        return sorted(matches, key=lambda m: -m.score)[:limit]

    async def lookup_many(self, names: Sequence[str], limit: int = 5) -> list[list[NameMatch]]:
        return [await self.lookup(name, limit) for name in names]

    async def search(self, text: str, filters: Any = None, limit: int = 10) -> list[DescriptionHit]:
        return []

    async def passages(self, text: str, account_ids: Any = (), **_: Any) -> PassagesReply:
        return PassagesReply()  # the files name nothing the book's accounts do not

    async def scan(self, filters: Any = None, limit: int | None = None) -> ScanReply:
        ids = (filters.account_id if filters is not None else None) or list(BOOK)
        accounts = [
            AccountPayload(account_id=i, account_name=BOOK[i], stage="Quoted")
            for i in ids
            if i in BOOK
        ]
        return ScanReply(accounts=accounts, total=len(accounts))


def test_word_classes_are_data_and_verbs_are_known_by_their_forms() -> None:
    classes = closed_classes()
    assert {"pronoun", "preposition", "auxiliary", "question"} <= set(classes)
    assert "whose" in classes["question"] and "into" in classes["preposition"]
    for form in ("offer", "offered", "offers", "chasing", "dropped", "sent", "replied"):
        assert is_verb_form(form), form
    for word in ("bakery", "osprey", "tamarack", "dental"):
        assert not is_verb_form(word), word
    assert is_frame_word("What") and is_frame_word("they're") and not is_frame_word("Osprey")


def test_short_forms_and_legal_forms_read_as_the_name_means() -> None:
    assert name_words("Tamarack Tree Svc") == ["tamarack", "tree", "service"]
    assert name_words("Halcyon Ferry Company") == name_words("Halcyon Ferry Co.")
    assert holds("Osprey Sign Works", "Osprey Sign Works & Sons")
    assert holds("Osprey Sons", "Osprey Sign Works & Sons")
    assert not holds("Osprey Bakery", "Osprey Sign Works & Sons")


def test_a_family_name_in_the_plural_is_held_by_the_name() -> None:
    assert holds("the Ospreys", "Osprey Sign Works & Sons")
    assert holds("ospreys", "Osprey Sign Works & Sons")
    assert not holds("the Finches", "Osprey Sign Works & Sons")
    assert holds("the Finches", "Finch Funeral Home")  # "-es" plurals too


def test_spans_never_start_or_end_on_a_verb_or_a_question_word() -> None:
    spans = [s.text for s in candidate_spans("what did osprey offer on the crane job")]
    assert "osprey" in spans
    assert not any(s.split()[0] in ("what", "did", "offer") for s in spans)
    assert not any(s.split()[-1] in ("offer", "the", "on") for s in spans)
    capitals = [s.text for s in candidate_spans("Why did Halcyon Ferry still want it")]
    assert capitals[0].startswith("Halcyon Ferry")


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("written", "account_id"),
    [
        ("Osprey", "503"),
        ("Tamarack", "504"),
        ("Tamarack Tree Svc", "504"),
        ("Osprey Sign Works", "503"),
        ("Halcyon Ferry Company", "505"),
        ("Bluebonnet Dental PA", "502"),
    ],
)
async def test_a_distinctive_word_or_a_short_form_finds_its_one_account(
    written: str, account_id: str
) -> None:
    found = await resolve_by_name(BookIndex(), [written])  # type: ignore[arg-type]
    assert found.account is not None, found
    assert found.account.account_id == account_id


@pytest.mark.anyio
async def test_a_word_two_names_share_asks_which_one_with_both() -> None:
    found = await resolve_by_name(BookIndex(), ["Bluebonnet"])  # type: ignore[arg-type]
    assert found.account is None
    assert {a.account_id for a in found.ambiguous} == {"501", "502"}


@pytest.mark.anyio
async def test_a_word_many_names_share_is_no_mention() -> None:
    found = await resolve_by_spans(BookIndex(), "which dental accounts renewed")  # type: ignore[arg-type]
    assert found.account is None and not found.ambiguous


@pytest.mark.anyio
async def test_the_span_naming_an_account_wins_whatever_verb_is_glued_to_it() -> None:
    found = await resolve_by_spans(BookIndex(), "what did Osprey offer for the crane")  # type: ignore[arg-type]
    assert found.account is not None and found.account.account_id == "503"
    shared = await resolve_by_spans(BookIndex(), "did bluebonnet send the payroll")  # type: ignore[arg-type]
    assert {a.account_id for a in shared.ambiguous} == {"501", "502"}


@pytest.mark.parametrize(
    ("mention", "query", "business"),
    [
        ("Harbor Lights Bakery", "Mark Harbor Lights Bakery as Quoted", True),
        ("keystone masonry inc", "log that keystone masonry inc sent loss runs", True),
        ("Driftwood Auto Glass", "Set the stage for Driftwood Auto Glass to Intake", True),
        ("offer Tamarack", "what did they offer Tamarack", False),
        ("I'm", "I'm asking about Bend", False),
        ("nonprofits", "any nonprofits?", False),
        ("Nonprofits", "Nonprofits in the book?", False),
        ("Pelican said", "what Pelican said", False),
        ("travelers cancelling", "why is travelers cancelling the kite shop", False),
        ("Hartford Farm Supply", "Mark Hartford Farm Supply as Quoted", True),  # no carrier
        ("storage", "trailers in storage at lakeview", False),  # a kind of business
        ("the bakery", "what did the bakery send", False),
        ("plan of adding storage", "who's floating the plan of adding storage", False),
        ("idea of renting equipment", "who's mulling the idea of renting equipment", False),
        ("Rolling Pin Bakery", "how is Rolling Pin Bakery doing", True),
    ],
)
def test_only_a_business_like_mention_could_be_a_new_account(
    mention: str, query: str, business: bool
) -> None:
    assert looks_like_a_business(mention, query) is business


class Agents:
    def __init__(self) -> None:
        self.sent: list[AgentRequest] = []

    async def request(self, subject: str, message: AgentRequest, *_: Any, **__: Any) -> Any:
        self.sent.append(message)
        return AnswerResponse(answer="ok")


class Steps:
    async def step(self, step: Any) -> None:
        return None


class FilesNameIt(BookIndex):
    """The book's files mention a clinic one account works for; no account is named so."""

    async def passages(self, text: str, account_ids: Any = (), **_: Any) -> PassagesReply:
        said = "the Riverside Clinic contract wants a $25,000 janitorial bond from us"
        hit = PassageHit(
            score=0.8,
            account_id="29203",
            path="accounts/29203/sources/emails/email_20261113_1820/raw.txt",
            channel="email",
            text=said,
        )
        return PassagesReply(hits=[hit])


def starter(sessions: SessionStore, agents: Agents, index: BookIndex | None = None) -> StarterAgent:
    return StarterAgent(
        classifier=IntentClassifier(),
        index=index or BookIndex(),  # type: ignore[arg-type]
        sessions=sessions,
        bus=agents,  # type: ignore[arg-type]
        progress=lambda _: Steps(),  # type: ignore[arg-type,return-value]
    )


@pytest.mark.anyio
@pytest.mark.parametrize(
    "query",
    [
        "What did Harbor Lights Bakery say about the quote?",
        "Draft a follow-up to Harbor Lights Bakery",
        "which accounts are in Bend?",
        "any nonprofits?",
        "what did rainier offer osprey",
    ],
)
async def test_questions_listings_and_follow_ups_are_never_offered_a_new_account(
    sessions: SessionStore, query: str
) -> None:
    reply = await starter(sessions, Agents()).handle_query(
        QueryRequest(request_id="r", query=query)
    )
    assert reply.type != "confirmation_required", reply


@pytest.mark.anyio
async def test_a_question_about_a_name_the_files_hold_goes_to_the_whole_book(
    sessions: SessionStore,
) -> None:
    query = "What bond does the Riverside Clinic contract ask for?"
    agents = Agents()
    asked = await starter(sessions, agents).handle_query(QueryRequest(request_id="r", query=query))
    assert asked.type == "clarification_needed"  # a name nobody wrote: which account?
    assert agents.sent == []
    found = await starter(sessions, agents, FilesNameIt()).handle_query(
        QueryRequest(request_id="r2", query=query)
    )
    assert found.type != "clarification_needed", found
    (sent,) = agents.sent
    assert sent.account is None and sent.query == query  # the search agent reads the book


@pytest.mark.anyio
async def test_a_change_to_an_unknown_business_offers_to_create_it(sessions: SessionStore) -> None:
    query = "Mark Harbor Lights Bakery as Quoted"
    reply = await starter(sessions, Agents()).handle_query(
        QueryRequest(request_id="r", query=query)
    )
    assert reply.type == "confirmation_required", reply
    assert reply.account_name == "Harbor Lights Bakery"


@pytest.mark.anyio
async def test_a_shared_first_word_asks_which_one_naming_both(sessions: SessionStore) -> None:
    query = "What's the status of Bluebonnet?"
    reply = await starter(sessions, Agents()).handle_query(
        QueryRequest(request_id="r", query=query)
    )
    assert reply.type == "clarification_needed", reply
    assert any("Bluebonnet Bakery" in s for s in reply.suggestions)
    assert any("Bluebonnet Dental" in s for s in reply.suggestions)


@pytest.mark.anyio
async def test_a_distinctive_word_reaches_its_account(sessions: SessionStore) -> None:
    agents = Agents()
    query = "anything new from Tamarack?"
    reply = await starter(sessions, agents).handle_query(QueryRequest(request_id="r", query=query))
    assert reply.type == "success", reply
    assert agents.sent[0].account is not None and agents.sent[0].account.account_id == "504"


@pytest.mark.anyio
async def test_a_word_of_the_question_is_no_mention_even_if_a_name_holds_it() -> None:
    found = await resolve_by_name(BookIndex(), ["premium"])  # type: ignore[arg-type]
    assert found.account is None
    named = await resolve_by_name(BookIndex(), ["Summit"])  # type: ignore[arg-type]
    assert named.account is not None and named.account.account_id == "511"


def test_a_capitalised_word_after_in_or_near_is_a_place() -> None:
    assert after_a_place_word("who's in Tamarack these days", "Tamarack")
    assert not after_a_place_word("anything new from Tamarack?", "Tamarack")


def test_without_mention_leaves_the_rest_of_the_question() -> None:
    query = "harlow - how much of sales is school lunches / K-12"
    assert without_mention(query, "school lunches / K-12") == "harlow - how much of sales is"
    assert without_mention("premium for Acme Roofing?", "acme roofing") == "premium for  ?"
    assert without_mention("premium?", "") == "premium?"


def test_a_name_run_goes_on_only_into_a_word_that_could_be_a_name() -> None:
    assert name_run_after("the COI for delta queen hoa", "delta") == "delta queen"
    assert name_run_after("what is delta doing", "delta") is None  # a verb form follows
    assert name_run_after("delta", "delta") is None
    assert name_run_after("what stage is kestrel at", "kestrel") is None  # a closed word
    assert name_run_after("nothing here", "delta") is None
