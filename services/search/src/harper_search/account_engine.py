"""The local engine for a question about one account (levels 1 and 2).

Reads state.md, lists the account's sources, ranks them against the question (search_files on
the topic's words when there are more sources than reads left), reads the best raw.txt files,
and answers extractively: for each field or topic asked, the sentences that answer it, quoted
verbatim, with their files.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from harper_common.memory.errors import HarperMemoryError
from harper_common.memory.history import parse_history
from harper_common.memory.models import AccountState
from harper_common.memory.people import AccountPerson
from harper_common.memory.source_order import id_stamp
from harper_common.memory.state import UNVERSIONED, parse_state
from harper_common.messages.index import PassageHit
from harper_search.answer_text import field_line, overview_line, quote, topic_lines, where
from harper_search.asked_by_examples import AskedByExamples
from harper_search.backing import field_support, resolved_later
from harper_search.carriers import carriers_named
from harper_search.draft import Draft
from harper_search.line_hit import LineHit
from harper_search.number_words import figures_in_words
from harper_search.passage_answers import (
    Unit,
    answer_to,
    asked_kinds,
    aware,
    best_units,
    holds,
    is_question,
    roots,
)
from harper_search.passages import Passage, passages, sent_at
from harper_search.people import asked_person, introduce
from harper_search.question_cues import (
    FIRST,
    RECEIVED,
    SAID,
    asked_channel,
    without_name,
    without_short_name,
)
from harper_search.ranking import findings
from harper_search.run_log import raw_of
from harper_search.session import ToolSession
from harper_search.spelling import correct_cues
from harper_search.staff import name_parts, staff_of
from harper_search.state_extras import ExtraField, asked_extras
from harper_search.state_fields import (
    ALL_FIELDS,
    ENDS_ON_NUMBER,
    STATE_FIELDS,
    StateField,
    asked_fields,
    asks_contact_attribute,
    names_contact,
)
from harper_search.state_people import people_asked, person_label, person_value
from harper_search.terms import STOP_WORDS, stem, term_set
from harper_search.tool_specs import (
    LIST_FILES,
    READ_FILE,
    SEARCH_FILES,
    ListFilesInput,
    ReadFileInput,
    SearchFilesInput,
)
from harper_search.topics import RECORDED_AS, Topic, asked_topics

_HISTORY_FIELDS = {"stage", "premium"}
PASSAGE_HITS = 16
ANSWER_SHARES = 2
"""Words of a question a later passage must share to be read as its answer."""
SUMMARY_REACH = 8
"""Summaries among this many first hits are followed to their raw file (see _raw_for_summaries)."""
SUMMARIES_FOLLOWED = 2
RAW_PER_SUMMARY = 1
NAMELESS_TERMS = 3
"""A person's name leaves the passage query only when this many other terms remain ("what did
Ana and Raj agree" keeps its names: without them nothing is left to search for), or one does
and the person speaks in most of the account's files (their name finds every file alike)."""
REGULAR_SHARE = 0.5
"""The share of an account's files read a person speaks in for them to be one of its regulars."""


def regulars(found: Sequence[Passage]) -> set[str]:
    """First names (lower case) of the people who speak in at least ``REGULAR_SHARE`` of the
    files read, and in two of them at least: the client and broker who write every email."""
    files = {p.path for p in found}
    spoken: dict[str, set[str]] = {}
    for passage in found:
        if passage.speaker:
            spoken.setdefault(passage.speaker.split()[0].lower(), set()).add(passage.path)
    return {
        name
        for name, paths in spoken.items()
        if len(paths) >= 2 and len(paths) >= REGULAR_SHARE * len(files)
    }


_SOURCE_LINE = re.compile(r"sources/(?:emails|calls|sms)/[a-z0-9_-]+/raw\.txt")
_OVERVIEW = ("stage", "premium", "coverage", "contact", "next_step", "last_contact")
_LATEST_FIELDS = frozenset({"next_step", "last_contact"})


_POINTING = frozenset(("the", "that", "this", "our", "their", "your", "my"))
KIND_NOUNS = term_set("shop place company business firm outfit store office guys folks crew team")
"""Words that name any business ("the print shop", "the storage place"): part of how a
question points at the account, whatever its industry."""


CARRIER_NUMBER = re.compile(r"\bnumbers?\b(?!\s+of\b)", re.IGNORECASE)
"""'number' not counting something ("number of trucks"): said of a carrier, its quote."""


def both_ways(shorthand: Sequence[tuple[str, tuple[str, ...]]]) -> dict[str, tuple[str, ...]]:
    """Each short form's fuller forms, and each one-word fuller form's short forms: a client who
    writes "2500 ded" is found by a question about the deductible, and the other way round."""
    forms: dict[str, list[str]] = {}
    for short, also in shorthand:
        forms.setdefault(short.lower(), []).extend(also)
        for full in also:
            if " " not in full.strip():
                forms.setdefault(full.lower(), []).append(short)
    return {word: tuple(dict.fromkeys(found)) for word, found in forms.items()}


def _other_forms(query: str, shorthand: dict[str, tuple[str, ...]]) -> list[str]:
    """The other forms of the query's trade words, in the order said (repeats kept)."""
    words = re.findall(r"[\w-]+", query.lower())
    return [form for word in words for form in shorthand.get(word, ())]


def short_and_full_forms(query: str, shorthand: dict[str, tuple[str, ...]]) -> str:
    """The other forms of the query's trade words (``both_ways``), as one text."""
    return " ".join(dict.fromkeys(_other_forms(query, shorthand)))


def with_full_forms(query: str, shorthand: dict[str, tuple[str, ...]]) -> str:
    """The query with the fuller forms of its trade words added, so the files find what they
    write out either way: a short word's ("needs a cert" also asks "certificate" and "COI"),
    and a carrier's "number", which is its quote."""
    added = _other_forms(query, shorthand)
    if carriers_named(query) and CARRIER_NUMBER.search(query):
        added.append("quote")
    return " ".join([query, *dict.fromkeys(added)]) if added else query


MORE_THAN_FIELDS = 2
"""Words a question says beyond the fields it asks for which make the files worth reading too."""
_ASKING = frozenset(
    "what whats whatd how hows when whens where wheres whered who whos whod why which".split()
)


def words_beyond(
    question: str, fields: Sequence[StateField], extras: Sequence[ExtraField]
) -> set[str]:
    """The terms of the question that none of the asked fields (or extra fields) reads. A
    field's words that span a stretch ("where ... at") read its two ends, not what is between:
    "where'd the guest fall at the pool" asks where she fell, not the stage."""
    rest = question
    for field in fields:
        rest = field.asks.sub(_ends_only, rest)
    said = {stem(w.replace("'", "").replace("\u2019", "")) for w in term_set(rest)}
    named = set().union(*(term_set(f"{e.key.replace('_', ' ')} {e.label}") for e in extras))
    return {w for w in said - named - _ASKING if len(w) > 1 and not w.isdigit()}


ROLE_ASKED = re.compile(r"\bwho(?:'s| is| are|s)? (?:the|their|our) ([a-z][a-z-]*)", re.IGNORECASE)
"""A question for the person in a role ("who is the dispatcher")."""
CONTACT_ROLES = frozenset(
    "contact owner owners person guy gal boss main primary best right go-to decision poc".split()
)
"""Roles the primary contact answers ("who is their main person", "who is the boss there")."""


def role_beyond_state(question: str, state: AccountState | None, fields: list[StateField]) -> bool:
    """Whether the question asks for a person by a role ("who is the dispatcher") that is not
    the primary contact's and that no person of state.md holds: the files may name them."""
    found = ROLE_ASKED.search(question)
    if found is None or not any(f.name == "contact" for f in fields):
        return False
    role = found.group(1).lower()
    if role in CONTACT_ROLES or role in STOP_WORDS:
        return False
    return state is None or not people_asked(question, state)


def answered_kinds(fields: Sequence[StateField]) -> set[str]:
    """The kinds of answer the asked fields give (``StateField.answers``)."""
    return set().union(*(f.answers for f in fields))


SPAN_WORDS = 3
"""A field's match longer than this many words spans free words between its ends."""


def _ends_only(match: re.Match[str]) -> str:
    said = match.group(0).split()
    return " " if len(said) <= SPAN_WORDS else f" {' '.join(said[1:-1])} "


def carrier_number_is_no_phone(fields: list[StateField], question: str) -> list[StateField]:
    """The fields asked, without the contact when "number" goes with a carrier the question
    names ("the number Travelers gave us"): a carrier's number is its quote, not a
    phone. The contact stays when another word of the question asks it."""
    if not (carriers_named(question) and CARRIER_NUMBER.search(question)):
        return fields
    rest = CARRIER_NUMBER.sub(" ", question)
    return [f for f in fields if f.name != "contact" or f.asks.search(rest)]


def referring_phrase(question: str, describes: str) -> str:
    """The words after "the" (or "that", "our", ...) that all describe the account ("the bike
    shop", "that body shop in Wichita"): how the question names it, not what it asks. Words
    said elsewhere ("how much of the work is in schools") are kept out. The first such phrase,
    or "" when there is none."""
    own = term_set(describes)
    mine = own | KIND_NOUNS
    tokens = question.split()
    for index, token in enumerate(tokens[:-1]):
        if token.lower() not in _POINTING:
            continue
        run: list[str] = []
        for word in tokens[index + 1 :]:
            terms = term_set(word)
            if terms and terms <= mine:
                run.append(word)
            elif word.lower() in ("in", "at", "of") and run:
                run.append(word)  # "the bakery in Fresno"
            else:
                break
        while run and run[-1].lower() in ("in", "at", "of"):
            run.pop()
        if any(term_set(word) & own for word in run):  # not just "the office"
            return " ".join(run)
    return ""


@dataclass(frozen=True)
class _Asked:
    """What a question asks of one account."""

    text: str
    """The question without the account's name, cue words' typos corrected."""
    fields: list[StateField]
    topics: list[Topic]
    state: AccountState | None
    overview: bool
    """Neither a field nor a topic: the account's overview."""
    channel: str | None
    """emails, calls or sms when the question names one."""
    first: bool
    """The first message is wanted, not the newest."""
    extras: list[ExtraField]
    """Fields of state.md beyond the format's own that the question names by their key."""
    people: list[AccountPerson]
    """People of state.md asked for by name or role, in place of the primary contact."""
    person: str | None
    """The name a "who is ..." question asks about (``people.asked_person``)."""
    reads_files: bool = False
    """The files are read besides the fields: the fields were read from the question's closest
    labelled examples (no word of it names them), or the question says more than they answer
    (``words_beyond``, ``answered_kinds``)."""


@dataclass(frozen=True)
class _Reading:
    """What was read for the question."""

    sources: list[str]
    backing: dict[str, str]
    summaries: dict[str, str]
    read: dict[str, str]
    found: list[Passage]


class AccountEngine:
    def __init__(
        self,
        known_word: Callable[[str], bool] | None = None,
        shorthand: Sequence[tuple[str, tuple[str, ...]]] = (),
        by_examples: AskedByExamples | None = None,
    ) -> None:
        self.known_word = known_word
        """Says a word occurs in the memory's text: such a word is never read as a typo."""
        self.shorthand = both_ways(shorthand)
        """Words of the trade cut short ("cert") and their fuller forms, for the passage query;
        a fuller form of one word finds its short form too ("deductible": "ded")."""
        self.by_examples = by_examples
        """Reads the field a question asks by labelled examples when its words name none."""

    async def answer(
        self,
        session: ToolSession,
        account_id: str,
        account_name: str,
        question: str,
        describes: str = "",
    ) -> Draft:
        """Read what the question asks of the account, then answer from what was read.

        ``describes``: what the account is (industry, city). A question may refer to the
        account by it ("the bike shop"); those words, like its name, say nothing about which of
        its files answers, so the passage search sets that phrase aside."""
        draft = Draft(answer="", account_id=account_id, account_name=account_name)
        base = f"accounts/{account_id}"
        asked = await self._what_is_asked(session, base, draft, question, account_name)
        reading = await self._gather(session, base, draft, asked, question)
        lines = [f"{asked.state.name if asked.state else account_name} (account {account_id}):"]
        lines += self._field_and_topic_lines(draft, asked, reading, question, account_name)
        lines += self._latest_lines(draft, asked, reading)
        if asked.overview:
            lines += self._related(draft, reading.found, _question_terms(question, account_name))
        if asked.topics or asked.overview or asked.reads_files:
            referring = referring_phrase(asked.text, f"{account_name} {describes}")
            people = {p.speaker.split()[0].lower() for p in reading.found if p.speaker}
            said = await self._from_passages(
                session,
                draft,
                base,
                asked.text,
                account_name,
                referring,
                people,
                regulars(reading.found),
            )
            if asked.fields and not asked.overview:
                lines += said  # the field asked for answers first; the passages support it
            else:
                lines[1:1] = said
        if asked.person is not None and (asked.overview or asked.people):
            known = bool(asked.people)
            lines[1:1] = self._introduction(draft, asked.person, reading, known=known)
        if not any(path in reading.read for path in draft.citations):
            draft.cite(*list(reading.read)[:2])
        if len(reading.read) < len(reading.sources):
            draft.notes.append(
                f"Read {len(reading.read)} of the {len(reading.sources)} sources on file."
            )
        draft.answer = "\n".join(lines)
        return draft

    def _introduction(
        self, draft: Draft, name: str, reading: _Reading, known: bool = False
    ) -> list[str]:
        """Who a person of the account's files is: how they sign, what they first said.
        ``known``: state.md names them (and says so in its own line)."""
        met = introduce(name, reading.read, reading.found)
        if met is None:
            return [] if known else [f"- No one named {name} is in the files read."]
        lines: list[str] = []
        if met.signature:
            draft.cite(met.path)
            signed = ", ".join(f'"{line}"' for line in met.signature)  # each quoted as written
            lines.append(f"- {met.name}: {signed} (as signed in {met.path})")
        if met.first_said is not None and not met.signature:  # a caller or texter
            draft.cite(met.first_said.path)
            lines.append(f"- {met.name} wrote: {quote(met.first_said)} ({where(met.first_said)})")
        return lines

    async def _what_is_asked(
        self, session: ToolSession, base: str, draft: Draft, question: str, account_name: str
    ) -> _Asked:
        """The fields, extra fields and topics the question asks about (an overview when none),
        with state.md read."""
        text = correct_cues(without_name(question, account_name), self.known_word)
        bare = without_short_name(text, account_name)  # "where is sonoran pool": the place
        fields = asked_fields(bare)
        topics = asked_topics(bare)
        if any(t.name == "current_carrier" for t in topics):
            # "who has their coverage now", "who is the current carrier": the carrier, not the
            # lines of coverage nor the contact a bare "who is" would ask for
            fields = [f for f in fields if f.name not in ("coverage", "contact")]
        fields = carrier_number_is_no_phone(fields, bare)
        state = await self._state(session, base, draft)  # its extra fields may be asked too
        numbered = not fields and ENDS_ON_NUMBER.search(bare)
        if numbered and state is not None and names_contact(question, state):
            fields = [f for f in STATE_FIELDS if f.name == "contact"]
        person = asked_person(question)
        named = bool(numbered) or person is not None
        people, fields = self._people(bare, fields, named, state)
        extras = self._extras(bare, topics, state)
        reads_files = False
        if not fields and not topics and not extras and not people:
            fields, extras = await self._asked_by_examples(bare, state)
            people, fields = self._people(bare, fields, named, state)
            reads_files = bool(fields or extras)
        if not people and role_beyond_state(bare, state, fields):
            reads_files = True  # "who is the dispatcher": state.md names no such person
        overview = not fields and not topics and not extras and not people
        if overview:
            fields = [f for f in STATE_FIELDS if f.name in _OVERVIEW]
        elif not topics and not reads_files:
            # "how far is the kiln from the building": "how far" reads as the stage, but the
            # question says more than a field of state.md can answer; the files are read too
            beyond = len(words_beyond(bare, fields, extras)) >= MORE_THAN_FIELDS
            reads_files = beyond or bool(asked_kinds(bare) - answered_kinds(fields))
        channel = None if asks_contact_attribute(bare) else asked_channel(bare)
        first = FIRST.search(bare) is not None
        return _Asked(
            text,
            fields,
            topics,
            state,
            overview,
            channel,
            first,
            extras,
            people,
            person,
            reads_files=reads_files,
        )

    async def _asked_by_examples(
        self, bare: str, state: AccountState | None
    ) -> tuple[list[StateField], list[ExtraField]]:
        """The field the question's closest examples ask: one of state.md's own, or an extra
        key this state.md has; nothing when the examples say to read it as usual."""
        field = await self.by_examples.field_of(bare) if self.by_examples else None
        if field is None:
            return [], []
        own = [f for f in ALL_FIELDS if f.name == field]
        if own or state is None or not state.extra:
            return own, []
        return [], asked_extras(field.replace("_", " "), state.extra)

    @staticmethod
    def _people(
        text: str, fields: list[StateField], named: bool, state: AccountState | None
    ) -> tuple[list[AccountPerson], list[StateField]]:
        """The people of state.md a question about a contact asks for ("ana ortiz phone",
        "who is the bookkeeper"), when one of them is not the primary contact, and the fields
        left to answer (the primary contact's field is not, when they are). ``named``: the
        question ends on a number or asks who someone is."""
        if state is None:
            return [], fields
        about_a_contact = any(f.name == "contact" for f in fields) or named
        people = people_asked(text, state) if about_a_contact else []
        if not any(not p.primary for p in people):
            return [], fields
        return people, [f for f in fields if f.name != "contact"]

    @staticmethod
    def _extras(text: str, topics: list[Topic], state: AccountState | None) -> list[ExtraField]:
        """Extra fields of state.md the question names by their key, or that a topic it asks
        about names ("who are they with now" asks the current carrier: a ``current_carrier``)."""
        if state is None or not state.extra:
            return []
        found = asked_extras(text, state.extra)
        for topic in topics:
            found += asked_extras(topic.name.replace("_", " "), state.extra)
        return list({field.key: field for field in found}.values())

    async def _gather(
        self, session: ToolSession, base: str, draft: Draft, asked: _Asked, question: str
    ) -> _Reading:
        """The sources on file, the ones history names for the fields, and the files read in
        the order that best serves the question (the asked channel first)."""
        sources = await self._sources(session, base)
        backing, summaries = await self._history_sources(session, base, asked.fields, draft)
        channel = asked.channel
        wanted = [p for p in sources if channel and f"/{channel}/" in p]
        sources_first = (list(reversed(wanted)) if asked.first else wanted) + [
            p for p in sources if p not in wanted
        ]
        order = await self._reading_order(
            session, base, question, asked.topics, sources_first, backing
        )
        read = await self._read(session, order)
        found = [p for path, text in read.items() for p in passages(path, text)]
        return _Reading(sources, backing, summaries, read, found)

    def _field_and_topic_lines(
        self, draft: Draft, asked: _Asked, reading: _Reading, question: str, account_name: str
    ) -> list[str]:
        def line_of(field: StateField) -> str:
            return self._field(
                draft, f"accounts/{draft.account_id}", asked.state, field, reading.found,
                reading.backing, reading.summaries,
            )  # fmt: skip

        lines = [line_of(field) for field in asked.fields]
        state_path = f"accounts/{draft.account_id}/state.md"
        for person in asked.people:
            draft.cite(state_path)
            lines.append(field_line(person_label(person), person_value(person), state_path, None))
        for extra in asked.extras:
            draft.cite(state_path)
            lines.append(field_line(extra.label, extra.value, state_path, None))
        terms = _question_terms(question, account_name)
        received = RECEIVED.search(asked.text) is not None
        ours = agency_people(asked.state)
        for topic in asked.topics:
            found = reading.found
            if topic.name in OTHER_SIDE_TOPICS:
                found = [p for p in found if not said_by_us(p, ours)]
            read = len(reading.read)
            lines += self._topic(draft, topic, found, terms, read, received, asked.first)
        if not asked.fields and not asked.people:
            lines += [line_of(field) for field in recorded_fields(asked.topics, asked.state)]
        return lines

    def _latest_lines(self, draft: Draft, asked: _Asked, reading: _Reading) -> list[str]:
        """The newest message (in the asked channel), when the question wants the latest."""
        latest = asked.overview or asked.channel or SAID.search(asked.text)
        if not (latest or any(f.name in _LATEST_FIELDS for f in asked.fields)):
            return []
        channel = asked.channel
        in_channel = [p for p in reading.read if channel is None or f"/{channel}/" in p]
        if not in_channel:
            return []
        newest = in_channel[-1] if asked.first else in_channel[0]
        state = asked.state
        contact = state.primary_contact.name if state and state.primary_contact else None
        body = [p for p in reading.found if p.path == newest]
        draft.cite(newest)
        return [overview_line(newest, body, contact)]

    async def _state(self, session: ToolSession, base: str, draft: Draft) -> AccountState | None:
        result = await session.call(READ_FILE, ReadFileInput(path=f"{base}/state.md"))
        if result is None or result.is_error or result.text is None:
            draft.notes.append(f"Could not read {base}/state.md.")
            return None
        try:
            return parse_state(
                result.text, f"{base}/state.md", missing_version=UNVERSIONED, lenient_stage=True
            )
        except HarperMemoryError as exc:
            draft.notes.append(f"state.md did not parse: {exc}")
            return None

    async def _sources(self, session: ToolSession, base: str) -> list[str]:
        """Raw files of every source, newest first (the tool lists them oldest first)."""
        result = await session.call(LIST_FILES, ListFilesInput(path=f"{base}/sources"))
        if result is None or result.is_error:
            return []
        found = [f"{entry.rstrip('/')}/raw.txt" for entry in result.entries if entry.endswith("/")]
        return found[::-1]

    async def _history_sources(
        self, session: ToolSession, base: str, fields: list[StateField], draft: Draft
    ) -> tuple[dict[str, str], dict[str, str]]:
        """Field -> the source its newest history entry names, and that entry's summary."""
        wanted = {f.name for f in fields} & _HISTORY_FIELDS
        if not wanted:
            return {}, {}
        result = await session.call(READ_FILE, ReadFileInput(path=f"{base}/history.md"))
        if result is None or result.is_error or result.text is None:
            return {}, {}
        try:
            history = parse_history(result.text, f"{base}/history.md")
        except HarperMemoryError:
            return {}, {}
        named: dict[str, str] = {}
        summaries: dict[str, str] = {}
        for entry in history.entries:
            source = next(
                (m.group(0) for d in entry.details for m in [_SOURCE_LINE.search(d.value)] if m),
                None,
            )
            for change in entry.changes:
                if change.field in wanted and source:
                    named[change.field] = f"{base}/{source}"
                    summaries[change.field] = entry.summary
        if named:
            draft.cite(f"{base}/history.md")
        return named, summaries

    async def _reading_order(
        self,
        session: ToolSession,
        base: str,
        question: str,
        topics: list[Topic],
        sources: list[str],
        backing: dict[str, str],
    ) -> list[str]:
        order = list(dict.fromkeys(p for p in backing.values() if p in sources))
        left = _reads_left(session)
        rest = [p for p in sources if p not in order]
        if topics and len(rest) > left - len(order):
            query = " ".join(dict.fromkeys(" ".join(t.search for t in topics).split()))
            result = await session.call(
                SEARCH_FILES, SearchFilesInput(query=query, path=f"{base}/sources", limit=60)
            )
            ranked = _files_by_hits(result.hits if result else [], topics)
            order += [p for p in ranked if p in rest]
        order += [p for p in rest if p not in order]
        return order

    async def _read(self, session: ToolSession, order: list[str]) -> dict[str, str]:
        """Read in order until the budget refuses (the refusal is noted for the answer)."""
        read: dict[str, str] = {}
        for path in order:
            result = await session.call(READ_FILE, ReadFileInput(path=path))
            if result is None:
                break
            if result.text is not None:
                read[path] = result.text
        return dict(sorted(read.items(), key=lambda item: _written(*item), reverse=True))

    def _field(
        self,
        draft: Draft,
        base: str,
        state: AccountState | None,
        field: StateField,
        found: list[Passage],
        backing: dict[str, str],
        summaries: dict[str, str],
    ) -> str:
        value = field.value(state) if state else None
        if state is not None:
            draft.cite(f"{base}/state.md")
        named = backing.get(field.name)
        support = field_support(field, state, found, named, summaries.get(field.name, ""))
        if support is not None:
            draft.cite(support.path)
        return field_line(field.label, value, f"{base}/state.md", support)

    async def _from_passages(
        self,
        session: ToolSession,
        draft: Draft,
        base: str,
        question: str,
        account_name: str,
        referring: str = "",
        people: set[str] | None = None,
        regular: set[str] | None = None,
    ) -> list[str]:
        """The sentences of the account's files that answer the question best, by the passage
        index's ranking and the kind of answer asked for (see passage_answers). The account's
        name and ``referring``, the phrase the question names it by, are set aside; so are the
        first names of ``people`` (who speak in the files read): "what did Luis say about the
        truck" asks for what Luis said, not for every line with "Luis" in it."""
        if not question.strip():
            return []
        query = without_name(question, referring) if referring else question
        named = {w for w in re.findall(r"[A-Za-z][\w-]*", query) if w.lower() in (people or ())}
        others = len(term_set(query)) - len(named)
        everywhere = {n.lower() for n in named} <= (regular or set())
        if named and (others >= NAMELESS_TERMS or (everywhere and others >= 1)):
            first_names = "|".join(re.escape(n) for n in named)
            query = re.sub(rf"\b(?:{first_names})(?:'s)?\b", " ", query, flags=re.IGNORECASE)
        query = query if term_set(query) else question
        query = with_full_forms(query, self.shorthand)
        own = f"{account_name} {referring} {' '.join(named)}"
        args = SearchFilesInput(query=query[:300], path=f"{base}/sources", limit=PASSAGE_HITS)
        result = await session.call(SEARCH_FILES, args)
        if result is None or result.is_error or not result.passages:
            return []
        raw = await self._raw_for_summaries(session, question, result.passages, own)
        lines: list[str] = []
        said_by = {n.lower() for n in named} if SAID.search(question) else set()
        also = short_and_full_forms(question, self.shorthand)  # "ded" shares "deductible"
        for unit in best_units(question, raw, ignore=own, said_by=said_by, also=also):
            hit = unit.hit
            if not await read_to_cite(session, hit.path):
                continue
            draft.cite(hit.path)
            source = raw_of(hit.path)
            if source != hit.path and await read_to_cite(session, source):
                draft.cite(source)  # a summary's sentence: the source it summarises is cited too
            said = f'"{unit.text}"'
            answer = answer_to(unit)
            if answer:
                said += f' then "{answer}"'
            unanswered = not answer and is_question(unit.text) and not lines
            reply = await self._answered_later(session, draft, base, unit) if unanswered else ""
            figures = figures_in_words(said)
            if figures:
                said += f" ({', '.join(figures)} in figures)"  # said in words on a call
            who = f"{hit.speaker}, " if hit.speaker and hit.kind != "message" else ""
            day = hit.date.date().isoformat() if hit.date else "undated"
            lines.append(f"- In the files: {said} ({who}{hit.channel} of {day}, {hit.path}){reply}")
            older = unit.was
            if older is not None and await read_to_cite(session, older.hit.path):
                draft.cite(older.hit.path)
                then = older.hit.date.date().isoformat() if older.hit.date else "earlier"
                lines.append(f'  (was: "{older.text}", {then}, {older.hit.path})')
        return lines

    async def _answered_later(
        self, session: ToolSession, draft: Draft, base: str, unit: Unit
    ) -> str:
        """Where a later source answers ``unit``, a question its own file leaves unanswered
        (an underwriter's question answered days later by text), that answer as it follows the
        quoted question (cited); else "". The answer is the best passage, by the index's
        ranking for the question's own words, that is no question, comes from another file
        written after it and shares at least ``ANSWER_SHARES`` of its words."""
        if unit.hit.date is None or _searches_left(session) < 1:
            return ""
        args = SearchFilesInput(query=unit.text[:300], path=f"{base}/sources", limit=8)
        result = await session.call(SEARCH_FILES, args)
        if result is None or result.is_error:
            return ""
        asked = roots(term_set(unit.text))
        for hit in result.passages:
            if (
                hit.date is not None
                and aware(hit.date) > aware(unit.hit.date)
                and raw_of(hit.path) != raw_of(unit.hit.path)
                and hit.channel != "summary"
                and not is_question(hit.text)
                and len(asked & roots(term_set(hit.text))) >= ANSWER_SHARES
                and await read_to_cite(session, hit.path)
            ):
                draft.cite(hit.path)
                day = hit.date.date().isoformat()
                return f'; answered later: "{hit.text}" ({hit.channel} of {day}, {hit.path})'
        return ""

    async def _raw_for_summaries(
        self, session: ToolSession, question: str, hits: list[PassageHit], ignore: str = ""
    ) -> list[PassageHit]:
        """The hits with the summaries among the first ones that answer best (their closest
        sentence scored like any answer) replaced by the passage of their raw file that says
        what that sentence says, moved up to the summary's place when it was further down: a
        summary often puts the answer in one sentence ("that is why they want cyber") that the
        raw file spreads over turns, but what is quoted is the raw file. Other summaries are
        dropped."""
        closest: dict[int, Unit] = {}
        for rank, hit in enumerate(hits[:SUMMARY_REACH]):
            units = best_units(question, [hit], 1, ignore) if hit.channel == "summary" else []
            if units:
                closest[rank] = replace(units[0], score=units[0].score + 1.5 / (1 + 0.5 * rank))
        ranked = sorted(closest, key=lambda rank: -closest[rank].score)
        followed = set(ranked[:SUMMARIES_FOLLOWED])
        kept: list[PassageHit] = []
        placed: set[tuple[str, int]] = set()
        for rank, hit in enumerate(hits):
            if hit.channel != "summary":
                if (hit.path, hit.line) not in placed:
                    placed.add((hit.path, hit.line))
                    kept.append(hit)
                continue
            if rank not in followed or _searches_left(session) < 1:
                continue
            folder = hit.path.rsplit("/", 1)[0]
            args = SearchFilesInput(query=closest[rank].text[:300], path=folder, limit=8)
            result = await session.call(SEARCH_FILES, args)
            found = result.passages if result is not None and not result.is_error else []
            sentence = closest[rank].text
            raws = closest_said(sentence, [h for h in found if h.path == f"{folder}/raw.txt"])
            for raw in raws:
                if (raw.path, raw.line) not in placed:
                    placed.add((raw.path, raw.line))
                    kept.append(raw)
            if _holds_what_is_asked(question, sentence) and not any(
                _says_alike(question, sentence, raw.text) for raw in raws
            ):
                # the source says it in words of its own (another language, figures written
                # out): the summary's sentence is kept, and quoted with the source cited
                kept.append(hit)
        return kept

    def _related(self, draft: Draft, found: list[Passage], asked: set[str]) -> list[str]:
        """For a question no field or topic covers: the passages sharing most of its words."""
        least = 1 if len(asked) <= 3 else 2
        scored = [(len(asked & term_set(p.text)), p) for p in found if p.position > 0]
        best = sorted((item for item in scored if item[0] >= least), key=lambda item: -item[0])[:2]
        for _, passage in best:
            draft.cite(passage.path)
        return [f"- Mentioned: {quote(p)} ({where(p)})" for _, p in best]

    def _topic(
        self,
        draft: Draft,
        topic: Topic,
        found: list[Passage],
        asked: set[str],
        read: int,
        received: bool,
        first: bool,
    ) -> list[str]:
        received = received and topic.name == "missing_document"
        answers = findings(topic, found, asked, received, first)
        for finding in answers:
            draft.cite(finding.passage.path)
        lines = topic_lines(topic.label, answers, read)
        later = None if received else resolved_later(topic, answers, found)
        if later is not None:
            draft.cite(later.path)
            lines.append(f"  - later: {quote(later)} ({where(later)})")
        return lines


def closest_said(sentence: str, raws: list[PassageHit]) -> list[PassageHit]:
    """The passages of a raw file (in the index's order) that say most of a summary's sentence
    in their own words, at most ``RAW_PER_SUMMARY``: a text message or a turn is found with its
    neighbours, so the index may rank a neighbour of the line first."""
    said = roots(term_set(sentence))
    return sorted(raws, key=lambda raw: -len(said & roots(term_set(raw.text))))[:RAW_PER_SUMMARY]


OTHER_SIDE_TOPICS = frozenset({"competitor"})
"""Topics only others tell of: our own people's words name no competitor (the broker saying
which markets we go to is no rival agency)."""


def agency_people(state: AccountState | None) -> set[str]:
    """The parts of the names of the agency's people on the account (state.md's broker and the
    like: "marcus.odom" -> marcus, odom)."""
    if state is None:
        return set()
    return set().union(*(name_parts(person) for person in staff_of(state.extra)))


def said_by_us(passage: Passage, ours: set[str]) -> bool:
    """The passage is spoken or written by one of the agency's people."""
    return bool(name_parts(passage.speaker or "") & ours)


SAID_ALIKE = 2
"""Words a raw passage shares with a summary's sentence (roots) to count as saying it, when the
sentence shares none with the question."""


def _holds_what_is_asked(question: str, sentence: str) -> bool:
    """Whether the sentence holds a value of the kind the question asks (any, when it asks
    for none in particular)."""
    valued = asked_kinds(question) & {"amount", "percent", "date", "count"}
    return not valued or any(holds(kind, sentence) for kind in valued)


def _says_alike(question: str, sentence: str, passage: str) -> bool:
    """Whether a raw passage says what a summary's sentence says: it has a word of the question
    that the sentence has too, or, for a question asking why or what happened (whose answer
    is told in other words than the question's) or one sharing no word with the sentence,
    enough of the sentence's words."""
    said = roots(term_set(sentence))
    held = roots(term_set(passage))
    asked = roots(term_set(question)) & said
    if asked and not asked_kinds(question) & {"reason", "event"}:
        return bool(asked & held)
    return len(said & held) >= SAID_ALIKE


async def read_to_cite(session: ToolSession, path: str) -> bool:
    """Whether ``path`` has been read in this run (reading it now if not): a passage found in
    the index is quoted only once its file, as it stands, has been read."""
    if path in session.log.read:
        return True
    result = await session.call(READ_FILE, ReadFileInput(path=path))
    return result is not None and result.text is not None


def _files_by_hits(hits: list[LineHit], topics: list[Topic]) -> list[str]:
    """Raw files ranked by their best hit (a summary.md hit counts for its raw.txt)."""
    scores: dict[str, float] = {}
    for hit in hits:
        raw = raw_of(hit.path)
        weight = hit.score + sum(
            1.0 for t in topics if t.says.search(hit.text) or (t.value and t.value.search(hit.text))
        )
        scores[raw] = max(scores.get(raw, 0.0), weight)
    return sorted(scores, key=lambda p: -scores[p])


def _question_terms(question: str, account_name: str) -> set[str]:
    return term_set(question) - term_set(account_name)


def _searches_left(session: ToolSession) -> int:
    limit = session.budget.per_tool.get(SEARCH_FILES, session.budget.total)
    return max(
        0,
        min(limit - session.budget.used[SEARCH_FILES], session.budget.total - session.budget.spent),
    )


def _reads_left(session: ToolSession) -> int:
    limit = session.budget.per_tool.get(READ_FILE, session.budget.total)
    return max(
        0, min(limit - session.budget.used[READ_FILE], session.budget.total - session.budget.spent)
    )


def _written(path: str, text: str) -> tuple[bool, datetime, str]:
    """A read source's order in time: the moment its headers give, else the stamp of its id
    (a source id need not carry one: ``email_001``)."""
    moment = sent_at(text)
    return (
        moment is not None,
        moment or datetime.min.replace(tzinfo=UTC),
        id_stamp(path.split("/")[-2]),
    )


def recorded_fields(topics: list[Topic], state: AccountState | None) -> list[StateField]:
    """The fields of state.md that record what the topics asked tell (the quote: the premium),
    when this state.md holds a value for them."""
    names = {RECORDED_AS[t.name] for t in topics if t.name in RECORDED_AS}
    if state is None or not names:
        return []
    return [f for f in STATE_FIELDS if f.name in names and f.value(state)]
