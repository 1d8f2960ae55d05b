"""The starter agent: understand the query, find the account, and hand it to the right agent.

Its answers are the spec's: ``clarification_needed`` when the intent is unclear or an account is
needed but none is named, ``confirmation_required`` when the named account does not exist (the
original query is kept in a Redis session for ``/confirm``), otherwise the routed agent's reply.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from opentelemetry import trace

from harper_common.brain.usage import StepRecord, StepTimer, step_usage
from harper_common.bus.client import BusClient, request_query
from harper_common.bus.index_client import IndexClient
from harper_common.bus.progress import NoProgress, Progress
from harper_common.messages import endpoints
from harper_common.messages.endpoint import Endpoint
from harper_common.messages.progress import IntentStep, RoutingStep, SkillInfo
from harper_common.messages.query import (
    AccountRef,
    AgentName,
    AgentRequest,
    ClarificationNeeded,
    ConfirmationRequired,
    ErrorResponse,
    IntentInfo,
    QueryRequest,
    QueryResponse,
    StepUsage,
    UsageReport,
)
from harper_common.sessions import PendingSession, SessionStore
from harper_starter.claude_intent import BrainConfigError, ClaudeIntentClassifier
from harper_starter.intent import Classifier, IntentDecision
from harper_starter.intent_describe import TRADE_PLURALS
from harper_starter.intent_scope import (
    asks_where_in_book,
    asks_which_accounts,
    points_at_an_account_in_mind,
    scope_text,
    strong_cross,
)
from harper_starter.intent_text import Query
from harper_starter.mention import (
    closed_classes,
    is_verb_form,
    name_run_after,
    query_words,
    without_mention,
)
from harper_starter.resolve import (
    INDEFINITE,
    Resolution,
    a_word_of_the_book,
    looks_like_a_business,
    mentioned_in_files,
    named_beyond_own_account,
    pick_described,
    resolve_by_description,
    resolve_by_kind,
    resolve_by_name,
    resolve_by_spans,
    said_as_a_common_noun,
)

NEEDS_ACCOUNT = "Query requires specific account"


@dataclass(frozen=True)
class Route:
    endpoint: Endpoint[AgentRequest, QueryResponse]
    agent: AgentName
    skill: str


ROUTES: dict[str, Route] = {
    "search": Route(endpoints.SEARCH_ASK, "search_agent", "name-lookup"),
    "update": Route(endpoints.UPDATER_APPLY, "updater_agent", "state-edit"),
    "followup": Route(endpoints.FOLLOWUP_QUERY, "followup_agent", "communication-draft"),
}
CROSS_ACCOUNT_SKILL = "description-search"


def intent_info(decision: IntentDecision) -> IntentInfo:
    return IntentInfo(
        intent=decision.intent,
        confidence=round(decision.confidence, 3),
        account_name=decision.account_candidates[0] if decision.account_candidates else None,
        requires_specific_account=decision.requires_specific_account,
        cross_account=decision.cross_account,
        rule=decision.rule,
    )


def record_on_span(step: StepUsage) -> None:
    """Tokens and duration on the current trace span (the starter's handling of the request)."""
    span = trace.get_current_span()
    span.set_attribute("harper.brain", step.brain)
    span.set_attribute("harper.classify.duration_ms", step.duration_ms)
    span.set_attribute("harper.tokens.input", step.input_tokens)
    span.set_attribute("harper.tokens.output", step.output_tokens)
    span.set_attribute("harper.tokens.cache_read", step.cache_read_tokens)
    span.set_attribute("harper.tokens.cache_write", step.cache_write_tokens)


class StarterAgent:
    """Routes one query; every outcome is one of the spec's response types."""

    def __init__(
        self,
        classifier: Classifier,
        index: IndexClient,
        sessions: SessionStore,
        bus: BusClient,
        progress: Callable[[str], Progress],
        skill_descriptions: dict[str, str] | None = None,
    ) -> None:
        self.classifier = classifier
        self.index = index
        self.sessions = sessions
        self.bus = bus
        self.progress = progress
        self.skill_descriptions = skill_descriptions or {}

    async def handle_query(self, request: QueryRequest) -> QueryResponse:
        timer = StepTimer.start()
        carried = await self._carried_session(request)
        query = carried.original_query if carried else request.query
        try:
            decision, record = await self._classify(query, request.request_id, timer)
        except BrainConfigError as exc:
            return ErrorResponse(
                request_id=request.request_id,
                message=str(exc),
                code=exc.code,
                fix=exc.fix,
                service="starter",
            )
        brain = "claude" if decision.rule.startswith("claude") else "local"
        model = (
            self.classifier.client.model
            if brain == "claude" and isinstance(self.classifier, ClaudeIntentClassifier)
            else None
        )
        step = step_usage(record, service="starter", brain=brain, model=model)
        record_on_span(step)
        reply = await self._decide(request, query, decision, carried, timer)
        reply.usage = (reply.usage or UsageReport()).with_step(step)
        return reply

    async def _classify(
        self, query: str, request_id: str, timer: StepTimer
    ) -> tuple[IntentDecision, StepRecord]:
        if isinstance(self.classifier, ClaudeIntentClassifier):
            return await self.classifier.classify_with_usage(query, request_id=request_id)
        decision = await self.classifier.classify(query)
        return decision, timer.finish("starter.classify", detail=decision.rule)

    async def _decide(
        self,
        request: QueryRequest,
        query: str,
        decision: IntentDecision,
        carried: PendingSession | None,
        timer: StepTimer,
    ) -> QueryResponse:
        progress = self.progress(request.request_id) if request.watched else NoProgress()
        looked_up: Resolution | None = None  # the question's spans, looked up for any account
        only_a_thing = guessed(decision) and names_only_a_thing(query)
        unclear_no_value = (
            decision.intent == "unclear"
            and decision.rule != SMALL_TALK_RULE
            and not holds_a_value(query)
        )
        if carried is None and (only_a_thing or unclear_no_value):
            spanned = await resolve_by_spans(self.index, query)
            looked_up = await self._unless_a_word_of_the_book(spanned, query)
            # "<account> cooler limit": a thing of the account, asked without a verb; with a
            # verb ("how far <account> has hauled") only when the account's own name is
            # said, not only one of its people's
            if looked_up.account is not None and (only_a_thing or looked_up.person is None):
                decision = about_a_thing_of(decision)
            elif spanned.account is not None and decision.intent == "unclear":
                # words of the book, not a name ("storm damage", "<a kind> policies"): what the
                # book holds of them is asked
                decision = a_search_of_the_book(decision)
        info = intent_info(decision)
        await progress.step(IntentStep(info=info))
        if decision.intent == "unclear":
            return self._unclear(request, decision)
        asking = decision.intent == "search"
        if carried is not None:
            resolution = await self._resolve_answer(request.query)
        elif asking:  # "is the quote still at market": a word the files write, not a name
            resolution = await self._unless_a_word_of_the_book(await self._resolve(decision), query)
        else:
            resolution = _unless_a_common_noun(await self._resolve(decision), query)
        if await self._a_person_asked_across_the_book(query, resolution, asking, carried):
            # "where does <a client's landlord> come up": a person the files of other accounts
            # name too, asked where among the accounts, is the book's question, not their account's
            info = intent_info(across_the_book(decision))
            return await self._route(request, query, info, None, progress, timer)
        written = resolution.written_name or ""
        if (
            decision.cross_account
            and resolution.person is not None
            and after_a_place_word(query, written)
        ):
            # "anyone out in <a town>": a place of the book, not a person of that name
            resolution = Resolution(written_name=written, how="a place, not a person")
        # a question about "a pest problem" names a kind of thing, not a business to look up
        new_business = (
            bool(written)
            and looks_like_a_business(written, query)
            and not (asking and after_an_indefinite_word(query, written))
        )
        if resolution.account is None and carried is None and (asking or not new_business):
            listing = decision.cross_account and strong_cross(scope_text(Query.parse(query)))
            # a business-like unknown name in a question may still be one of a book's people
            people_only = listing or new_business
            if looked_up is not None and not people_only:
                spanned = looked_up
            else:
                spanned = await resolve_by_spans(self.index, query, people_only=people_only)
            if new_business and not listing and spanned.account is None and asking:
                # the business-like words may be a thing the question asks about ("how much of
                # sales is school lunches / K-12"): the rest may still name the account
                elsewhere = await resolve_by_spans(self.index, without_mention(query, written))
                if elsewhere.account is not None:
                    spanned = elsewhere
            if asking and spanned is not looked_up:  # a look-up above was checked already
                spanned = await self._unless_a_word_of_the_book(spanned, query)
            named = spanned.account is not None or bool(spanned.ambiguous)
            a_place = by_person_for_book = False
            which = asking and asks_which_accounts(query)
            if named and not listing and (decision.cross_account or which):
                # "anything new from X": only a weak sign of many accounts, and X is in the book
                # unless X follows "in", "near" ...: then X is a place ("clients up in <a town>"),
                # or X is a person the files of other accounts name too ("has X referred anyone",
                # "who uses X for their books")
                a_place = after_a_place_word(query, spanned.written_name or "")
                by_person_for_book = (
                    not a_place
                    and spanned.person is not None
                    and spanned.account is not None
                    and await named_beyond_own_account(
                        self.index, spanned.person, spanned.account.account_id
                    )
                )
                if not (a_place or by_person_for_book) and decision.cross_account:
                    decision = one_account(decision)
                    info = intent_info(decision)
            # "list the clients <person> works for": the book's files may know the person
            # at more accounts than the one whose contact they are; the question stays the book's
            by_person_in_listing = listing and spanned.person is not None
            if not (a_place or by_person_in_listing or by_person_for_book) and (
                spanned.account is not None or (spanned.ambiguous and not decision.cross_account)
            ):
                resolution = spanned
        if resolution.ambiguous:
            described = await pick_described(self.index, query, resolution)
            if described is None:
                longer = name_run_after(query, resolution.written_name or "")
                if asking and longer and await mentioned_in_files(self.index, longer):
                    # "the COI for delta queen hoa": the words go on into a name the files hold
                    # (a client's customer), not into any of the accounts they start
                    return await self._route(request, query, info, None, progress, timer)
                return self._which_one(request, resolution)
            resolution = described
        unknown = resolution.account is None and resolution.written_name
        if unknown and not decision.cross_account and decision.account_candidates:
            written = resolution.written_name or ""
            if decision.intent == "update" and new_business:
                # only a change to a business not in the book offers to create it
                return await self._confirm_new_account(request, info, resolution)
            # a question may name an account by what it is ("the flower shop"); a request to
            # act on a business-like name not in the book never lands on another account
            acting_on_new = new_business and not asking
            # a kind in other words than the book's ("the daycare") is one account's only when
            # said of one ("the", "that", "their"); "any schools?" asks the book
            pointed = points_at_an_account_in_mind(query)
            one = pointed or after_a_definite_word(query, written)
            # "a pest problem", "any event venue": no one business is meant by its kind
            described = (
                Resolution()
                if acting_on_new or after_an_indefinite_word(query, written)
                else await resolve_by_kind(self.index, written, query, by_meaning=one)
            )
            if described.account is not None:
                return await self._route(request, query, info, described.account, progress, timer)
            if decision.intent == "search" and not new_business and not pointed:
                return await self._route(request, query, info, None, progress, timer)
            if asking and await mentioned_in_files(self.index, written):
                # not an account, but the files name it ("the Riverside Clinic contract"): the
                # search agent answers from the whole book
                return await self._route(request, query, info, None, progress, timer)
            if decision.requires_specific_account or decision.intent != "search":
                unknown = written if new_business else None
                return await self._ask_for_account(request, info, decision, unknown, resolution)
        if resolution.account is None and decision.requires_specific_account:
            if decision.intent == "search" and not points_at_an_account_in_mind(query):
                trade = trade_said_of_one(query)
                if trade:  # "the plumbers' premium": the one business of that trade, if one
                    of_trade = await resolve_by_kind(self.index, trade, query, by_meaning=True)
                    if of_trade.account is not None:
                        account = of_trade.account
                        return await self._route(request, query, info, account, progress, timer)
                # nothing names or points at an account: a question about the book
                return await self._route(request, query, info, None, progress, timer)
            described = await resolve_by_kind(self.index, query)  # "the sign maker in Boise"
            if described.account is not None:
                return await self._route(request, query, info, described.account, progress, timer)
            return await self._ask_for_account(request, info, decision)
        return await self._route(request, query, info, resolution.account, progress, timer)

    async def _unless_a_word_of_the_book(self, found: Resolution, query: str) -> Resolution:
        """``found``, or no account when it was found by a word of the book that only happens
        to be one of its name's words (``a_word_of_the_book``)."""
        if found.person is None:
            found = _unless_a_common_noun(found, query)
        if found.person is None and await a_word_of_the_book(self.index, found, query):
            return Resolution(how=f"'{found.written_name}' is a word of the book")
        return found

    async def _a_person_asked_across_the_book(
        self, query: str, found: Resolution, asking: bool, carried: PendingSession | None
    ) -> bool:
        """A question opening "where did/does ...", "who did ..." or "which accounts ..." whose
        account was found by one of its people whom the files of other accounts name in full
        too ("who did <a client's landlord> send our way")."""
        if not asking or carried is not None or found.account is None or found.person is None:
            return False
        if not (asks_where_in_book(query) or asks_which_accounts(query)):
            return False
        return await named_beyond_own_account(self.index, found.person, found.account.account_id)

    async def _resolve(self, decision: IntentDecision) -> Resolution:
        if decision.account_candidates:
            return await resolve_by_name(self.index, decision.account_candidates)
        if decision.descriptive_reference:
            return await resolve_by_description(self.index, decision.descriptive_reference)
        return Resolution()

    async def _resolve_answer(self, answer: str) -> Resolution:
        """The broker's reply to "which account?": a name, or a description of the account."""
        by_name = await resolve_by_name(self.index, [answer.strip()])
        if by_name.account is not None:
            return by_name
        return await resolve_by_description(self.index, answer)

    async def _carried_session(self, request: QueryRequest) -> PendingSession | None:
        if request.session_id is None:
            return None
        session = await self.sessions.get(request.session_id)
        if session is None or session.kind != "account_needed":
            return None
        return session

    def _unclear(self, request: QueryRequest, decision: IntentDecision) -> ClarificationNeeded:
        return ClarificationNeeded(
            request_id=request.request_id,
            message="I'm not sure what you'd like me to do. Could you rephrase?",
            suggestions=decision.suggestions,
            original_query=request.query,
        )

    def _which_one(self, request: QueryRequest, resolution: Resolution) -> ClarificationNeeded:
        names = [alternative.account_name for alternative in resolution.ambiguous]
        written = resolution.written_name or ""
        return ClarificationNeeded(
            request_id=request.request_id,
            message=f"More than one account matches '{written}': which one do you mean? "
            + ", ".join(names),
            reason="Account name is ambiguous",
            suggestions=[_replace_name(request.query, written, name) for name in names],
            original_query=request.query,
        )

    async def _ask_for_account(
        self,
        request: QueryRequest,
        info: IntentInfo,
        decision: IntentDecision,
        unknown: str | None = None,
        resolution: Resolution | None = None,
    ) -> ClarificationNeeded:
        session = PendingSession(
            session_id=self.sessions.new_id(),
            kind="account_needed",
            original_query=request.query,
            account_name="",
            intent=info,
        )
        await self.sessions.save(session)
        return ClarificationNeeded(
            request_id=request.request_id,
            message=(f"No account in the book is named '{unknown}'. " if unknown else "")
            + "Which account are you asking about? A name or a description will do "
            '(for example "the childcare center in Texas").',
            reason=NEEDS_ACCOUNT,
            suggestions=_closest(request.query, resolution) or decision.suggestions,
            original_query=request.query,
            session_id=session.session_id,
        )

    async def _confirm_new_account(
        self, request: QueryRequest, info: IntentInfo, resolution: Resolution
    ) -> ConfirmationRequired:
        name = resolution.written_name or ""
        session = PendingSession(
            session_id=self.sessions.new_id(),
            kind="new_account",
            original_query=request.query,
            account_name=name,
            intent=info,
        )
        await self.sessions.save(session)
        return ConfirmationRequired(
            request_id=request.request_id,
            message=f"I don't have an account for '{name}'. "
            "Would you like me to create a new account?",
            session_id=session.session_id,
            account_name=name,
            alternatives=resolution.alternatives,
            original_query=request.query,
        )

    async def _route(
        self,
        request: QueryRequest,
        query: str,
        info: IntentInfo,
        account: AccountRef | None,
        progress: Progress,
        timer: StepTimer,
    ) -> QueryResponse:
        """Hand the request to its agent; the reply's usage gets the starter's own time up to
        here (classification, sessions and the account look-up: ``starter.decide``)."""
        route = ROUTES[info.intent]
        skill = (
            CROSS_ACCOUNT_SKILL if info.cross_account and info.intent == "search" else route.skill
        )
        await progress.step(
            RoutingStep(
                routed_to=route.agent,
                account_id=account.account_id if account else None,
                account_name=account.account_name if account else None,
                skill=SkillInfo(name=skill, description=self.skill_descriptions.get(skill, "")),
                reason=f"intent {info.intent} ({info.rule})",
            )
        )
        agent_request = AgentRequest(
            request_id=request.request_id,
            query=query,
            intent=info,
            account=account,
            session_id=request.session_id,
            **request.envelope().model_dump(),
        )
        decided = timer.finish("starter.decide", detail="classify, sessions, look-up")
        reply = await request_query(self.bus, route.endpoint, agent_request, request.request_id)
        own = step_usage(decided, service="starter", brain="local")
        reply.usage = (reply.usage or UsageReport()).with_step(own)
        return reply


SMALL_TALK_RULE = "smalltalk"
"""The classifier's rule for greetings and thanks ("good morning harper"): never a question."""
GUESS_BELOW = 0.6
"""An update the classifier decided with less confidence than this, by the closest examples
only, is a guess."""


def guessed(decision: IntentDecision) -> bool:
    """Unclear, or an update that only the closest examples suggested."""
    if decision.intent == "unclear":
        return True
    by_examples = decision.rule.startswith("embedding")
    return decision.intent == "update" and by_examples and decision.confidence < GUESS_BELOW


def names_only_a_thing(query: str) -> bool:
    """No verb of action ("mark", "send", "add": ``words/verbs.txt``) and no value to write
    (an amount, a date, a number): the words can only name an account and a thing of it."""
    words = query_words(query)
    return bool(words) and not holds_a_value(query) and not any(is_verb_form(w) for w in words)


def holds_a_value(query: str) -> bool:
    """Whether the query carries something to write (an amount, a date, a number)."""
    return any(any(c.isdigit() for c in w) for w in query_words(query))


def about_a_thing_of(decision: IntentDecision) -> IntentDecision:
    """A question about one account, asked as its name and a thing of it."""
    return decision.model_copy(
        update={
            "intent": "search",
            "confidence": GUESS_BELOW,
            "cross_account": False,
            "requires_specific_account": True,
            "rule": "name_and_thing",
        }
    )


def a_search_of_the_book(decision: IntentDecision) -> IntentDecision:
    """An unclear fragment read as a search of the whole book for its words."""
    return across_the_book(decision).model_copy(
        update={"intent": "search", "confidence": 0.5, "rule": "words_of_the_book"}
    )


def across_the_book(decision: IntentDecision) -> IntentDecision:
    """``decision`` read as a question about the whole book."""
    return decision.model_copy(
        update={
            "cross_account": True,
            "requires_specific_account": False,
            "account_candidates": [],
            "suggestions": [],
        }
    )


def one_account(decision: IntentDecision) -> IntentDecision:
    """The decision, about the one account the index found named in it."""
    return decision.model_copy(update={"cross_account": False, "requires_specific_account": True})


def after_a_place_word(query: str, written: str) -> bool:
    """The mention follows "in", "near" ...: a place ("who's in Tucson"), not an account."""
    return _word_before(query, written) in closed_classes()["place"]


DEFINITE_WORDS = frozenset(("the", "this", "that", "our", "their", "your"))


_TRADE_SAID_OF_ONE = re.compile(rf"\b(?:{'|'.join(DEFINITE_WORDS)})\s+({TRADE_PLURALS.pattern})")


def trade_said_of_one(query: str) -> str | None:
    """A trade in the plural after "the", "our" ... in a question about one account ("the
    plumbers' premium", "our movers' renewal"): how brokers call one client by what its
    people do; None when there is none."""
    found = _TRADE_SAID_OF_ONE.search(query.lower())
    return found.group(1) if found else None


def after_a_definite_word(query: str, written: str) -> bool:
    """The mention follows "the", "that" ...: one thing the broker knows ("the daycare")."""
    return _word_before(query, written) in DEFINITE_WORDS


def _unless_a_common_noun(found: Resolution, query: str) -> Resolution:
    """``found``, or no account when a word of its name was said as a common noun
    (``said_as_a_common_noun``: "a tree", "events")."""
    if said_as_a_common_noun(query, found):
        return Resolution(how=f"'{found.written_name}' is a common noun here")
    return found


def after_an_indefinite_word(query: str, written: str) -> bool:
    """The mention follows "a", "any" ...: a kind of thing, no one account ("a tree")."""
    return _word_before(query, written) in INDEFINITE


def _word_before(query: str, written: str) -> str:
    """The query's word just before the mention's first word (lower case); "" when none."""
    words = [w.lower() for w in query_words(query)]
    first = query_words(written)[:1]
    at = words.index(first[0].lower()) if first and first[0].lower() in words else -1
    return words[at - 1] if at > 0 else ""


def _closest(query: str, resolution: Resolution | None) -> list[str]:
    """The query asked of each account whose name is closest to the one written."""
    if resolution is None or not resolution.written_name:
        return []
    names = [alternative.account_name for alternative in resolution.alternatives[:3]]
    return [_replace_name(query, resolution.written_name, name) for name in names]


def _replace_name(query: str, written: str, name: str) -> str:
    """The query with the name as written replaced by an account's full name."""
    at = query.lower().find(written.lower()) if written else -1
    if at < 0:
        return f"{query} ({name})"
    return query[:at] + name + query[at + len(written) :]
