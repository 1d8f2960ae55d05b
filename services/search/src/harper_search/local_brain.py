"""The built-in engine: no network, deterministic, extractive. A product mode, not a test double.

- an account in the request (the starter resolved it): levels 1 and 2 (`AccountEngine`);
- a question about many accounts: level 3 (`ListingEngine`), its filters read over the values
  the book holds (`ListingReader`: words said literally, then category words by meaning);
- which accounts changed a field ("got a new point of contact"): their history.md, where each
  change is written old -> new (`field_changes`);
- a company named in the question (found with lookup_account) when no filter is said literally;
- otherwise, when no value of the book is close to the question's words, the accounts whose
  descriptions read closest (description search), never a search for the words in the files.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import date

from harper_common.bus.client import BusError
from harper_common.memory.contact_marks import asked_marks, marks_in
from harper_common.messages.index import AccountPayload, DescriptionFilters, PassageHit
from harper_common.messages.query import AgentRequest
from harper_search.account_engine import AccountEngine, both_ways
from harper_search.asked_by_examples import AskedByExamples
from harper_search.book_values import CatalogBook
from harper_search.carriers import carriers_named
from harper_search.catalog import Catalog
from harper_search.comparisons import (
    NAME_NOISE,
    Comparison,
    Comparisons,
    ComparisonWords,
    writes_name,
)
from harper_search.denials import Denials
from harper_search.draft import Draft
from harper_search.extra_dates import DatedAccount, dated_in_month, month_label
from harper_search.field_changes import HistoryChanges, changed_fields_asked
from harper_search.listing_engine import (
    DESCRIPTION_HITS,
    ListingEngine,
    no_change_recorded,
    nothing_matches,
)
from harper_search.listing_query import ListingQuery
from harper_search.listing_reader import ListingReader, stages_short_of
from harper_search.listing_words import ListingWords
from harper_search.open_items import Phrases
from harper_search.own_actions import OwnActions
from harper_search.places import STATE_BY_CODE
from harper_search.session import ToolSession
from harper_search.sides import Sides
from harper_search.spelling import correct_cues
from harper_search.staff import name_parts
from harper_search.state_fields import asked_fields
from harper_search.terms import MIN_SHORT_FORM, STOP_WORDS, cut_short, stem, term_set, words
from harper_search.timing import Timing
from harper_search.tool_specs import (
    LOOKUP_ACCOUNT,
    SEARCH_DESCRIPTIONS,
    SEARCH_FILES,
    LookupAccountInput,
    SearchDescriptionsInput,
    SearchFilesInput,
)

NAME_MATCH = 0.75


ONE_THING = re.compile(r"\bthe\s+[a-z]+(?<!s)(?:'s)?\b(?!\s+(?:accounts?|clients?|ones?)\b)", re.I)
"""A singular definite description ("the florist's carrier", "at the bakery")."""
LISTING_CUE = re.compile(
    r"\b(which|whose|any|anything|anyone|anybody|someone|somebody|accounts|clients|customers|"
    r"insureds|folks|all|list|how many|every\w*|others|else|are there|do we have|have we got)\b"
    r"|^\W*where (?:did|do|does|have|has|had|was|were)\b",
    re.I,
)
"""Words of a question about several accounts; "where did ..." asks in which of them."""
ASKS_WHO = re.compile(r"\W*who\b", re.I)
ASKS_WHO_DOES = re.compile(r"^\W*who\s+(?!is\b|was\b|are\b|were\b|do\b|does\b|did\b)[a-z]+", re.I)
"""A question opening with "who" doing something ("who has a pool", "who switched carriers")
asks which accounts; "who is ...", "who did ..." may ask for a person of one."""
CARRIER_ASIDE = re.compile(r"\s*\(.*?\)")
"""A note beside a carrier in state.md ("The Hartford (cancelled 10/28)")."""


MARK_HITS = 10
"""Passages read for an email or phone number that no state.md holds."""
ONE_BY_FILES = 3
TWO_BY_FILES = 2
BY_FILES_READ = 10
"""Passages read across the book to tell which account a question means."""
TELLING_LENGTH = 4
"""A word that tells an account's passages apart has this many letters or more."""
TELLING_WORDS = 2
"""Words of the question only the two best passages' account holds, for them to name it (a
person's given and family name; one word alone is too often a topic another account lacks)."""
"""A question about one account that names none is about the account whose files hold this
many best passages for it, every one of them."""


def about_one_account(request: AgentRequest) -> bool:
    """The starter read the question as about one account it could not name, and nothing in
    it speaks of several (a listing word, or "who" doing something)."""
    intent = request.intent
    return (
        intent.requires_specific_account
        and not intent.cross_account
        and LISTING_CUE.search(request.query) is None
        and ASKS_WHO_DOES.match(request.query) is None
    )


def said_of_one(
    question: str, accounts: list[AccountPayload], filters: DescriptionFilters | None = None
) -> list[AccountPayload] | None:
    """Of the accounts a description read by meaning fits, the one whose own trade or name the
    question says, in full or cut short ("the vet" for a Veterinary Clinic, where "the new
    building" only read as a category); None when the question says none or several. A word
    of a line, stage or place the ``filters`` hold names that filter, not an account ("inland
    marine" and a "... Marine Repair" account)."""
    read = _filter_words(filters) if filters is not None else set()
    said = {
        w
        for w in words(question)
        if len(w) >= MIN_SHORT_FORM and w not in STOP_WORDS and w not in read
    }

    def says(account: AccountPayload) -> bool:
        own = words(f"{account.industry or ''} {account.account_name}")
        return any(cut_short(w, o) for o in own for w in said)

    named = [account for account in accounts if says(account)]
    return named if len(named) == 1 else None


def _filter_words(filters: DescriptionFilters) -> set[str]:
    """The words of the lines, stages and places a filter holds (not its industries)."""
    values = [*(filters.insurance_type or ()), *(filters.stage or ())]
    values += [*(filters.city or ()), *(filters.state or ())]
    return {word for value in values for word in words(value)}


def telling_words(question: str, hits: list[PassageHit], owner: str) -> set[str]:
    """The words of the question (their terms, of ``TELLING_LENGTH`` letters or more) that the
    passages of account ``owner`` among ``hits`` hold and no other account's passages do."""
    own = set().union(*(term_set(hit.text) for hit in hits if hit.account_id == owner))
    other = set().union(*(term_set(hit.text) for hit in hits if hit.account_id != owner))
    return {t for t in term_set(question) - other if len(t) >= TELLING_LENGTH} & own


def one_account_meant(question: str) -> bool:
    """A description that fits one account asks about it when the question says nothing about
    several and says "the" one or asks one of its fields ("the florist's carrier", "oven count
    at the bakery", "roofers: which stage")."""
    cues = {cue.lower() for cue in LISTING_CUE.findall(question)}
    if cues - {"how many"}:
        return False
    if cues:  # "how many buildings does the cleaning company clean": a count of one's things
        return ONE_THING.search(question) is not None
    return ONE_THING.search(question) is not None or bool(asked_fields(question))


class LocalBrain:
    name = "local"

    def __init__(
        self,
        catalog: Catalog,
        known_word: Callable[[str], bool] | None = None,
        reader: ListingReader | None = None,
        own_actions: OwnActions | None = None,
    ) -> None:
        self.catalog = catalog
        self.known_word = known_word
        self.reader = reader or ListingReader(ListingWords(), CatalogBook(catalog))
        words = self.reader.words
        by_examples = AskedByExamples(self.reader.matcher.vectors, words.field_examples)
        self.accounts = AccountEngine(known_word, words.shorthand, by_examples)
        denials = Denials.of_words(words)
        self.events = denials.events
        self.listings = ListingEngine(
            catalog,
            own_actions,
            denials,
            words.event_groups,
            Phrases(words.open_words),
            Phrases(words.done_words),
            shorthand=both_ways(words.shorthand),
            sides=Sides(words.sides),
            timing=Timing(words.time_relations),
            thing_kinds=words.thing_kinds,
            trade_words=words.trade_words,
        )
        self.history = HistoryChanges(catalog.memory)
        self.comparisons = Comparisons(
            ComparisonWords(words.comparison_words, words.comparison_fields, words.other_words)
        )

    async def answer(self, request: AgentRequest, session: ToolSession, today: date) -> Draft:
        question = request.query
        compared = self._compared_with(request)
        if compared is not None:
            return await self._besides(session, request, compared, today)
        if request.account is not None:
            account = request.account
            await session.think(f"Reading {account.account_name} (account {account.account_id}).")
            return await self.accounts.answer(
                session,
                account.account_id,
                account.account_name,
                question,
                self._describes(account.account_id),
            )
        marked = await self._marked_account(session, question)
        if marked is not None:
            why = f"The email or phone asked is {marked[1]}'s: reading it."
            return await self._answer_about(session, question, marked, why)
        asked_of_one = about_one_account(request)  # the starter's reading
        unmarked = LISTING_CUE.search(question) is None  # no word of a listing
        corrected = correct_cues(question, self.known_word)
        handled = self.catalog.handled_by(question)
        listing = await self._read(corrected, today, handled, by_meaning=False)
        dated = dated_in_month(corrected, list(self.catalog.cards.values()), today)
        if dated is not None:
            return await self._dated(session, listing, today, dated)
        changed = changed_fields_asked(corrected, self.reader.words.change_words)
        if changed and not listing.has_conditions:
            await session.think("Which accounts changed a field: reading their history.")
            accounts = sorted(self.catalog.cards)
            changes = self.history.changing(accounts, changed)
            if changes:
                return await self.listings.changed(session, changes, changed)
            # a change nobody recorded in a field may still be told in the files ("we moved
            # the shop to ..."): the history says none, the emails, calls and texts are read
            head = no_change_recorded(changed)
            return await self._of_the_files(
                session, question, listing, corrected, today, head, guesses=False
            )
        if not listing.has_conditions:
            named = await self._named_account(session, question)
            if named is not None:
                account_id, account_name = named
                return await self.accounts.answer(
                    session, account_id, account_name, question, self._describes(account_id)
                )
            listing = await self._read(corrected, today, handled, by_meaning=True)
        if listing.wished_stages:
            head, within = await self._short_of_wished(session, listing, today)
            return await self._of_the_files(
                session, question, listing, corrected, today, head, within=within
            )
        happened = self._what_happened(listing)
        if happened:
            # "any roofer hurt on a job": the kind says where it happened, the files who it was
            await session.think(f"The question asks what happened ({happened}): reading the files.")
            head = (
                f"What happened ({happened}) is in no field of the book: the accounts whose "
                "files tell it."
            )
            return await self._of_the_files(session, question, listing, corrected, today, head)
        thing = (
            await self.listings.thing_named(session, listing.free_words)
            if listing.has_conditions
            else ""
        )
        if thing:
            # "roofers in a risk pool": the filter reads "roofers", the files say the thing
            await session.think(f"The files name '{thing}', beside what the filter reads.")
            matched = await self.listings.matching(session, listing, today)
            within = {a.account_id for a in matched} if isinstance(matched, list) else None
            head = (
                f"'{thing}' is in no field of the book: the accounts whose files name it "
                "(those the question's filter keeps, when any of theirs do)."
            )
            return await self._of_the_files(
                session, question, listing, corrected, today, head, within=within
            )
        if listing.has_conditions and not listing.unmatched:
            found = None
            if one_account_meant(question):
                matched = await self.listings.matching(session, listing, today)
                found = matched if isinstance(matched, list) else None
                if found is not None and len(found) != 1:
                    found = await self._described_one(session, listing, today) or found
                if found is not None and len(found) > 1:
                    found = said_of_one(question, found, listing.filters) or found
            if found is not None and len(found) == 1:
                one = (found[0].account_id, found[0].account_name)
                why = f"Only {one[1]} fits the description: reading it."
                return await self._answer_about(session, question, one, why)
            dropped = ""
            if found is None and listing.readings:
                found, listing, dropped = await self._without_empty_readings(
                    session, corrected, listing, today
                )
                if found is not None and len(found) == 1 and (asked_of_one or unmarked):
                    # read literally, the question fits one account: it was asked of that one
                    one = (found[0].account_id, found[0].account_name)
                    why = f"Read as written, only {one[1]} fits: reading it."
                    return await self._answer_about(session, question, one, why)
            if found is None:
                matched = await self.listings.matching(session, listing, today)
                found = matched if isinstance(matched, list) else None
            if found == [] and term_set(listing.free_words):
                # "who turned down cyber": no account's fields hold it, and the question asks
                # more than the fields; a note or a message may still say it
                await session.think("No account's fields fit: reading the files.")
                head = nothing_matches(listing)
                return await self._of_the_files(
                    session, question, listing, corrected, today, head, guesses=False
                )
            await session.think("A question about many accounts: listing every match.")
            draft = await self.listings.answer(session, listing, today, found)
            if listing.kinds_by_meaning and found:
                await self.listings.also_said(session, draft, listing, found)
            if dropped:
                draft.notes.append(f"Nothing fit when reading {dropped}; listed without it.")
            return draft
        if not listing.has_conditions and not listing.free_words and not listing.unmatched:
            return Draft(
                answer="Which account or which accounts do you mean? The question names neither."
            )
        if asked_of_one or unmarked:
            # a question no listing word marks ("who goes on the gala certificate as insured")
            # is about one account when only its files speak of it
            by_files = await self._one_by_its_files(session, question, strict=not asked_of_one)
            if by_files is not None:
                why = f"Only {by_files[1]}'s files say it: reading them."
                return await self._answer_about(session, question, by_files, why)
        await session.think(
            "No value of the book is close to the question: searching descriptions."
        )
        return await self.listings.by_description(session, question, listing, today)

    def _compared_with(self, request: AgentRequest) -> Comparison | None:
        """The account a question about many accounts compares with ("who else in Texas
        besides <name>"), the one the starter resolved when it did."""
        given = self.catalog.get(request.account.account_id) if request.account else None
        if request.account is not None and given is None:
            return None
        cards = self.catalog.cards.values()  # listed only once a comparing word is found
        comparison = self.comparisons.read(request.query, cards, given)
        if comparison is None:
            return None
        rest = comparison.rest.replace("{value}", "")
        if comparison.asks != "same" and not (
            LISTING_CUE.search(comparison.rest) or ASKS_WHO.match(rest)
        ):
            return None  # "I'd like the Pham file": no question about other accounts
        if self.comparisons.names_another(rest, cards, comparison):
            return None  # "does Pham have the same carrier as Acadia": about Pham
        return comparison

    async def _besides(
        self, session: ToolSession, request: AgentRequest, comparison: Comparison, today: date
    ) -> Draft:
        """The question about the other accounts than the one it compares with, read without
        it: the listing of what the rest asks, with that account left out; "the same <field>
        as" asks for its own value; "like" it with nothing else asked, the accounts whose
        descriptions read closest to its own."""
        name, account_id = comparison.account_name, comparison.account_id
        await session.think(f"The question compares with {name}: the other accounts.")
        own = await self._payload(session, account_id)
        rest = comparison.rest
        if comparison.asks == "same":
            values = self._values(comparison, own)
            if not values:
                fields = " or ".join(comparison.fields) or "field the question names"
                draft = Draft(answer=f"{name}'s {fields} is not in its state.md: nothing to match.")
                draft.cite(f"accounts/{account_id}/state.md")
                return draft
            rest = rest.replace("{value}", " ".join(values))
        rest = rest.replace("{value}", "").strip()
        inner = request.model_copy(update={"query": rest, "account": None})
        with session.setting_aside({account_id}):
            if comparison.asks == "like" and own is not None:
                corrected = correct_cues(rest, self.known_word)
                listing = await self._read(corrected, today, (set(), set()), by_meaning=True)
                if not listing.has_conditions and not term_set(listing.free_words):
                    return await self._most_like(session, own, today)
            draft = await self.answer(inner, session, today)
        lines = draft.answer.split("\n", 1)
        said = "(The account the question compares with is left out.)"
        draft.answer = "\n".join([lines[0], said, *lines[1:]])
        return draft

    async def _payload(self, session: ToolSession, account_id: str) -> AccountPayload | None:
        filters = DescriptionFilters(account_id=[account_id])
        args = SearchDescriptionsInput(text="", filters=filters, limit=1)
        result = await session.call(SEARCH_DESCRIPTIONS, args)
        if result is None or result.is_error or not result.accounts:
            return None
        return result.accounts[0]

    def _values(self, comparison: Comparison, own: AccountPayload | None) -> list[str]:
        """The compared account's values of the fields "the same ... as" names, as a listing
        question writes them ("Louisiana", "The Hartford", "Workers' Compensation and ...")."""
        card = self.catalog.get(comparison.account_id)
        found: list[str] = []
        for field in comparison.fields:
            if field == "carrier" and card is not None:
                written = [str(v) for k, v in card.extra.items() if "carrier" in k.lower()]
                named = sorted(carriers_named(" ".join(written)))
                found += named or [CARRIER_ASIDE.sub("", w).strip() for w in written[:1]]
            elif field == "state" and own is not None and own.state:
                found.append(STATE_BY_CODE.get(own.state.upper(), own.state))
            elif field == "city" and own is not None and own.city:
                found.append(own.city)
            elif field == "industry" and own is not None and own.industry:
                found.append(own.industry)
            elif field == "stage" and own is not None:
                found.append(own.stage)
            elif field == "coverage" and own is not None and own.insurance_types:
                found.append(" and ".join(own.insurance_types))
        return [value for value in found if value]

    async def _most_like(self, session: ToolSession, own: AccountPayload, today: date) -> Draft:
        """The accounts whose descriptions read closest to ``own``'s (it left out)."""
        text = own.industry or own.description or own.account_name
        args = SearchDescriptionsInput(text=text[:300], limit=DESCRIPTION_HITS + 1)
        result = await session.call(SEARCH_DESCRIPTIONS, args)  # the account itself set aside
        found = result.accounts if result is not None and not result.is_error else []
        accounts = found[:DESCRIPTION_HITS]
        name = own.account_name
        if not accounts:
            return Draft(answer=f"No other account's description reads close to {name}'s.")
        head = f"The accounts whose descriptions read closest to {name}'s ({own.industry}):"
        return await self.listings.closest(session, accounts, today, head)

    async def _of_the_files(
        self,
        session: ToolSession,
        question: str,
        listing: ListingQuery,
        corrected: str,
        today: date,
        head: str,
        within: set[str] | None = None,
        guesses: bool = True,
    ) -> Draft:
        """The listing asked of the files with the whole question (``corrected``), not only the
        words its filter left over, under ``head`` (see ``ListingEngine.by_description``)."""
        whole = replace(listing, free_words=corrected)
        return await self.listings.by_description(
            session, question, whole, today, head, within, guesses
        )

    async def _short_of_wished(
        self, session: ToolSession, listing: ListingQuery, today: date
    ) -> tuple[str, set[str] | None]:
        """A stage someone wants reached ("who wants it bound before the holidays", "which ones
        need to be quoted by Friday") is no stage the accounts are at: the files tell who
        wants it, among the accounts short of it when any of theirs say it. The head that
        says so, and those accounts."""
        wished = " or ".join(listing.wished_stages)
        await session.think(f"The question asks who wants to be {wished}: reading the files.")
        short = stages_short_of(list(listing.wished_stages), list(listing.filters.stage or []))
        keeps = replace(listing, filters=listing.filters.model_copy(update={"stage": short}))
        matched = await self.listings.matching(session, keeps, today)
        head = (
            f"Being {wished} is what is wanted, not a stage the accounts are at: the accounts "
            f"whose files say it (those not yet {wished}, when any of theirs do)."
        )
        return head, {a.account_id for a in matched} if isinstance(matched, list) else None

    def _what_happened(self, listing: ListingQuery) -> str:
        """The words of what happened ("claim", "accident") a listing with conditions names
        besides them, said as written; "" when it names none."""
        if not listing.has_conditions:
            return ""
        said = [word for word in words(listing.free_words) if stem(word) in self.events]
        return ", ".join(dict.fromkeys(said))

    async def _answer_about(
        self, session: ToolSession, question: str, account: tuple[str, str], why: str
    ) -> Draft:
        """The question answered about one account (id, name) the brain found, saying why."""
        await session.think(why)
        account_id, name = account
        return await self.accounts.answer(
            session, account_id, name, question, self._describes(account_id)
        )

    async def _marked_account(self, session: ToolSession, question: str) -> tuple[str, str] | None:
        """The one account an email or phone number of the question belongs to: the one whose
        state.md holds it, else the one whose files do (a sender's address, a signature's
        number). None when the question gives none, or two accounts hold it."""
        asked = asked_marks(question)
        if not asked:
            return None
        holders = [(c.account_id, c.name) for c in self.catalog.holding_marks(asked)]
        if not holders:
            text = " ".join(sorted(asked))
            args = SearchFilesInput(query=text, path="accounts", limit=MARK_HITS)
            result = await session.call(SEARCH_FILES, args)
            hits = result.passages if result is not None and not result.is_error else []
            owners = {hit.account_id for hit in hits if asked & marks_in(hit.text)}
            cards = [self.catalog.get(owner) for owner in sorted(owners)]
            holders = [(card.account_id, card.name) for card in cards if card is not None]
        return holders[0] if len(holders) == 1 else None

    async def _one_by_its_files(
        self, session: ToolSession, question: str, strict: bool = False
    ) -> tuple[str, str] | None:
        """The account a question about one account means without naming it ("the agreed
        value on the vintage console"): the one whose files hold every one of the best
        passages for the question across the book, or its two best passages and two words of
        the question no other account's passages among the best hold (a person only its files
        name). None when two accounts' files do. ``strict``: only the first reading counts."""
        args = SearchFilesInput(query=question[:300], path="accounts", limit=BY_FILES_READ)
        result = await session.call(SEARCH_FILES, args)
        hits = result.passages if result is not None and not result.is_error else []
        best = hits[:ONE_BY_FILES]
        owners = {hit.account_id for hit in best}
        if len(best) == ONE_BY_FILES and len(owners) == 1:
            if not self._beyond_its_name(question, best):
                return None  # "a collision on the road": its files write "... Collision"
            return self._card_of(best[0].account_id)
        first = hits[:TWO_BY_FILES]
        if strict or len(first) < TWO_BY_FILES or len({hit.account_id for hit in first}) != 1:
            return None
        owner = first[0].account_id
        telling = telling_words(question, hits, owner)
        return self._card_of(owner) if len(telling) >= TELLING_WORDS else None

    def _beyond_its_name(self, question: str, hits: list[PassageHit]) -> bool:
        """Whether the passages (all of one account) share a word of the question that is no
        word of the account's name: an account's files write its own name in every header and
        signature, so "a collision on the road" finds a "... Collision & Auto Body" by its name."""
        card = self.catalog.get(hits[0].account_id)
        asked = term_set(question) - (term_set(card.name) if card is not None else set())
        return bool(asked & set().union(*(term_set(hit.text) for hit in hits)))

    def _card_of(self, account_id: str) -> tuple[str, str] | None:
        card = self.catalog.get(account_id)
        return (card.account_id, card.name) if card is not None else None

    async def _without_empty_readings(
        self, session: ToolSession, question: str, listing: ListingQuery, today: date
    ) -> tuple[list[AccountPayload] | None, ListingQuery, str]:
        """When what was read by meaning leaves no account (a modifier of a stage word read as
        a kind of business the stage holds none of), the question read literally, if that still
        lists something, and what was dropped; else the listing as it was."""
        matched = await self.listings.matching(session, listing, today)
        if not isinstance(matched, list) or matched:
            return (matched if isinstance(matched, list) else None), listing, ""
        literal = await self.reader.read(question, today, literal_only=True)
        if not literal.has_conditions or literal.unmatched:
            return [], listing, ""
        again = await self.listings.matching(session, literal, today)
        if not isinstance(again, list) or not again:
            return [], listing, ""
        dropped = "; ".join(listing.readings)
        await session.think(f"Nothing fits when reading {dropped}: listing without that reading.")
        return again, literal, dropped

    async def _dated(
        self,
        session: ToolSession,
        listing: ListingQuery,
        today: date,
        dated: tuple[str, tuple[int, int], list[DatedAccount]],
    ) -> Draft:
        """The accounts whose date of the key asked falls in the month asked (within the
        question's other filters, when it says some), each cited from its state.md."""
        what, month, accounts = dated
        if listing.has_conditions:
            matched = await self.listings.matching(session, listing, today)
            if isinstance(matched, list):
                kept = {a.account_id for a in matched}
                accounts = [d for d in accounts if d.card.account_id in kept]
        await session.think(f"Reading each account's {what} in state.md.")
        when = month_label(month)
        draft = Draft(answer="")
        if not accounts:
            draft.answer = f"No account's {what} falls in {when} (state.md)."
            return draft
        noun = "account has its" if len(accounts) == 1 else "accounts have their"
        rows = [f"{len(accounts)} {noun} {what} in {when} (state.md):"]
        for number, found in enumerate(accounts, start=1):
            card = found.card
            where = ", ".join(filter(None, (card.city, card.state)))
            about = "; ".join(filter(None, (card.industry, where)))
            rows.append(
                f"{number}. {card.name} (account {card.account_id}): {what} "
                f"{found.when.isoformat()}" + (f"; {about}" if about else "")
            )
            draft.cite(f"accounts/{card.account_id}/state.md")
        draft.answer = "\n".join(rows)
        return draft

    def _describes(self, account_id: str) -> str:
        """What the account is, as its card says: industry and city."""
        card = self.catalog.get(account_id)
        return " ".join(filter(None, (card.industry, card.city))) if card else ""

    async def _described_one(
        self, session: ToolSession, listing: ListingQuery, today: date
    ) -> list[AccountPayload] | None:
        """The one account that what the question says the account IS (its industry, city,
        state) fits, when that alone fits exactly one: in "did the florist sign the app" the
        stage is what is asked about, not part of the description. None otherwise."""
        what = listing.filters
        described = DescriptionFilters(industry=what.industry, city=what.city, state=what.state)
        if described.is_empty() or described == what:
            return None
        narrowed = replace(listing, filters=described)
        matched = await self.listings.matching(session, narrowed, today)
        return matched if isinstance(matched, list) and len(matched) == 1 else None

    async def _read(
        self,
        question: str,
        today: date,
        handled: tuple[set[str], set[str]],
        by_meaning: bool,
    ) -> ListingQuery:
        """The question's filters; none when the indexer cannot be asked for the book's values
        (the question is then answered by description search). The agency's people it names
        keep their own accounts (``handled``: ``Catalog.handled_by``)."""
        try:
            listing = await self.reader.read(question, today, by_meaning=by_meaning)
        except BusError:
            listing = ListingQuery(
                filters=DescriptionFilters(),
                follow_up=False,
                quiet_days=None,
                counting=False,
                free_words=question,
            )
        staff, accounts = handled
        if not staff:
            return listing
        parts = {part for person in staff for part in name_parts(person)}
        return replace(
            listing,
            staff=tuple(sorted(staff)),
            staff_accounts=frozenset(accounts),
            unmatched=tuple(u for u in listing.unmatched if not name_parts(u) & parts),
        )

    async def _named_account(self, session: ToolSession, question: str) -> tuple[str, str] | None:
        asked = set(words(question))
        best: tuple[int, str, str] | None = None
        for card in list(self.catalog.cards.values()):
            name_words = [w for w in words(card.name) if w not in NAME_NOISE]
            # every word said (a set look-up, cheap for every card), then said together
            if (
                name_words
                and all(w in asked for w in name_words)
                and writes_name(question, card.name)
            ):
                if best is None or len(name_words) > best[0]:
                    best = (len(name_words), card.account_id, card.name)
        if best is None:
            return None
        result = await session.call(LOOKUP_ACCOUNT, LookupAccountInput(name=best[2]))
        if result is None or not result.matches:
            return best[1], best[2]
        top = result.matches[0]
        if top.score >= NAME_MATCH:
            return top.account_id, top.account_name
        return None
