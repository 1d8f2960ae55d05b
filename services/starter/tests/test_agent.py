"""The starter's decisions, with a real Redis for sessions and scripted index and agents."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from harper_common.brain.errors import BrainError
from harper_common.bus.client import BusError
from harper_common.messages import subjects
from harper_common.messages.base import ErrorCode, ErrorReply
from harper_common.messages.index import (
    AccountPayload,
    DescriptionHit,
    NameMatch,
    PassageHit,
    PassagesReply,
    ScanReply,
)
from harper_common.messages.progress import Step
from harper_common.messages.query import (
    AgentRequest,
    AnswerResponse,
    ConfirmRequest,
    QueryRequest,
    QueryResponse,
    UpdateResponse,
)
from harper_common.sessions import SessionStore
from harper_starter.agent import StarterAgent, after_a_definite_word, names_only_a_thing
from harper_starter.claude_intent import BrainConfigError
from harper_starter.confirm import ConfirmHandler
from harper_starter.intent import IntentClassifier, IntentDecision
from harper_starter.intent_scope import points_at_one_account
from harper_starter.resolve import named_beyond_own_account

BOOK = {
    "29041": "Maple Avenue Dental",
    "29119": "Sunny Days Childcare",
    "30001": "Kestrel Roofing",
    "30002": "Kestrel Plumbing",
}


class ScriptedIndex:
    """Name scores by shared words; descriptions by a keyword."""

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        words = set(name.lower().split())
        matches = []
        for account_id, account_name in BOOK.items():
            known = set(account_name.lower().split())
            score = 0.9 * len(words & known) / len(words)  # share of the words asked
            if score:
                exact = name.lower() == account_name.lower()
                matches.append(
                    NameMatch(
                        account_id=account_id, account_name=account_name, score=score, exact=exact
                    )
                )
        return sorted(matches, key=lambda m: -m.score)[:limit]

    async def lookup_many(self, names: Sequence[str], limit: int = 5) -> list[list[NameMatch]]:
        return [await self.lookup(name, limit) for name in names]

    async def passages(self, text: str, account_ids: Any = (), **_: Any) -> PassagesReply:
        return PassagesReply()  # the files name nothing the book's accounts do not

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Bags of words: texts sharing no word are unrelated in meaning."""
        vectors = []
        for text in texts:
            vector = [0.0] * 64
            for word in text.lower().split():
                vector[sum(map(ord, word)) % 64] += 1.0
            vectors.append(vector)
        return vectors

    async def scan(self, filters: Any = None, limit: int | None = None) -> ScanReply:
        ids = (filters.account_id if filters is not None else None) or list(BOOK)
        trades = {"30001": "Roofing Contractor", "30002": "Plumbing Contractor"}
        accounts = [
            AccountPayload(
                account_id=i, account_name=BOOK[i], stage="Quoted", industry=trades.get(i)
            )
            for i in ids
            if i in BOOK
        ]
        return ScanReply(accounts=accounts, total=len(accounts))

    async def search(self, text: str, filters: Any = None, limit: int = 10) -> list[DescriptionHit]:
        if "childcare" in text.lower():
            payload = AccountPayload(
                account_id="29119", account_name="Sunny Days Childcare", stage="Quoted"
            )
            return [DescriptionHit(score=0.9, payload=payload)]
        return []


class ScriptedAgents:
    """Answers for whichever agent the starter routes to; records what was sent."""

    def __init__(self, fail: ErrorCode | None = None) -> None:
        self.sent: list[tuple[str, AgentRequest]] = []
        self.fail = fail

    async def request(
        self, subject: str, message: AgentRequest, reply_type: object, **_: Any
    ) -> Any:
        self.sent.append((subject, message))
        if self.fail is not None:
            raise BusError(ErrorReply(code=self.fail, message="agent not there"))
        if subject == subjects.SEARCH_ASK:
            return AnswerResponse(
                answer="ok", citations=["accounts/29041/sources/emails/x/raw.txt"]
            )
        name = (
            message.new_account.account_name
            if message.new_account
            else (message.account.account_name if message.account else "")
        )
        return UpdateResponse(message="done", account_id="10002", account_name=str(name))


class Steps:
    def __init__(self) -> None:
        self.steps: list[Step] = []

    async def step(self, step: Step) -> None:
        self.steps.append(step)


def make_agent(
    sessions: SessionStore,
    agents: ScriptedAgents,
    steps: Steps,
    classifier: Any = None,
    index: Any = None,
) -> StarterAgent:
    return StarterAgent(
        classifier=classifier or IntentClassifier(),
        index=index or ScriptedIndex(),
        sessions=sessions,
        bus=agents,  # type: ignore[arg-type]
        progress=lambda _: steps,
        skill_descriptions={"name-lookup": "Find an account by its name."},
    )


def ask(query: str, session_id: str | None = None) -> QueryRequest:
    return QueryRequest(request_id="r1", query=query, session_id=session_id)


async def put(sessions: SessionStore, query: str) -> tuple[QueryResponse, ScriptedAgents]:
    """The starter's reply to ``query`` on a fresh agent, and what it handed to the agents."""
    agents = ScriptedAgents()
    reply = await make_agent(sessions, agents, Steps()).handle_query(ask(query))
    return reply, agents


@pytest.mark.anyio
async def test_a_named_account_is_routed_with_progress_and_usage(sessions: SessionStore) -> None:
    agents, steps = ScriptedAgents(), Steps()
    reply = await make_agent(sessions, agents, steps).handle_query(
        ask("What is the status of Maple Avenue Dental?")
    )
    assert reply.type == "success"
    subject, sent = agents.sent[0]
    assert subject == subjects.SEARCH_ASK
    assert sent.account is not None and sent.account.account_id == "29041"
    assert [step.kind for step in steps.steps] == ["intent", "routing"]
    routing = steps.steps[1]
    assert routing.kind == "routing" and routing.skill is not None
    assert routing.skill.description == "Find an account by its name."
    assert reply.usage is not None and reply.usage.steps[0].step == "starter.classify"
    # the starter's own time up to routing (classify, sessions, the look-up) is a step too
    by_name = {step.step: step for step in reply.usage.steps}
    assert by_name["starter.decide"].duration_ms >= by_name["starter.classify"].duration_ms


@pytest.mark.anyio
async def test_an_unknown_account_needs_confirmation_and_keeps_the_query(
    sessions: SessionStore,
) -> None:
    agents = ScriptedAgents()
    reply = await make_agent(sessions, agents, Steps()).handle_query(
        ask("Add a note to Lakeshore Pediatrics")
    )
    assert reply.type == "confirmation_required"
    assert reply.account_name == "Lakeshore Pediatrics"
    session = await sessions.get(reply.session_id)
    assert session is not None and session.original_query == "Add a note to Lakeshore Pediatrics"
    assert agents.sent == []


@pytest.mark.anyio
async def test_two_equally_good_matches_ask_which_one(sessions: SessionStore) -> None:
    reply = await make_agent(sessions, ScriptedAgents(), Steps()).handle_query(
        ask("what stage is Kestrel at")
    )
    assert reply.type == "clarification_needed"
    assert reply.reason == "Account name is ambiguous"
    assert any("Kestrel Roofing" in s for s in reply.suggestions)
    assert any("Kestrel Plumbing" in s for s in reply.suggestions)


@pytest.mark.anyio
async def test_the_rest_of_the_question_says_which_of_two_matches_it_means(
    sessions: SessionStore,
) -> None:
    agents = ScriptedAgents()
    reply = await make_agent(sessions, agents, Steps()).handle_query(
        ask("what stage is Kestrel at, the plumbing one")
    )
    assert reply.type == "success", reply
    _, sent = agents.sent[0]
    assert sent.account is not None and sent.account.account_name == "Kestrel Plumbing"


@pytest.mark.anyio
async def test_the_answer_to_which_account_carries_the_original_question(
    sessions: SessionStore,
) -> None:
    agents = ScriptedAgents()
    agent = make_agent(sessions, agents, Steps())
    first = await agent.handle_query(ask("What did the customer say in the call?"))
    assert first.type == "clarification_needed"
    assert first.reason == "Query requires specific account"
    assert first.session_id
    second = await agent.handle_query(ask("the childcare center in Texas", first.session_id))
    assert second.type == "success"
    _, sent = agents.sent[0]
    assert sent.query == "What did the customer say in the call?"
    assert sent.account is not None and sent.account.account_name == "Sunny Days Childcare"


@pytest.mark.anyio
async def test_an_unclear_query_gets_suggestions(sessions: SessionStore) -> None:
    reply = await make_agent(sessions, ScriptedAgents(), Steps()).handle_query(ask("banana"))
    assert reply.type == "clarification_needed"
    assert reply.suggestions


@pytest.mark.anyio
async def test_an_agent_failure_becomes_an_error_response(sessions: SessionStore) -> None:
    agents = ScriptedAgents(fail=ErrorCode.NOT_IMPLEMENTED)
    reply = await make_agent(sessions, agents, Steps()).handle_query(
        ask("Mark Sunny Days Childcare as Quoted")
    )
    assert reply.type == "error"
    assert reply.code == ErrorCode.NOT_IMPLEMENTED


@pytest.mark.anyio
async def test_a_wrong_key_is_a_clear_error(sessions: SessionStore) -> None:
    class WrongKey:
        async def classify(self, query: str) -> Any:
            raise BrainConfigError(
                "Claude refused the API key: check ANTHROPIC_API_KEY", fix="set it"
            )

    reply = await make_agent(sessions, ScriptedAgents(), Steps(), WrongKey()).handle_query(
        ask("hi")
    )
    assert reply.type == "error"
    assert "ANTHROPIC_API_KEY" in reply.message
    assert isinstance(BrainConfigError("x", fix="y"), BrainError)


@pytest.mark.anyio
async def test_confirm_creates_once(sessions: SessionStore) -> None:
    agents = ScriptedAgents()
    pending = await make_agent(sessions, agents, Steps()).handle_query(
        ask("Add a note to New Company LLC")
    )
    assert pending.type == "confirmation_required"
    confirm = ConfirmHandler(sessions, agents)  # type: ignore[arg-type]
    request = ConfirmRequest(request_id="r2", session_id=pending.session_id, industry="Healthcare")
    created = await confirm.handle(request)
    assert created.type == "success"
    subject, sent = agents.sent[-1]
    assert subject == subjects.UPDATER_CREATE
    assert sent.new_account is not None and sent.clarification is None
    assert sent.new_account.account_name == "New Company LLC"
    assert sent.new_account.industry == "Healthcare"
    assert sent.query == "Add a note to New Company LLC"
    again = await confirm.handle(request)
    assert again.type == "error" and again.code == ErrorCode.CONFLICT
    assert len(agents.sent) == 1


@pytest.mark.anyio
async def test_a_failed_confirm_can_be_retried(sessions: SessionStore) -> None:
    pending = await make_agent(sessions, ScriptedAgents(), Steps()).handle_query(
        ask("Add a note to New Company LLC")
    )
    assert pending.type == "confirmation_required"
    failing = ConfirmHandler(sessions, ScriptedAgents(fail=ErrorCode.UNAVAILABLE))  # type: ignore[arg-type]
    request = ConfirmRequest(request_id="r3", session_id=pending.session_id)
    assert (await failing.handle(request)).type == "error"
    working = ConfirmHandler(sessions, ScriptedAgents())  # type: ignore[arg-type]
    assert (await working.handle(request)).type == "success"


@pytest.mark.anyio
@pytest.mark.parametrize(
    "query",
    [
        "what did rainier offer lakeshore",
        "accts that want workers comp",
        "why did the board want the property looked at",
        "when did quentin retire",
    ],
)
async def test_a_question_is_never_offered_a_new_account(
    sessions: SessionStore, query: str
) -> None:
    reply = await make_agent(sessions, ScriptedAgents(), Steps()).handle_query(ask(query))
    assert reply.type != "confirmation_required", reply


@pytest.mark.anyio
async def test_a_childcare_center_named_by_what_it_is_reaches_its_account(
    sessions: SessionStore,
) -> None:
    agents = ScriptedAgents()
    reply = await make_agent(sessions, agents, Steps()).handle_query(
        ask("premium for the childcare pls")
    )
    assert reply.type == "success", reply
    assert agents.sent[0][1].account is not None
    assert agents.sent[0][1].account.account_name == "Sunny Days Childcare"


@pytest.mark.parametrize(
    ("query", "points"),
    [
        ("whats their premium", True),
        ("did the client sign the app", True),
        ("what was the objection on the call", True),
        ("whats the payroll on this one", True),
        ("accts that want workers comp", False),
        ("who had a workers comp claim recently", False),
        ("has anyone raised their deductible", False),
        ("which of the bakeries changed their hours", False),
        ("who switched their payroll company", False),
        ("who's renewed their lease early", False),
        ("whose landlord raised their rent", False),  # the accounts "whose" asks for
        ("who is their underwriter", True),
        ("who did they call back", True),
        ("who's their broker now", True),
        ("who were we chasing besides the owner", False),  # each account's owner
        ("which shops have the owner doing the books", False),
        ("the owner said what exactly", True),
        ("who is the owner", True),
        ("who have we phoned at that company", True),  # "that" one still points
    ],
)
def test_a_question_points_at_one_account_by_a_pronoun_or_the_client(
    query: str, points: bool
) -> None:
    assert points_at_one_account(query) is points


@pytest.mark.anyio
async def test_a_question_naming_and_pointing_at_no_account_is_asked_of_the_book(
    sessions: SessionStore,
) -> None:
    agents = ScriptedAgents()
    reply = await make_agent(sessions, agents, Steps()).handle_query(
        ask("who had a workers comp claim recently")
    )
    assert reply.type == "success", reply
    assert agents.sent[0][1].account is None


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("query", "book"),
    [
        ("where has the client asked us to add a landlord as additional insured", True),
        ("where did an underwriter turn the client down", True),
        ("did the client sign the app", False),
    ],
)
async def test_where_did_the_client_asks_in_which_accounts(
    sessions: SessionStore, query: str, book: bool
) -> None:
    reply, agents = await put(sessions, query)
    if book:
        assert reply.type == "success", reply
        assert agents.sent[0][1].account is None
    else:
        assert reply.type == "clarification_needed", reply
        assert agents.sent == []


class FindsOne(ScriptedIndex):
    """Every description search answers with the one account given."""

    def __init__(self, account_id: str, name: str, industry: str) -> None:
        self.found = AccountPayload(
            account_id=account_id, account_name=name, stage="Quoted", industry=industry
        )

    async def search(self, text: str, filters: Any = None, limit: int = 10) -> list[DescriptionHit]:
        return [DescriptionHit(score=0.9, payload=self.found)]


class OneTradeByMeaning(FindsOne):
    """A book whose description search always finds the roofer, and whose embedder reads
    every text alike: any kind asked means roofing."""

    def __init__(self) -> None:
        super().__init__("30001", "Kestrel Roofing", "Roofing Contractor")

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [[1.0, 0.0] for _ in texts]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("query", "one"),
    [
        ("what did the client say about shingles", True),
        ("where have we had to chase the client for shingles", False),
    ],
)
async def test_a_kind_in_a_where_did_question_names_no_one_account(
    sessions: SessionStore, query: str, one: bool
) -> None:
    """A question opening "where have we" asks in which accounts: its "the client" is any
    account's, and a word meaning a trade does not pick the single account of that trade."""
    agents = ScriptedAgents()
    agent = make_agent(sessions, agents, Steps(), index=OneTradeByMeaning())
    reply = await agent.handle_query(ask(query))
    assert reply.type == "success", reply
    account = agents.sent[0][1].account
    assert (account is not None and account.account_id == "30001") is one, account


@pytest.mark.anyio
@pytest.mark.parametrize(
    "query",
    [
        "sunny days walk-in cooler limit",  # a thing of the account, no verb
        "sunny days childcare - the landlord's rider wording",
    ],
)
async def test_an_account_and_a_thing_of_it_is_a_question_about_it(
    sessions: SessionStore, query: str
) -> None:
    reply, agents = await put(sessions, query)
    handed = agents.sent[0][1] if agents.sent else None
    asked = handed is not None and handed.intent.intent == "search" and handed.account is not None
    assert asked, reply


@pytest.mark.anyio
async def test_a_superlative_about_a_named_account_stays_with_it(sessions: SessionStore) -> None:
    _, agents = await put(sessions, "what was the biggest loss kestrel roofing ever had")
    assert agents.sent[0][1].account is not None
    assert agents.sent[0][1].account.account_id == "30001"


def test_a_verb_of_action_or_a_value_is_more_than_a_thing_named() -> None:
    assert names_only_a_thing("harbor view tenant improvements value")
    assert not names_only_a_thing("harbor view send the rider")
    assert not names_only_a_thing("harbor view cooler limit 75000")


@pytest.mark.anyio
async def test_a_new_business_is_never_taken_for_a_known_one_sharing_its_legal_form(
    sessions: SessionStore,
) -> None:
    agents = ScriptedAgents()
    agent = StarterAgent(
        classifier=IntentClassifier(),
        # every description search answers with a moving company whose name ends in LLC
        index=FindsOne("40001", "Bridgeport Relocation LLC", "Moving Company"),  # type: ignore[arg-type]
        sessions=sessions,
        bus=agents,  # type: ignore[arg-type]
        progress=lambda _: Steps(),
        skill_descriptions={},
    )
    reply = await agent.handle_query(ask("draft an email to New Company LLC"))
    assert agents.sent == [], "sent to an account the broker never named"
    assert reply.type in ("clarification_needed", "confirmation_required"), reply


class UnsureClassifier:
    """Never sure what the broker wants."""

    async def classify(self, query: str) -> IntentDecision:
        return IntentDecision(intent="unclear", confidence=0.3, rule="test")


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("query", "asked"),
    [
        ("deepest trench kestrel roofing has dug", True),  # the account's name, and a verb
        ("good morning harper", False),  # small talk, whatever a word of it may name
        ("kestrel roofing 2 trenches", False),  # a value: maybe something to write
    ],
)
async def test_an_unclear_query_naming_an_account_without_a_value_asks_about_it(
    sessions: SessionStore, query: str, asked: bool
) -> None:
    agents = ScriptedAgents()
    agent = make_agent(sessions, agents, Steps(), classifier=UnsureClassifier())
    reply = await agent.handle_query(ask(query))
    if asked:
        assert agents.sent and agents.sent[0][1].intent.intent == "search", reply
        assert agents.sent[0][1].account is not None
        assert agents.sent[0][1].account.account_id == "30001"
    else:
        assert reply.type == "clarification_needed" and not agents.sent, reply


class PersonIndex(ScriptedIndex):
    """The book, and Gail Moreno as the contact of Maple Avenue Dental."""

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        found = await super().lookup(name, limit)
        if set(name.lower().split()) & {"gail", "moreno"}:
            person = NameMatch(
                account_id="29041",
                account_name=BOOK["29041"],
                score=0.95,
                contact="Gail Moreno",
            )
            found = [person, *found]
        return found[:limit]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("query", "account"),
    [
        ("which accounts is gail moreno involved with", None),  # she may be at more of them
        ("what did gail moreno send", "29041"),  # one person, one account
        ("anyone out in moreno", None),  # after "in": a place of the book, not the person
    ],
)
async def test_a_person_named_in_a_listing_or_as_a_place_leaves_it_the_books_question(
    sessions: SessionStore, query: str, account: str | None
) -> None:
    agents = ScriptedAgents()
    reply = await make_agent(sessions, agents, Steps(), index=PersonIndex()).handle_query(
        ask(query)
    )
    assert reply.type == "success", reply
    handed = agents.sent[0][1].account
    assert (handed.account_id if handed else None) == account


def one_email_saying(account_id: str, text: str) -> PassagesReply:
    """The files' one passage: an email of ``account_id`` saying ``text``."""
    hit = PassageHit(
        score=0.8,
        account_id=account_id,
        path=f"accounts/{account_id}/sources/emails/email_20261002_0900/raw.txt",
        channel="email",
        text=text,
    )
    return PassagesReply(hits=[hit])


async def handed_account(sessions: SessionStore, index: ScriptedIndex, query: str) -> str | None:
    """The account the starter hands the search agent for ``query`` (None: the book's)."""
    agents = ScriptedAgents()
    agent = make_agent(sessions, agents, Steps(), index=index)
    reply = await agent.handle_query(ask(query))
    assert reply.type == "success", reply
    handed = agents.sent[0][1].account
    return handed.account_id if handed else None


class PersonNamedElsewhereIndex(PersonIndex):
    """Gail Moreno, the contact of one account, is named in another account's files."""

    async def passages(self, text: str, account_ids: Any = (), **_: Any) -> PassagesReply:
        return one_email_saying(
            "30001", "Gail Moreno over at Maple said you were good to work with."
        )


class ShortFirstNameIndex(ScriptedIndex):
    """Katherine Moreno, the contact of Maple Avenue Dental, whom another account's files call
    Kat Moreno."""

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        found = await super().lookup(name, limit)
        if set(name.lower().split()) & {"kat", "katherine", "moreno"}:
            person = NameMatch(
                account_id="29041", account_name=BOOK["29041"], score=0.9,
                contact="Katherine Moreno",
            )  # fmt: skip
            found = [person, *found]
        return found[:limit]

    async def passages(self, text: str, account_ids: Any = (), **_: Any) -> PassagesReply:
        return one_email_saying("30001", "Kat Moreno over at Maple sent us your way.")


@pytest.mark.anyio
async def test_a_person_named_elsewhere_by_a_short_first_name_is_named_there() -> None:
    assert await named_beyond_own_account(ShortFirstNameIndex(), "Katherine Moreno", "29041")
    assert not await named_beyond_own_account(ShortFirstNameIndex(), "Karen Moreno", "29041")
    assert not await named_beyond_own_account(ShortFirstNameIndex(), "Ka Moreno", "29041")


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("index", "account"), [(PersonNamedElsewhereIndex(), None), (PersonIndex(), "29041")]
)
async def test_a_person_other_accounts_files_name_keeps_anybody_the_books_question(
    sessions: SessionStore, index: ScriptedIndex, account: str | None
) -> None:
    handed = await handed_account(sessions, index, "has gail moreno referred anyone to us")
    assert handed == account


class TradesIndex(ScriptedIndex):
    """Descriptions by trade and city, in trades the shared vocabulary does not list."""

    async def search(self, text: str, filters: Any = None, limit: int = 10) -> list[DescriptionHit]:
        payloads = [
            AccountPayload(
                account_id="30002", account_name=BOOK["30002"], stage="Quoted",
                industry="Sign Maker", city="Reno",
            ),
            AccountPayload(
                account_id="30001", account_name=BOOK["30001"], stage="Quoted",
                industry="Optometrist", city="Elko",
            ),
        ]  # fmt: skip
        return [DescriptionHit(score=0.5, payload=p) for p in payloads[:limit]]


@pytest.mark.anyio
async def test_an_account_described_before_the_question_is_read_not_asked_for(
    sessions: SessionStore,
) -> None:
    """'the sign maker in reno - who's the contact': the description is the account, though
    no name is said and the vocabulary knows no such trade; a question that describes none is
    still asked which account."""
    agents = ScriptedAgents()
    agent = make_agent(sessions, agents, Steps(), index=TradesIndex())
    reply = await agent.handle_query(ask("the sign maker in reno - who's the contact"))
    assert reply.type == "success", reply
    handed = agents.sent[0][1].account
    assert handed is not None and handed.account_name == "Kestrel Plumbing"
    asked = await agent.handle_query(ask("who's the contact"))
    assert asked.type == "clarification_needed"


def test_a_mention_after_the_or_that_is_one_thing_the_broker_knows() -> None:
    assert after_a_definite_word("when does the daycare renew", "daycare")
    assert not after_a_definite_word("any daycares in the book?", "daycares")


@pytest.mark.anyio
async def test_a_kind_the_question_asks_about_leaves_the_account_named_elsewhere(
    sessions: SessionStore,
) -> None:
    # "school lunches / K-12" reads like a business the book lacks; it is what the question asks
    # about, and "maple" names the account
    reply, agents = await put(sessions, "maple - how much of sales is school lunches / K-12")
    assert reply.type == "success", reply
    sent = agents.sent[0][1]
    assert sent.account is not None and sent.account.account_id == "29041"


class IndexWithACustomer(ScriptedIndex):
    """The files name a client's customer whose name starts like two accounts' names."""

    async def passages(self, text: str, account_ids: Any = (), **_: Any) -> PassagesReply:
        return one_email_saying("29041", "The certificate went to Kestrel Creek HOA this morning.")


@pytest.mark.anyio
async def test_a_name_the_files_hold_beyond_a_shared_first_word_is_the_books_question(
    sessions: SessionStore,
) -> None:
    agents = ScriptedAgents()
    agent = make_agent(sessions, agents, Steps(), index=IndexWithACustomer())
    reply = await agent.handle_query(ask("who at kestrel creek wanted the cert"))
    assert reply.type == "success", reply
    assert agents.sent[0][1].account is None
    # without such a name in the files, the shared word still asks which account
    again = await make_agent(sessions, ScriptedAgents(), Steps()).handle_query(
        ask("who at kestrel creek wanted the cert")
    )
    assert again.type == "clarification_needed"


class FilesWritingIndex(ScriptedIndex):
    """The files of each account hold the one sentence given for it."""

    def __init__(self, said: dict[str, str]) -> None:
        self.said = said

    async def passages(self, text: str, account_ids: Any = (), **_: Any) -> PassagesReply:
        hits = [one_email_saying(account, line).hits[0] for account, line in self.said.items()]
        return PassagesReply(hits=hits)


AVENUE_ELSEWHERE = FilesWritingIndex(
    {
        "29119": "We are moving the second center to a shop on Magazine Avenue.",
        "30001": "The roof job on Canal Avenue starts Monday.",
        "29041": "Maple Avenue Dental renewal notes.",
    }
)
"""The files of two accounts besides Maple Avenue Dental write "avenue" too."""


@pytest.mark.anyio
@pytest.mark.parametrize(
    "question",
    [
        "who had a water leak near an avenue",  # after "an": a kind of thing
        "any leaks near avenues",  # the plural, where the name has the singular
    ],
)
async def test_a_lowercase_word_of_a_name_said_as_a_common_noun_is_no_mention(
    sessions: SessionStore, question: str
) -> None:
    """No other account's files write "avenue" (the scripted index), so only how the word is
    said tells that no account is meant."""
    assert await handed_account(sessions, ScriptedIndex(), question) is None
    assert await handed_account(sessions, ScriptedIndex(), "what did maple avenue pay") == "29041"


DENTAL_ELSEWHERE = FilesWritingIndex(
    {
        "29119": "Two of the staff asked whether dental is part of the benefits package.",
        "30001": "The crew's dental plan renews in March, separate from us.",
        "29041": "Maple Avenue Dental renewal notes.",
    }
)
"""The files of two accounts besides Maple Avenue Dental write "dental" too."""


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("index", "question", "account"),
    [
        (AVENUE_ELSEWHERE, "who had a water leak near the avenue", None),
        (ScriptedIndex(), "who had a water leak near the avenue", "29041"),
        (DENTAL_ELSEWHERE, "who asked about dental coverage", None),
        (ScriptedIndex(), "who asked about dental coverage", "29041"),
    ],
)
async def test_one_lowercase_word_of_a_name_the_books_files_write_is_no_mention(
    sessions: SessionStore, index: ScriptedIndex, question: str, account: str | None
) -> None:
    """ "avenue", "dental": a word (not the first) of one account's name; when other accounts'
    files write it too, the question uses the word and names no account. "the avenue" is found
    among the question's spans; "dental", the one name-like word, is looked up as a name first:
    both are checked against the files."""
    assert await handed_account(sessions, index, question) == account


class PluralTradeIndex(ScriptedIndex):
    """Descriptions whose trades brokers call in the plural: one or two plumbing businesses."""

    def __init__(self, plumbers: int) -> None:
        self.plumbers = plumbers

    async def search(self, text: str, filters: Any = None, limit: int = 10) -> list[DescriptionHit]:
        payloads = [
            AccountPayload(
                account_id=account_id, account_name=BOOK[account_id], stage="Quoted",
                industry="Plumbers & Drain Cleaners",
            )
            for account_id in ("30002", "30001")[: self.plumbers]
        ]  # fmt: skip
        return [DescriptionHit(score=0.6, payload=p) for p in payloads[:limit]]


@pytest.mark.anyio
@pytest.mark.parametrize(("plumbers", "account"), [(1, "30002"), (2, None)])
async def test_a_trade_in_the_plural_after_the_is_the_one_business_of_that_trade(
    sessions: SessionStore, plumbers: int, account: str | None
) -> None:
    """ "the plumbers' premium": brokers call a client by what its people do; with two such
    businesses the question stays the book's."""
    handed = await handed_account(sessions, PluralTradeIndex(plumbers), "the plumbers' premium")
    assert handed == account


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("index", "account"), [(PersonNamedElsewhereIndex(), None), (PersonIndex(), "29041")]
)
async def test_where_a_person_other_accounts_files_name_comes_up_is_the_books_question(
    sessions: SessionStore, index: ScriptedIndex, account: str | None
) -> None:
    """A contact of one account whom other accounts' files name too ("where does <a client's
    landlord> come up") is asked of the book; one only their own files name stays theirs."""
    handed = await handed_account(sessions, index, "where does gail moreno come up")
    assert handed == account


class SpannedPersonIndex(PersonNamedElsewhereIndex):
    """As ``PersonNamedElsewhereIndex``, but a look-up finds Gail Moreno only by her own words
    ("uses Gail Moreno" finds no one): she is found among the question's spans."""

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        if set(name.lower().split()) - {"gail", "moreno"}:
            return await ScriptedIndex.lookup(self, name, limit)
        return await super().lookup(name, limit)


@pytest.mark.anyio
async def test_who_does_something_with_a_person_found_in_a_span_asks_the_book(
    sessions: SessionStore,
) -> None:
    """ "who uses <a bookkeeper> for their books": no account's name, the person found among
    the question's words, and other accounts' files name her: the book's question."""
    query = "who uses Gail Moreno for their books?"
    assert await handed_account(sessions, SpannedPersonIndex(), query) is None


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("query", "named_elsewhere", "account"),
    [
        ("who did gail moreno send our way", True, None),
        ("which accounts did gail moreno refer", True, None),
        ("who uses gail moreno for their books", True, None),
        ("who is gail moreno", True, "29041"),  # who the person is: her account tells
        ("who did gail moreno send our way", False, "29041"),  # only her account names her
    ],
)
async def test_which_accounts_a_person_other_accounts_name_is_tied_to_is_the_books_question(
    sessions: SessionStore, query: str, named_elsewhere: bool, account: str | None
) -> None:
    """ "who did <a client's landlord> send our way" asks which accounts, when other accounts'
    files name that person too; "who is ..." asks who the person is."""
    index = PersonNamedElsewhereIndex() if named_elsewhere else PersonIndex()
    assert await handed_account(sessions, index, query) == account


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("query", "account"),
    [
        ("avenue & street signs", None),  # a pair of things, one a word of Maple Avenue Dental
        ("avenue", "29041"),  # the one word, said alone: the account it names
    ],
)
async def test_a_name_word_paired_with_a_word_beyond_the_name_asks_the_book(
    sessions: SessionStore, query: str, account: str | None
) -> None:
    """ "avenue & street signs": "avenue", a later word of "Maple Avenue Dental", joined by "&"
    to a word the name does not hold, is one of two things asked about, not the name: the
    fragment is searched in the whole book rather than handed to the account or sent back as
    unclear (before, it was handed to Maple Avenue Dental)."""
    assert await handed_account(sessions, ScriptedIndex(), query) == account
