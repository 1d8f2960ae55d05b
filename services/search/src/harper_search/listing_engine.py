"""The local engine for questions about many accounts (level 3): every match, not the first few.

Filters go to the indexer's scan through search_descriptions (no limit); follow-up questions keep
the open accounts whose days without contact reach their stage's rule. The listing cites every
listed account's state.md (search_descriptions reads them with the listing) and the newest source
of the first few accounts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from harper_common.memory.stages import FOLLOW_UP_RULES, canonical_stage
from harper_common.messages.index import AccountPayload, DescriptionFilters, PassageHit
from harper_search.account_engine import read_to_cite, short_and_full_forms
from harper_search.answer_text import quote, says_something, where
from harper_search.carriers import carriers_named
from harper_search.catalog import Catalog
from harper_search.denials import Denials
from harper_search.draft import Draft
from harper_search.field_changes import SeenChange
from harper_search.line_forms import lines_in, lines_written_out, without_lines
from harper_search.listing_query import ListingQuery
from harper_search.listing_rank import PremiumRank
from harper_search.listing_reader import LEFT_OUT_ASIDE
from harper_search.open_items import OpenItem, Phrases, item_words, open_items, thing_in
from harper_search.own_actions import OwnActions
from harper_search.passage_answers import (
    Unit,
    answer_to,
    best_units,
    greets,
    has_date,
    holds,
    narrates,
    only_an_adverb,
    root_words,
    roots,
    said_done,
    verb_forms_of_nouns,
    word_root,
)
from harper_search.passages import Passage, passages
from harper_search.run_log import raw_of
from harper_search.session import ToolSession
from harper_search.sides import Sides
from harper_search.state_extras import asked_extras
from harper_search.terms import stem, straight_words, term_set
from harper_search.timing import Tie, Timing
from harper_search.tool_specs import (
    READ_FILE,
    SEARCH_DESCRIPTIONS,
    SEARCH_FILES,
    ReadFileInput,
    SearchDescriptionsInput,
    SearchFilesInput,
)
from harper_search.word_pairs import done_to, stem_pairs, word_pairs

SOURCES_TO_READ = 3
DESCRIPTION_HITS = 5
"""Accounts shown when a question is answered by description search (no exact filter)."""
DESCRIPTIONS_BESIDE_MENTIONS = 2
MENTION_HITS = 100
"""Passages a listing by what the files say reads across the book (the most the passage search
gives): an account whose files tell it many times fills the first places, and the others that
tell it once come after."""
MENTION_ACCOUNTS = 8
"""Most accounts a listing by what the files say names (each with its sentence)."""
UNITS_FOR_HAPPENINGS = 8
"""An account's sentences read for one telling what the question asks happened (the best
sentence for its other words may only name the thing: "Vehicles?" then "Four trucks")."""
PAIR_HOLDERS = 2
"""Accounts whose files must write two neighbouring words of the question side by side for
the pair to count as one thing named ("loss runs", a person's full name)."""
NO_FILE_SAYS = "No email, call or text of the book says so either."
MENTIONS_HEAD = "Accounts whose files mention it (passages ranked by meaning and words):"
ALSO_MENTIONED_HEAD = (
    "Other accounts whose files say it, whatever their industry (passages ranked by meaning "
    "and words):"
)
BY_MEANING = "Ranked by meaning over account descriptions, not an exact filter."
DETAILED_ROWS = 300
"""Longer listings get short rows, so an answer about thousands of accounts stays small."""


class ListingEngine:
    def __init__(
        self,
        catalog: Catalog,
        own_actions: OwnActions | None = None,
        denials: Denials | None = None,
        event_groups: tuple[frozenset[str], ...] = (),
        open_words: Phrases | None = None,
        done_words: Phrases | None = None,
        shorthand: dict[str, tuple[str, ...]] | None = None,
        sides: Sides | None = None,
        thing_kinds: tuple[tuple[frozenset[str], frozenset[str]], ...] = (),
        timing: Timing | None = None,
        trade_words: frozenset[str] = frozenset(),
    ) -> None:
        self.catalog = catalog
        self.own_actions = own_actions or OwnActions(None, ())
        self.denials = denials or Denials(frozenset())
        self.event_groups = tuple(frozenset(stem(w) for w in group) for group in event_groups)
        """Words of one happening (their stems): a sentence saying one says the others."""
        self.open_words = open_words or Phrases(())
        self.done_words = done_words or Phrases(())
        self.shorthand = shorthand or {}
        """Each trade word's short or full forms (``both_ways``)."""
        self.sides = sides or Sides()
        self.timing = timing or Timing()
        trade_roots = roots({stem(word) for word in trade_words})
        self.trade_roots = frozenset(trade_roots - self.denials.event_roots)
        """The roots of the nouns of the agency's own work ("quote", "carrier"), but a word of
        what happened ("claim"): every account's files say them, so a sentence sharing only
        those with the question tells nothing."""
        self.thing_kinds = stemmed_rows(thing_kinds)
        """Words of a kind of thing and its members (their stems): a member says the kind."""

    async def matching(
        self, session: ToolSession, query: ListingQuery, today: date
    ) -> list[AccountPayload] | str:
        """The accounts the query's filters keep, or why they could not be listed."""
        args = SearchDescriptionsInput(text="", filters=query.filters, limit=None)
        result = await session.call(SEARCH_DESCRIPTIONS, args)
        if result is None or result.is_error:
            return result.content if result else "the tool budget ran out"
        return [a for a in result.accounts if _keeps(a, query, today)]

    async def answer(
        self,
        session: ToolSession,
        query: ListingQuery,
        today: date,
        matched: list[AccountPayload] | None = None,
    ) -> Draft:
        """The listing; ``matched``: the accounts ``matching`` already found for this query."""
        draft = Draft(answer="")
        accounts = matched if matched is not None else await self.matching(session, query, today)
        if isinstance(accounts, str):
            draft.answer = "I could not list the accounts: " + accounts
            return draft
        owed: dict[str, list[str]] = {}
        if query.owed:
            owed = await self._owed(accounts)
            accounts = [a for a in accounts if owed.get(a.account_id)]
        accounts.sort(
            key=lambda a: (-_days(a, today), a.account_name) if query.follow_up else a.account_name
        )
        matched_count = len(accounts)
        if query.rank is not None:
            accounts = ranked(accounts, query.rank)
        title = _title(query.filters, query, len(accounts), matched_count)
        detailed = len(accounts) <= DETAILED_ROWS
        rows = [_row(n, a, today, detailed) for n, a in enumerate(accounts, start=1)]
        if owed:
            rows = [
                f"{row}; ours to do: {'; '.join(owed[a.account_id])}"
                for row, a in zip(rows, accounts, strict=True)
            ]
        if query.question and detailed:
            asked = query.question
            pairs = zip(rows, accounts, strict=True)
            rows = [self._with_asked_fields(r, a, asked) for r, a in pairs]
        if query.premium_total and accounts:
            rows.append(premium_total_line(accounts))
        for account in accounts:
            draft.cite(f"accounts/{account.account_id}/state.md")
        evidence = await self._evidence(session, accounts, draft)
        readings = [f"(Read {reading}.)" for reading in query.readings]
        draft.answer = "\n".join([title, *readings, *rows, *evidence])

        if query.follow_up:
            draft.notes.append(
                "Due by the stage rules (days without contact: New Lead/Intake 2, Application "
                "Received 3, Submitted 5, Quoted 2); the follow-up agent's list is the authority."
            )
        return draft

    def _with_asked_fields(self, row: str, account: AccountPayload, question: str) -> str:
        """The row, with the fields of the account's state.md beyond the format's own that the
        question asks ("lost accounts, with why": their lost_reason)."""
        card = self.catalog.get(account.account_id)
        fields = asked_extras(question, card.extra) if card is not None else []
        return "; ".join([row, *(f"{f.label.lower()}: {f.value}" for f in fields)])

    async def changed(
        self, session: ToolSession, changes: dict[str, SeenChange], keys: tuple[str, ...]
    ) -> Draft:
        """The accounts whose history.md records a change of one of ``keys``, newest first, each
        with its latest such change (old -> new, when, the entry's own words). The first ones,
        as far as the read budget goes, cite their history.md and the source the change came
        from (the email, call or text of the day the entry names as its evidence)."""
        draft = Draft(answer="")
        if not changes:
            draft.answer = no_change_recorded(keys)
            return draft
        rows: list[str] = []
        ordered = sorted(changes.values(), key=lambda c: c.when, reverse=True)
        for number, change in enumerate(ordered, start=1):
            card = self.catalog.get(change.account_id)
            name = card.name if card else f"account {change.account_id}"
            cited = [change.path] if await _read_if_budget(session, change.path) else []
            said = f' ("{change.summary}")' if change.summary and cited else ""
            source = change.source_among(card.sources if card else [])
            if cited and source and await _read_if_budget(session, source):
                cited.append(source)
            for path in cited:
                draft.cite(path)
            where = f" ({'; '.join(cited)})" if cited else ""
            rows.append(
                f"{number}. {name} (account {change.account_id}): {change.field.replace('_', ' ')} "
                f"{change.old} → {change.new} on {change.when[:10]}{said}{where}"
            )
        noun = "account's" if len(rows) == 1 else "accounts'"
        what = fields_said(keys)
        title = f"{len(rows)} {noun} history records a change of {what} (the latest shown):"
        draft.answer = "\n".join([title, *rows])
        return draft

    async def _owed(self, accounts: list[AccountPayload]) -> dict[str, list[str]]:
        """Each account's pending actions that are the agency's own tasks."""
        actions = [(a.account_id, action) for a in accounts for action in a.pending_actions]
        ours = await self.own_actions.ours_of([action for _, action in actions])
        found: dict[str, list[str]] = {}
        for (account_id, action), mine in zip(actions, ours, strict=True):
            if mine:
                found.setdefault(account_id, []).append(action)
        return found

    async def by_description(
        self,
        session: ToolSession,
        question: str,
        query: ListingQuery,
        today: date,
        head: str = "",
        within: set[str] | None = None,
        guesses: bool = True,
    ) -> Draft:
        """No value of the book is close to the question's words. Two readings answer it: the
        accounts whose own files say what the question asks about (a passage search across the
        book: "a storm loss", "another agency"), then the accounts whose descriptions read
        closest (dense description search, within the filters the question does name): its
        best few only when files already answered, since a description says what a business
        is, not what happened to it, and none when the files name the very thing asked about
        in the question's own two words. Both said as such; ``head``: why (by default, that no
        value of the book is close); ``within``: the accounts a filter the question also says
        keeps, the only ones named when the files of any of them say it; without ``guesses``,
        no description is read closest (what the files do not say is not there)."""
        draft = Draft(answer="")
        close_to = ", ".join(query.unmatched) or query.free_words or question
        head = head or (
            f"No industry, line of coverage, stage or place of the book is close to '{close_to}'."
        )
        asked = without_asides(query.free_words if term_set(query.free_words) else question)
        asked = without_adverbs(asked) or asked
        waiting = await self._still_open(session, question, query, today, draft)
        if waiting:
            draft.answer = "\n".join(waiting)
            return draft
        not_yet = await self._not_yet_done(session, question, query, today)
        question, asked = self.denials.either_way(question, asked)
        question, asked, but_not = self.denials.but_not(question, asked)
        not_yet |= await self._said_of(session, but_not)
        plain = without_asides(question)
        aside = " ".join(LEFT_OUT_ASIDE.findall(question))  # "(not the landlords)"
        denied = self.denials.asks_what_did_not_happen(plain)
        mentioned, exact = await self._mentioned(
            session,
            asked,
            draft,
            denied,
            within,
            listed=not_yet,
            denied_words=self.denials.denied_in(plain) if denied else frozenset(),
            left_out=aside,
            senses=self.denials.senses_asked(question),
            timed=self.timing.ties(plain),
        )
        if not guesses:
            draft.answer = "\n".join([head, *mentioned] if mentioned else [head, NO_FILE_SAYS])
            return draft
        full = len(mentioned) - 1 >= MENTION_ACCOUNTS  # the head, then a line per account
        if mentioned and (exact or denied or full):
            # the files name the very thing asked about, what happened or what never did
            # (which no description says), or name as many accounts as a listing by them
            # does: a description adds only guesses
            draft.answer = "\n".join([head, *mentioned])
            return draft
        limit = DESCRIPTIONS_BESIDE_MENTIONS if mentioned else DESCRIPTION_HITS
        args = SearchDescriptionsInput(text=plain, filters=query.filters, limit=limit)
        result = await session.call(SEARCH_DESCRIPTIONS, args)
        if result is None or result.is_error or not result.accounts:
            draft.answer = (
                "\n".join([head, *mentioned])
                if mentioned
                else (f"{head} No file or account description reads close to the question.")
            )
            return draft
        left_out = await self._said_of(session, aside)
        accounts = [a for a in result.accounts if a.account_id not in not_yet | left_out]
        rows = _cited_rows(accounts, today, draft)
        evidence = [] if mentioned else await self._evidence(session, accounts, draft)
        lines = [head, *mentioned, "The accounts whose descriptions read closest:", *rows]
        draft.answer = "\n".join([*lines, *evidence])
        draft.notes.append(BY_MEANING)
        return draft

    async def also_said(
        self, session: ToolSession, draft: Draft, query: ListingQuery, listed: list[AccountPayload]
    ) -> None:
        """Below a listing that read words as a category of business by meaning only ("meals" as
        the food businesses), the other accounts whose own files say those words: what a
        business does, other kinds do too (a garage whose crew cooks its own meals)."""
        asked = " ".join([*query.kinds_by_meaning, query.free_words]).strip()
        ids = frozenset(a.account_id for a in listed)
        lines, _ = await self._mentioned(
            session, asked, draft, head=ALSO_MENTIONED_HEAD, listed=ids
        )
        if lines:
            draft.answer = "\n".join([draft.answer, *lines])

    async def closest(
        self, session: ToolSession, accounts: list[AccountPayload], today: date, head: str
    ) -> Draft:
        """``accounts`` in the order a description search ranked them, under ``head``, with the
        latest communication of the first few."""
        draft = Draft(answer="")
        rows = _cited_rows(accounts, today, draft)
        evidence = await self._evidence(session, accounts, draft)
        draft.answer = "\n".join([head, *rows, *evidence])
        draft.notes.append(BY_MEANING)
        return draft

    async def thing_named(self, session: ToolSession, words: str) -> str:
        """The two words of ``words`` the files of two accounts or more write side by side (one
        thing named: "risk pool", "loss runs"), said as the question wrote them; "" when none.
        A listing whose filter leaves such a thing beside it asks about the thing."""
        if len(term_set(words)) < 2:
            return ""
        args = SearchFilesInput(query=words[:300], path="accounts", limit=MENTION_HITS)
        result = await session.call(SEARCH_FILES, args)
        if result is None or result.is_error or not result.passages:
            return ""
        pairs = {
            pair
            for pair in side_by_side(words, result.passages)
            if not any(_names_a_time_or_count(word) for word in pair)
        }
        paired: set[str] = set().union(*pairs)
        return " ".join(w for w in re.findall(r"[\w'’-]+", words) if roots(term_set(w)) & paired)

    async def _mentioned(
        self,
        session: ToolSession,
        asked: str,
        draft: Draft,
        denied: bool = False,
        within: set[str] | None = None,
        head: str = MENTIONS_HEAD,
        listed: frozenset[str] = frozenset(),
        denied_words: frozenset[str] = frozenset(),
        left_out: str = "",
        senses: frozenset[str] = frozenset(),
        timed: frozenset[Tie] = frozenset(),
    ) -> tuple[list[str], bool]:
        """Accounts whose own files say what ``asked`` (the question without its listing words)
        is about, by the passage index across the book, each with the sentence that says it
        best (a summary's sentence counts: summaries often name in one word what the raw file
        tells at length). Only accounts whose sentence shares a word with the question, and
        names the carrier when the question names one ("anyone placed with chubb": a passage
        that only shares the question's other words is no mention of it); when the question
        names a thing in two words the files also write together, the sentence must write
        them too (``grounded_unit``). Also says whether such a pair, or words of what
        happened, decided. With ``within``, only those accounts when the files of any of them
        say it; ``listed``: accounts the answer already names, left out; ``denied_words``:
        what the question says did not happen (``Denials.denied_in``); ``senses``: words the
        question says in their other sense (``Denials.senses_asked``); ``timed``: the words
        the question ties to a relation of time (``Timing.ties``)."""
        grounded, exact = await self._grounded(
            session, asked, denied, denied_words=denied_words, senses=senses, timed=timed
        )
        if not grounded and not exact:
            return [], False
        kept = [a for a, f in grounded.items() if not isinstance(f, Denied) and a in (within or ())]
        if kept:  # the filter's accounts whose files say it; else every account whose files do
            grounded = {a: grounded[a] for a in kept}
        lines = [head]
        others = [(a, found) for a, found in grounded.items() if a not in listed]
        if term_set(left_out):  # "(not the landlords)": a sentence telling of them is no mention
            aside = roots(term_set(left_out))
            others = [(a, f) for a, f in others if not aside & set(root_words(told(f)))]
        for account_id, found in others[:MENTION_ACCOUNTS]:
            if isinstance(found, Denied):
                continue  # its files say it did not happen; its place is not given to another
            unit = found
            card = self.catalog.get(account_id)
            name = card.name if card else f"account {account_id}"
            hit = unit.hit
            if not await read_to_cite(session, hit.path):
                continue
            draft.cite(hit.path)
            day = hit.date.date().isoformat() if hit.date else "undated"
            answer = answer_to(unit)
            quoted = f'"{unit.text}"' + (f' then "{answer}"' if answer else "")
            said = f"{quoted} ({hit.channel} of {day}, {hit.path})"
            raw = raw_of(hit.path)
            if raw != hit.path and await read_to_cite(session, raw):
                draft.cite(raw)  # the summary says it; the source it summarises is cited too
                said = f"{quoted} (summary of {day}, {hit.path}; the source: {raw})"
            lines.append(f"- {name} (account {account_id}): {said}")
        return (lines, exact) if len(lines) > 1 else ([], False)

    async def _still_open(
        self,
        session: ToolSession,
        question: str,
        query: ListingQuery,
        today: date,
        draft: Draft,
    ) -> list[str]:
        """A question asking who still waits on something ("who is still waiting for an
        appraisal"): the accounts the filters keep whose state.md holds the thing open now, in
        its next step or pending actions, each with what it holds (``open_items``); the head and
        those lines, or nothing when the question asks no such thing or no account holds it
        (the files are then read as for any question)."""
        open_said = self.open_words.said_in(question)
        held = await self._holding(session, query, today, open_said) if open_said else {}
        lines: list[str] = []
        for (account_id, name), naming in held.items():
            path = f"accounts/{account_id}/state.md"
            if not await read_to_cite(session, path):
                continue
            draft.cite(path)
            said = "; ".join(f'{item.field}: "{item.text}"' for item in naming)
            lines.append(f"- {name} (account {account_id}): {said} ({path})")
        if not lines:
            return []
        await session.think("Who still waits on it: reading each account's open items.")
        head = "Still open, by each account's next step and pending actions (state.md, now):"
        return [head, *lines]

    async def _not_yet_done(
        self, session: ToolSession, question: str, query: ListingQuery, today: date
    ) -> frozenset[str]:
        """A question asking who has something done ("who already sent the appraisal"): the
        accounts whose state.md still holds the thing open, which have not."""
        done_said = self.done_words.said_in(question)
        if not done_said:
            return frozenset()
        held = await self._holding(session, query, today, done_said)
        return frozenset(account_id for account_id, _ in held)

    async def _holding(
        self, session: ToolSession, query: ListingQuery, today: date, said: frozenset[str]
    ) -> dict[tuple[str, str], list[OpenItem]]:
        """The accounts the filters keep (id, name) whose open items name the thing the
        question's free words name, ``said`` (the words asking whether it is open or done)
        left out; each with those items."""
        asked = " ".join(w for w in straight_words(query.free_words) if w not in said)
        if not term_set(asked):
            return {}
        matched = await self.matching(session, query, today)
        if not isinstance(matched, list):
            return {}
        items = {a.account_id: [(i, item_words(i.text)) for i in open_items(a)] for a in matched}
        read = [said for found in items.values() for _, said in found]
        thing = thing_in(asked, short_and_full_forms(asked, self.shorthand), read)
        held: dict[tuple[str, str], list[OpenItem]] = {}
        for account in matched:
            naming = [item for item, said in items[account.account_id] if thing.names(said)]
            if naming:
                held[(account.account_id, account.account_name)] = naming
        return held

    async def _grounded(
        self,
        session: ToolSession,
        asked: str,
        denied: bool = False,
        best_only: bool = False,
        denied_words: frozenset[str] = frozenset(),
        senses: frozenset[str] = frozenset(),
        timed: frozenset[Tie] = frozenset(),
    ) -> tuple[dict[str, Unit | Denied], bool]:
        """Each account whose files say what ``asked`` is about, with the sentence that says it
        (``grounded_unit``), best first; and whether the sentences had to say the very thing
        asked: a thing the files name in two words, or what happened. With ``best_only``, only
        an account's best sentence for ``asked``'s own words may say it (not one saying another
        word of the same happening further down). A sentence tying a time the question ties
        (``timed``) to another relation ("before the holidays" for "over the holidays") says
        none of it. A question naming a kind of thing beside what befell it ("a vehicle got
        damaged") is told only by an account's sentences naming the kind or a member: the
        best of those speaks for the account, whatever its closer sentences tell."""
        said_alike = self._said_alike(asked, senses)
        query = f"{asked} {said_alike}" if said_alike else asked
        args = SearchFilesInput(query=query[:300], path="accounts", limit=MENTION_HITS)
        result = await session.call(SEARCH_FILES, args)
        if result is None or result.is_error or not result.passages:
            return {}, False
        carriers = carriers_named(asked, names_in=[hit.text for hit in result.passages])
        by_account: dict[str, list[PassageHit]] = {}
        for hit in result.passages:
            if not carriers or carriers_named(hit.text) & carriers:
                by_account.setdefault(hit.account_id, []).append(hit)
        wanted = term_set(asked) | term_set(lines_written_out(asked))
        wanted |= same_happening(in_one_sense(wanted, senses), self.event_groups)
        wanted |= members_of(wanted, self.thing_kinds)
        pairs = {  # "won't renew" names no thing: a denial and what it denies
            pair
            for pair in side_by_side(asked, result.passages)
            if not any(self.denials.is_denial(word) for word in pair)
        }
        happened = happenings(wanted, pairs, self.denials.events)
        keep = UNITS_FOR_HAPPENINGS if happened and not best_only else 3
        also = "" if best_only else said_alike
        side = self.sides.named(without_asides(asked))  # "(not staff)" is no side
        kinds = kinds_befallen(asked, self.thing_kinds, self.denials.event_roots)
        best = {
            account: [
                unit
                for unit in best_units(asked, hits, keep=keep, also=also)
                if not self.timing.contradicts(timed, unit.text)
                and names_each_kind(told(unit), kinds)
            ]
            for account, hits in by_account.items()
        }
        if best_only:
            best = {a: units[:1] for a, units in best.items()}
        grounded: dict[str, Unit | Denied] = {
            account: found
            for account, units in best.items()
            if (
                found := grounded_unit(
                    units,
                    wanted,
                    pairs,
                    self.denials,
                    denied,
                    happened,
                    denied_words,
                    senses,
                    self.trade_roots,
                )
            )
            is not None
            and not self.sides.other_than(side, told(found))
        }
        done = said_done(asked)
        if done and not denied and not self.denials.asks_undoing(asked):
            grounded = {
                account: self._unless_undone(found, by_account[account], done)
                for account, found in grounded.items()
            }
        return grounded, bool(pairs or happened)

    def _unless_undone(
        self, found: Unit | Denied, hits: list[PassageHit], done: set[str]
    ) -> Unit | Denied:
        """``found``, or `Denied` when a passage of the same account, no older than it, says
        the happening it tells was taken back ("the cancellation was rescinded"): the account's
        latest word on it is that it did not hold. ``done``: the roots of the question's words
        saying a thing was done ("cancelled"), whose outcome a taking back changes; a question
        naming the happening as a thing ("a cancel notice") asks about the record of it, which
        stays."""
        if isinstance(found, Denied):
            return found
        happened = set(root_words(found.text)) & done & self.denials.event_roots
        if not happened:
            return found
        since = found.hit.date
        for hit in hits:
            if since is not None and hit.date is not None and hit.date < since:
                continue
            if self.denials.undoes(hit.text, happened):
                return Denied(found)
        return found

    async def _said_of(self, session: ToolSession, words: str) -> frozenset[str]:
        """The accounts whose files say what ``words`` name happened (not that it did not), by
        each account's best sentence for those very words: an account is left out of an answer
        only on close evidence ("the client refused" is no carrier declining)."""
        if not words:
            return frozenset()
        grounded, _ = await self._grounded(session, words, best_only=True)
        return frozenset(a for a, found in grounded.items() if not isinstance(found, Denied))

    def _said_alike(self, asked: str, senses: frozenset[str] = frozenset()) -> str:
        """The other words of the happenings ``asked`` names, as the files may write them
        ("theft": "stolen burglary robbed ..."), for the passage search to find them too; not
        for a word asked in its other sense (``senses``: "break" of "break-ins")."""
        said = term_set(asked)
        alike = same_happening(in_one_sense(said, senses), self.event_groups)
        alike |= verb_forms_of_nouns(asked)
        return " ".join(sorted(alike - said))

    async def _evidence(
        self, session: ToolSession, accounts: list[AccountPayload], draft: Draft
    ) -> list[str]:
        lines: list[str] = []
        for account in accounts:
            if len(lines) >= SOURCES_TO_READ or not session.can_call(READ_FILE):
                break
            card = self.catalog.get(account.account_id)
            if card is None or not card.sources:
                continue
            path = card.sources[-1]
            result = await session.call(READ_FILE, ReadFileInput(path=path))
            if result is None or result.text is None:
                continue
            body = said_lines(path, result.text)
            if body:
                draft.cite(path)
                lines.append(
                    f"- {account.account_name}, latest: {quote(body[0])} ({where(body[0])})"
                )
        if lines:
            lines.insert(0, "Latest communication of the first accounts listed:")
        return lines


def without_asides(question: str) -> str:
    """``question`` without its asides leaving something out ("? not customers"): read as the
    words of what is asked, their words would be searched for, and "not" is dropped as an
    adverb, so the aside could no longer be told."""
    return LEFT_OUT_ASIDE.sub(" ", question)


def without_adverbs(text: str) -> str:
    """``text`` without the words that can only be adverbs ("really", "suddenly",
    "recently"): how or when something was said, which the files write in other words or not
    at all, is no word of what it says."""
    return " ".join(word for word in text.split() if not only_an_adverb(word))


def told(found: Unit | Denied) -> str:
    """What a grounded sentence tells, with the reply to it: "one of my installers fell" names
    only the business's own people (``Sides``)."""
    unit = found.unit if isinstance(found, Denied) else found
    return f"{unit.text} {answer_to(unit)}"


def kinds_befallen(
    asked: str,
    kinds: tuple[tuple[frozenset[str], frozenset[str]], ...],
    event_roots: frozenset[str],
) -> list[frozenset[str]]:
    """The kinds of things the question names right beside a word of what happened to them
    ("vehicle crashes", "boat damage"), each as the stems of its own words and its members'
    ("vehicle", "truck", "van" ...): what happened, happened to one of those. A member named so
    ("trucks in an accident") is itself the thing it happened to: a drone's crash is none."""
    pairs = [pair for pair in word_pairs(asked) if pair & event_roots]
    beside_events = {  # members by stem: by its root, "care" would name a car
        word for pair in stem_pairs(asked) if roots(set(pair)) & event_roots for word in pair
    }
    befallen: list[frozenset[str]] = []
    for kind, members in kinds:
        if any(pair & roots(set(kind)) for pair in pairs):
            befallen.append(kind | members)
            continue
        named = members & beside_events
        if named:
            befallen.append(frozenset(named))
    return befallen


def names_each_kind(text: str, kinds: list[frozenset[str]]) -> bool:
    """``text`` names each kind of thing the question names, by its own word or a member's: a
    vehicle crash is told by "the pump truck crashed", not by "a guest broke her wrist"."""
    said = term_set(text)
    return all(kind & said for kind in kinds)


def in_one_sense(wanted: set[str], senses: frozenset[str]) -> set[str]:
    """The words of ``wanted`` (stems) the question does not say in their other sense."""
    return {word for word in wanted if word_root(word) not in senses}


def same_happening(wanted: set[str], groups: tuple[frozenset[str], ...]) -> set[str]:
    """The words naming the happenings ``wanted`` names ("theft" -> "stolen", "burglary"), in
    any of their forms ("turn down" names the row of "turned", "steal" that of "stolen")."""
    asked = roots(wanted)
    return {word for group in groups if roots(set(group)) & asked for word in group}


def members_of(
    wanted: set[str], kinds: tuple[tuple[frozenset[str], frozenset[str]], ...]
) -> set[str]:
    """The members of the kinds of things ``wanted`` names ("vehicle" -> "car", "truck"), all
    as stems: a sentence naming one names what the question asks about."""
    found: set[str] = set()
    for kind, members in kinds:
        if kind & wanted:
            found |= members
    return found


def stemmed_rows(
    rows: tuple[tuple[frozenset[str], frozenset[str]], ...],
) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """Rows of "Things of a kind" with every word as ``stem`` cuts it, as ``members_of`` reads
    them."""
    return tuple(
        (frozenset(map(stem, kind)), frozenset(map(stem, members))) for kind, members in rows
    )


def happenings(
    wanted: set[str], pairs: set[frozenset[str]], events: frozenset[str]
) -> frozenset[str]:
    """The roots of the words of what happened an account's sentence must say, or else tell
    something that happened (a past verb and when), when the question names what happened.
    Beside a thing named in two words ("a general liability claim": the pair names the line,
    the claim is what happened on it), a word of anything that happened (``events``, their
    stems): not the pair named alone ("our GL renews in June"). Otherwise a word of the
    happenings asked about (``wanted`` holds their other words already): "vehicle accidents"
    is not told by "Vehicles?" then "Five trucks", nor a carrier declining by "both carriers
    quoted"."""
    happened = roots(wanted & events)
    if happened and pairs and not any(pair & happened for pair in pairs):
        return frozenset(roots(set(events)))
    return frozenset(happened)


def fields_said(keys: tuple[str, ...]) -> str:
    """State.md keys as a question says them ("primary contact or location")."""
    return " or ".join(key.replace("_", " ") for key in keys)


def no_change_recorded(keys: tuple[str, ...]) -> str:
    """The answer when no account's history.md records a change of ``keys``."""
    return f"No account's history records a change of its {fields_said(keys)}."


def said_lines(path: str, text: str) -> list[Passage]:
    """The passages of a raw file that say something: not its headers, not a greeting or a
    sign-off on its own ("Morning Kyle,", "Danny, Shelly -"), not a line of a few words."""
    return [p for p in passages(path, text) if says_something(p) and not greets(p.text)]


@dataclass(frozen=True)
class Denied:
    """An account whose best sentence for the question says it did not happen ("Claims?" then
    "None in ten years"): no mention of it, though its files speak of it."""

    unit: Unit


def grounded_unit(
    units: list[Unit],
    wanted: set[str],
    pairs: set[frozenset[str]],
    denials: Denials | None = None,
    denied: bool = False,
    happened: frozenset[str] = frozenset(),
    denied_words: frozenset[str] = frozenset(),
    senses: frozenset[str] = frozenset(),
    trade: frozenset[str] = frozenset(),
) -> Unit | Denied | None:
    """The best of an account's sentences that says what was asked: it shares a word with the
    question, and when the question's neighbouring words are written side by side in the files
    ("loss runs", a person's full name), it writes one such pair too: "a total loss" is no
    mention of loss runs. Words match by their roots: "declined" says "decline", and a line of
    coverage in any of its forms ("CGL" says "general liability"). With ``happened`` (see
    ``happenings``), the sentence or its reply must also say or tell what happened (a list or
    a note: on a line naming the thing asked about). With
    ``denials``, the sentence must also say it happened (or, when ``denied``, the question asks
    what never happened, that it did not): a best sentence saying otherwise is `Denied`. A
    sentence sharing only words of the trade (``trade``: roots, "quote", "carrier") with a
    question that says more does not say it: every account's files say those."""
    asked = roots(wanted)
    events = denials.event_roots if denials is not None else frozenset()
    plain = Denials(frozenset()) if denials is None else denials  # "broken out" breaks nothing
    for unit in units:
        if greets(unit.text):
            continue
        text = plain.in_its_sense(unit.text, senses)
        shared = asked & words_said(text, asked, events)
        if not shared or (shared <= trade and asked - trade):
            continue  # only "quote" shared with "mulling the quote over the holiday"
        if pairs and not pairs & word_pairs(unit.text):
            continue
        reply = answer_to(unit)
        told_here = CONDITION.sub(
            " ", f"{lines_saying(text, asked)} {plain.in_its_sense(reply, senses)}"
        )
        told = words_said(told_here, asked, events) if happened else set()
        if happened and not (happened & told or narrates(told_here)):
            continue  # the thing named alone ("our GL renews in June"), not what befell it
        denial_of = (denied_words or wanted) if denied else wanted
        if denials is not None and denials.denies(unit.text, reply, denial_of, denied) != denied:
            if denied:
                continue  # what never happened may be said further down
            return Denied(unit)
        return unit
    return None


def words_said(text: str, asked: set[str], event_roots: frozenset[str]) -> set[str]:
    """The roots of ``text``'s words (a line of coverage in any form as its full name), without
    a word of what happened (``event_roots``) that only stands in the name of a line the
    question does not name (``asked``: its roots): "physical damage" is a line of coverage, no
    damage done."""
    said = set(root_words(lines_written_out(text)))
    in_lines: set[str] = set()
    for line in lines_in(text):
        named = set(root_words(line))
        if not named <= asked:
            in_lines |= named & event_roots
    if not in_lines:
        return said
    return said - (in_lines - set(root_words(without_lines(text))))


CONDITION = re.compile(r"\b(?:if|unless|whether|in case)\b[^.?!;\n]*", re.I)
"""A clause of what would follow if something happened ("a lawsuit if one of them gets hurt"):
no telling that it did."""


def lines_saying(text: str, asked: set[str]) -> str:
    """The lines of ``text`` that say a word of ``asked`` (its roots): what a list or a note
    tells of the thing asked about is on the line naming it ("2. vehicle list w/ VINs" tells
    no accident, though the list's other lines have dates and past verbs)."""
    if "\n" not in text:
        return text  # one line: the sentence itself
    lines = [line for line in text.splitlines() if asked & set(root_words(lines_written_out(line)))]
    return "\n".join(lines) if lines else text


TIME_WORDS = frozenset(
    roots({"now", "currently", "recently", "lately", "ago", "day", "week", "month", "year"})
)
"""Words of when (their roots), besides dates: "right now", "two weeks" name no thing."""


def _names_a_time_or_count(word: str) -> bool:
    return word in TIME_WORDS or has_date(word) or holds("count", word)


def side_by_side(asked: str, hits: list[PassageHit]) -> set[frozenset[str]]:
    """Pairs of neighbouring words of the question (stop words aside) that the files of two
    accounts or more also write next to each other, in either order and within one clause:
    one thing named in two words ("loss runs", "the hail claim" for a claim from the hail),
    not a chance meeting of words in one file."""
    pairs = word_pairs(asked) - done_to(asked)
    holders: dict[frozenset[str], set[str]] = {}
    for hit in hits:
        for pair in pairs & word_pairs(hit.text):
            holders.setdefault(pair, set()).add(hit.account_id)
    return {pair for pair, accounts in holders.items() if len(accounts) >= PAIR_HOLDERS}


async def _read_if_budget(session: ToolSession, path: str) -> bool:
    return (path in session.log.read or session.can_call(READ_FILE)) and await read_to_cite(
        session, path
    )


def ranked(accounts: list[AccountPayload], rank: PremiumRank) -> list[AccountPayload]:
    """The accounts with a premium, ordered as ``rank`` asks and cut to its size."""
    priced = [a for a in accounts if a.premium is not None]
    priced.sort(key=lambda a: a.premium or 0.0, reverse=rank.highest_first)
    return priced[: rank.most]


def premium_total_line(accounts: list[AccountPayload]) -> str:
    """What the listed accounts' premiums (state.md) add up to, and how many have none."""
    priced = [a.premium for a in accounts if a.premium is not None]
    total = money(sum(priced)) or "$0"
    missing = len(accounts) - len(priced)
    unpriced = f"; {missing} of them have no premium on file" if missing else ""
    noun = "account" if len(priced) == 1 else "accounts"
    return f"Total premium of the {len(priced)} {noun} with one: {total}{unpriced}."


def _days(account: AccountPayload, today: date) -> int:
    return (today - account.last_contact).days if account.last_contact else 10_000


def _keeps(account: AccountPayload, query: ListingQuery, today: date) -> bool:
    days = _days(account, today)
    if query.staff and account.account_id not in query.staff_accounts:
        return False
    groups = query.line_groups or tuple((line,) for line in query.filters.insurance_type or [])
    held = account.insurance_types
    if query.every_line and not all(any(form in held for form in group) for group in groups):
        return False
    if any(line in account.insurance_types for line in query.without_lines):
        return False
    if account.state is not None and account.state.upper() in query.without_states:
        return False
    if query.quiet_days is not None and days < query.quiet_days:
        return False
    if not _within(account.premium, query.premium_over, query.premium_under):
        return False
    if query.follow_up and query.quiet_days is None:
        rule = FOLLOW_UP_RULES.get(canonical_stage(account.stage))
        return rule is not None and rule.after_days is not None and days >= rule.after_days
    return True


def money(amount: float | None) -> str | None:
    """ "$16,000" (cents only when there are some)."""
    if amount is None:
        return None
    return f"${amount:,.0f}" if float(amount).is_integer() else f"${amount:,.2f}"


def _within(premium: float | None, over: float | None, under: float | None) -> bool:
    if over is None and under is None:
        return True
    return (
        premium is not None
        and (over is None or premium > over)
        and (under is None or premium < under)
    )


def _row(number: int, account: AccountPayload, today: date, detailed: bool) -> str:
    parts = [account.stage]
    if account.location:
        parts.append(account.location)
    if detailed and account.industry:
        parts.append(account.industry)
    if detailed and account.insurance_types:
        parts.append(", ".join(account.insurance_types))
    premium = money(account.premium)
    if detailed and premium:
        parts.append(f"premium {premium}")
    if account.last_contact:
        parts.append(f"last contact {account.last_contact} ({_days(account, today)} days ago)")
    return f"{number}. {account.account_name} (account {account.account_id}): " + "; ".join(parts)


def _cited_rows(accounts: list[AccountPayload], today: date, draft: Draft) -> list[str]:
    """A detailed row for each account, in the order given, each citing its state.md."""
    for account in accounts:
        draft.cite(f"accounts/{account.account_id}/state.md")
    return [_row(n, a, today, True) for n, a in enumerate(accounts, start=1)]


def nothing_matches(query: ListingQuery) -> str:
    """The head of a listing no account fits: "No account matches (what it asked)."."""
    return _title(query.filters, query, 0)


def _title(
    filters: DescriptionFilters, query: ListingQuery, count: int, matched: int | None = None
) -> str:
    said = []
    for name, values in filters.model_dump(exclude_none=True).items():
        said.append(f"{name.replace('_', ' ')} {' or '.join(str(v) for v in values)}")
    if query.staff:
        said.append(f"handled by {' or '.join(query.staff)}")
    what = "; ".join(said) or "every account"
    if query.follow_up:
        what += "; due for follow-up"
    if query.quiet_days is not None:
        what += f"; no contact for {query.quiet_days}+ days"
    if query.premium_over is not None:
        what += f"; premium over {money(query.premium_over)}"
    if query.premium_under is not None:
        what += f"; premium under {money(query.premium_under)}"
    if query.owed:
        what += "; a pending action of ours"
    if query.without_lines:
        what += f"; without {' or '.join(query.without_lines)}"
    if query.without_states:
        what += f"; not in {' or '.join(query.without_states)}"
    if query.every_line:
        what = what.replace(" or ", " and ")
    if count == 0:
        return f"No account matches ({what})."
    if query.rank is not None:
        order = "highest" if query.rank.highest_first else "lowest"
        return (
            f"The {count} of {matched or count} matching accounts with the {order} premiums, "
            f"{order} first ({what}):"
        )
    noun = "account matches" if count == 1 else "accounts match"
    return f"{count} {noun} ({what}):"
