"""A question about many accounts read as filters over the values the book actually holds.

In turn, each taking its words from the question so no word is read twice:
1. words said literally, longest first: a value of the book (industry, line, city), a canonical
   stage or line name, a US state; and the words of the skill's tables (category names,
   regions, stage words, "what we owe", line acronyms such as "WC");
2. what is left, by meaning: a phrase close to an industry, a line or a category name;
3. single-word line shorthand ("cyber", "property"), read last so "property managers" is an
   industry before "property" can be a line.
Filters combine: stage AND state AND industry (a category reads as several industries, any of
them). Nothing here is a list of phrasings: the phrases are the book's values and the tables.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Protocol

import anyio
from lemminflect import getLemma  # type: ignore[import-untyped]

from harper_common.memory.stages import Stage
from harper_common.messages.index import DescriptionFilters
from harper_search.book_values import BookVocabulary
from harper_search.carriers import carrier_words, is_carrier_name
from harper_search.line_names import line_named
from harper_search.listing_query import (
    OPEN_STAGES,
    ListingQuery,
    asks_every_line,
    premium_bounds,
    state_codes,
    time_conditions,
)
from harper_search.listing_rank import PREMIUM_WORDS, asks_premium_total, premium_rank
from harper_search.listing_words import Category, ListingWords, is_specific
from harper_search.nearby import NEAR_MILES, towns_near
from harper_search.places import STATE_NAMES
from harper_search.question_words import QuestionWords
from harper_search.terms import stem, term_set
from harper_search.terms import words as words_of
from harper_search.text_vectors import TextVectors
from harper_search.value_match import INDUSTRY, LINE, Reading, ValueMatcher

STAGE = "stage"
STATE = "state"
CITY = "city"
OWED = "owed"
FOLLOW_UP = "follow_up"


class BookSource(Protocol):
    """The book's values now (``BookValues``)."""

    async def vocabulary(self) -> BookVocabulary: ...


NEAR_BEFORE = frozenset({"near", "around", "nearby"})
NEAR_AFTER = frozenset({"area", "metro"})
"""Words that widen a town to the towns around it: "near Reno", "the Reno area"."""
PLACE_WORDS = frozenset({"in", "near", "around", "outside", "based", "located", "at"})
"""Words that make the name after them a place: a city that is also a carrier's name ("Erie")
is the city only after one of them ("clients in Erie"); "quoted with Erie" is the carrier."""


@dataclass(frozen=True)
class _Effect:
    field: str
    values: tuple[str, ...] = ()
    category: Category | None = None
    needs_place_word: bool = False


@dataclass
class _Found:
    values: dict[str, list[str]] = field(default_factory=dict)
    readings: list[str] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)
    kinds_by_meaning: list[str] = field(default_factory=list)
    owed: bool = False
    follow_up: bool = False
    excluded_lines: list[str] = field(default_factory=list)
    excluded_stages: list[str] = field(default_factory=list)
    """Stages the question says the accounts have not reached ("not quoted yet")."""
    excluded_states: list[str] = field(default_factory=list)
    wished_stages: list[str] = field(default_factory=list)
    """Stages the question says someone wants reached ("wants it bound by the 1st")."""
    line_groups: list[tuple[str, ...]] = field(default_factory=list)
    """Each line asked, as the book's values that name it (``book_line_forms``)."""
    near: list[str] = field(default_factory=list)
    """Towns of the book the question asks around ("near Pittsburgh", "the Erie area")."""

    def exclude(self, effects: Iterable[_Effect]) -> None:
        """What a negated phrase stands for, kept out of the listing (lines, states, stages)."""
        for effect in effects:
            if effect.field == LINE:
                self.excluded_lines += effect.values
            elif effect.field == STATE:
                self.excluded_states += effect.values
            elif effect.field == STAGE:
                self.excluded_stages += effect.values

    def add(self, name: str, values: Iterable[str]) -> None:
        held = self.values.setdefault(name, [])
        held += [v for v in values if v not in held]

    def filters(self) -> DescriptionFilters:
        return DescriptionFilters(
            stage=self.values.get(STAGE) or None,
            state=self.values.get(STATE) or None,
            city=self.values.get(CITY) or None,
            industry=self.values.get(INDUSTRY) or None,
            insurance_type=self.values.get(LINE) or None,
        )


LEFT_OUT_ASIDE = re.compile(
    r"[(\[,;\u2014?.!-]\s*(?:(?:but|and|or)\s+)?"
    r"(?:not|except|excluding|other than|leave out|leaving out|apart from|aside from)\s+"
    r"([^)\].;,?!]+)",
    re.IGNORECASE,
)
"""An aside that leaves something out of what is asked ("certificates for a job (not the
landlords)", "claims, not employees", "..., and not the bank's", "? leave out the banks"): its
words are no part of what the files are searched for."""

PLACE_NEGATION_REACH = 2
"""A place is left out only when the negation is right before it ("not in Texas", "except
Ohio"); "not quoted in Texas" negates the stage, not the state."""


class ListingReader:
    def __init__(
        self, words: ListingWords, book: BookSource, vectors: TextVectors | None = None
    ) -> None:
        self.words = words
        self.book = book
        self.matcher = ValueMatcher(vectors, words.categories, words.kind_heads)

    async def read(
        self,
        question: str,
        today: date | None = None,
        by_meaning: bool = True,
        literal_only: bool = False,
    ) -> ListingQuery:
        """The question's filters; ``by_meaning`` False reads only words said literally unless
        the question has a filter already (then its other words are read by meaning too);
        ``literal_only`` never reads by meaning."""
        book = await self.book.vocabulary()
        words = QuestionWords.of(question)
        table = self._phrases(book)
        reaches = {
            phrase: PLACE_NEGATION_REACH if any(e.field == STATE for e in effects) else 3
            for phrase, effects in table.items()
        }
        reaches.update((code.lower(), PLACE_NEGATION_REACH) for code in state_codes(question))
        words.mark_lists(reaches)
        words.mark_asides(LEFT_OUT_ASIDE.findall(question))
        found = _Found()
        for code in state_codes(question):
            if words.take(code.lower(), negatable=True, reach=PLACE_NEGATION_REACH):
                found.add(STATE, [code])
            elif code.lower() in words.negated:  # "not in TX"
                found.excluded_states.append(code)
        rank = premium_rank(question)
        if rank is not None:
            words.take(rank.phrase.lower())
            for word in PREMIUM_WORDS:
                words.take(word)
        await self._literal(words, table, book, found)
        self._cut_short_lines(words, book, found)
        for acronym, industries in acronyms_in(question, book.industries).items():
            if words.take(acronym.lower()):
                found.add(INDUSTRY, industries)
        verbs = words.free_after(DOER_BEFORE)
        for verb, industries in trade_verbs_in(verbs, book.industries).items():
            if words.take(verb):
                found.add(INDUSTRY, industries)
                found.readings.append(f"'{verb}' as industry {' or '.join(industries)}")
        words.take_asides()  # "(not the landlords)": read neither as a trade nor searched for
        if not literal_only and (by_meaning or found.values or found.owed or found.follow_up):
            # a carrier's name says who insures, not what a business is ("with travelers")
            left_out = self.words.trade_words | carrier_words(question) | words.said_of_another()
            runs = without_words(words.free_runs(), left_out)
            for reading in await self.matcher.read(runs, book):
                self._keep(reading, found)
                words.take_words(reading.phrase.split())
        self._shorthand(words, found)
        for phrase in found.unmatched:  # close to no value: still what the files are asked
            words.give_back(phrase)
        if found.near:
            await self._widen_to_nearby(found, book)
        if found.values.get(LINE):
            found.line_groups = book_line_forms(found.values[LINE], book.lines)
            found.values[LINE] = [form for group in found.line_groups for form in group]
        found.excluded_lines = [
            form for group in book_line_forms(found.excluded_lines, book.lines) for form in group
        ]
        return replace(
            self._query(question, today, found, words),
            rank=rank,
            question=question,
            premium_total=asks_premium_total(question),
        )

    async def _literal(
        self,
        words: QuestionWords,
        table: dict[str, list[_Effect]],
        book: BookVocabulary,
        found: _Found,
    ) -> None:
        ordered = sorted(table, key=lambda p: (-len(p.split()), -len(p), p))
        for phrase in ordered:
            effects = table[phrase]
            negatable = any(e.field in (STAGE, LINE, STATE) for e in effects)
            place = any(e.field == STATE for e in effects)
            reach = PLACE_NEGATION_REACH if place else 3
            if all(e.needs_place_word for e in effects) and not words.said_after(
                phrase, PLACE_WORDS
            ):
                continue
            around = any(e.field == CITY for e in effects) and (
                words.said_after(phrase, NEAR_BEFORE) or words.said_before(phrase, NEAR_AFTER)
            )
            if all(e.field == STAGE for e in effects) and words.said_wished(phrase):
                # "wants it bound by the 1st": what is wished, for the files to tell
                found.wished_stages += [v for e in effects for v in e.values]
                continue
            if not words.take(phrase, negatable=negatable, reach=reach):
                if phrase in words.negated:  # "no workers comp", "not in Texas": excluded
                    found.exclude(effects)
                continue
            for effect in effects:
                if effect.category is not None:
                    values = await self.matcher.category_values(effect.category, book.industries)
                    reading = Reading(
                        phrase=phrase, field=INDUSTRY, values=values, category=effect.category.name
                    )
                    self._keep(reading, found)
                elif effect.field == OWED:
                    found.owed = True
                elif effect.field == FOLLOW_UP:
                    found.follow_up = True
                else:
                    found.add(effect.field, effect.values)
                    if around and effect.field == CITY:
                        found.near += effect.values

    async def _widen_to_nearby(self, found: _Found, book: BookVocabulary) -> None:
        """Each town asked around stands for the book's towns near it too (``nearby``)."""
        for town in found.near:
            state = next((st for city, st in book.places if city == town), None)
            near = await anyio.to_thread.run_sync(towns_near, (town, state), book.places)
            found.add(CITY, near)
            if len(near) > 1:
                others = ", ".join(t for t in near if t != town)
                found.readings.append(f"'near {town}' as {town} and {others} ({NEAR_MILES:.0f} mi)")

    def _cut_short_lines(self, words: QuestionWords, book: BookVocabulary, found: _Found) -> None:
        """Lines of several words written with each word cut short ("gen liab", "comm prop"),
        as brokers type them; the book's own lines first, then the shared vocabulary's."""
        for line in [*book.lines, *sorted(self.words.line_names - set(book.lines))]:
            if words.take_cut_short(line) is not None:
                found.add(LINE, [line])
            elif line in words.negated:
                found.excluded_lines.append(line)

    def _phrases(self, book: BookVocabulary) -> dict[str, list[_Effect]]:
        """Every phrase read literally, with what it stands for."""
        table: dict[str, list[_Effect]] = {}

        def put(phrase: str, effect: _Effect) -> None:
            table.setdefault(phrase.lower(), []).append(effect)

        for value in book.industries:
            put(value, _Effect(INDUSTRY, (value,)))
        for value in book.cities:
            put(value, _Effect(CITY, (value,), needs_place_word=is_carrier_name(value)))
        for line in {*book.lines, *self.words.line_names}:
            put(line, _Effect(LINE, (line,)))
        for word, line in self.words.line_words:
            if is_specific(word):
                put(word, _Effect(LINE, (line,)))
        for stage in [s.value for s in OPEN_STAGES] + ["Bound", "Closed Won", "Closed Lost"]:
            put(stage, _Effect(STAGE, (stage,)))
        for word, stages in self.words.stage_words:
            put(word, _Effect(STAGE, tuple(s.value for s in stages)))
        for name, code in STATE_NAMES.items():
            put(name, _Effect(STATE, (code,)))
        for region in self.words.regions:
            for name in (region.name, *region.also):
                put(name, _Effect(STATE, region.states))
        for category in self.words.categories:
            for name in category.names:
                put(name, _Effect(INDUSTRY, category=category))
        for word in self.words.owed_words:
            put(word, _Effect(OWED))
        for word in self.words.follow_up_words:
            put(word, _Effect(FOLLOW_UP))
        return {phrase: _distinct(effects) for phrase, effects in table.items()}

    def _shorthand(self, words: QuestionWords, found: _Found) -> None:
        for word, line in self.words.line_words:
            # "horses on the property": where they are, not the property line
            if not is_specific(word) and not words.said_as_a_place(word):
                if words.take(word, negatable=True):
                    found.add(LINE, [line])
                elif word in words.negated:
                    found.excluded_lines.append(line)

    def _keep(self, reading: Reading, found: _Found) -> None:
        if not reading.values:
            found.unmatched.append(reading.phrase)
            return
        found.add(reading.field, reading.values)
        if not reading.exact and (reading.category is not None or _by_meaning_only(reading)):
            found.kinds_by_meaning.append(reading.phrase)
        if reading.category is not None or reading.values != (reading.phrase,):
            kind = f" (category {reading.category})" if reading.category else ""
            field_name = "line" if reading.field == LINE else reading.field
            found.readings.append(
                f"'{reading.phrase}'{kind} as {field_name} {' or '.join(reading.values)}"
            )

    def _query(
        self, question: str, today: date | None, found: _Found, words: QuestionWords
    ) -> ListingQuery:
        quiet, counting = time_conditions(question, today)
        over, under = premium_bounds(question)
        follow_up = found.follow_up
        if found.excluded_stages:
            found.values[STAGE] = stages_short_of(
                found.excluded_stages, found.values.get(STAGE, [])
            )
        if (follow_up or quiet is not None) and not found.values.get(STAGE):
            found.add(STAGE, [s.value for s in OPEN_STAGES])
        return ListingQuery(
            filters=found.filters(),
            follow_up=follow_up,
            quiet_days=quiet,
            counting=counting,
            every_line=asks_every_line(question, found.line_groups),
            line_groups=tuple(found.line_groups),
            owed=found.owed,
            readings=tuple(found.readings),
            unmatched=tuple(found.unmatched),
            kinds_by_meaning=tuple(found.kinds_by_meaning),
            free_words=" ".join(" ".join(run) for run in words.free_runs()),
            premium_over=over,
            premium_under=under,
            without_lines=tuple(dict.fromkeys(found.excluded_lines)),
            without_states=tuple(dict.fromkeys(found.excluded_states)),
            wished_stages=tuple(dict.fromkeys(found.wished_stages)),
        )


_ACRONYM = re.compile(r"\b[A-Z]{3,5}\b")


def without_words(runs: list[list[str]], left_out: frozenset[str]) -> list[list[str]]:
    """The runs cut at every word of ``left_out`` (that word dropped, stemmed or not)."""
    out: list[list[str]] = []
    for run in runs:
        piece: list[str] = []
        for word in run:
            bare = word.lower().replace("'s", "").replace("\u2019s", "")
            if bare in left_out or stem(bare) in left_out:
                if piece:
                    out.append(piece)
                piece = []
            else:
                piece.append(word)
        if piece:
            out.append(piece)
    return out


DOER_ENDINGS = frozenset(
    {"", "ion", "ions", "ing", "er", "ers", "ery", "or", "ors", "ist", "ists", "al", "als", "age"}
)
"""Endings that make a trade's noun of a verb: translate -> translation, weld -> welding,
roast -> roasters, bake -> bakery, rent -> rentals, store -> storage; or none (repair)."""


DOER_BEFORE = frozenset({"who", "that", "also", "still", "else"})
"""Words after which a verb in the third person says what an account does ("who welds")."""


def trade_verbs_in(said: Iterable[str], industries: Iterable[str]) -> dict[str, list[str]]:
    """Verbs in the third person ("welds", "translates"; the caller gives those said right
    after "who", "that" ..., not after "which", whose next word is a noun: "which accounts")
    whose noun names a trade of the book ("Mobile Welding", "Translation & Interpreting
    Agency"): "who welds on site" asks for the welders, as "welders" would."""
    found: dict[str, list[str]] = {}
    for word in said:
        if len(word) < 5 or not word.endswith("s") or word.endswith("ss"):
            continue
        base = next(iter(getLemma(word, upos="VERB")), word)
        if base == word or len(base) < 4:
            continue
        stems = {base, base[:-1]} if base.endswith("e") else {base}
        for industry in industries:
            nouns = re.findall(r"[a-z]+", industry.lower())
            if any(n[len(s) :] in DOER_ENDINGS for n in nouns for s in stems if n.startswith(s)):
                found.setdefault(word, []).append(industry)
    return found


def acronyms_in(question: str, industries: Iterable[str]) -> dict[str, list[str]]:
    """Capitalised short forms of the book's industries the question uses: "the MSP" is "IT
    Managed Services Provider" (the initials of three or more neighbouring words of it)."""
    said = set(_ACRONYM.findall(question))
    if not said:
        return {}
    found: dict[str, list[str]] = {}
    for industry in industries:
        initials = [w[0].upper() for w in re.findall(r"[A-Za-z][A-Za-z0-9']*", industry)]
        for size in range(3, len(initials) + 1):
            for start in range(len(initials) - size + 1):
                short = "".join(initials[start : start + size])
                if short in said and industry not in found.get(short, []):
                    found.setdefault(short, []).append(industry)
    return found


def _distinct(effects: list[_Effect]) -> list[_Effect]:
    return list(dict.fromkeys(effects))


def book_line_forms(lines: Iterable[str], held: Sequence[str]) -> list[tuple[str, ...]]:
    """Each line of coverage as the book writes it: the book's values that name the same line,
    by its full name or its shorthand (a book that writes "WC" holds Workers' Compensation);
    else the book's lines that contain all of its words ("Umbrella" for "Umbrella / Excess",
    "Cyber" for "Cyber Liability"); a line the book has no such name for is kept. Lines that
    name the same line ("GL" and "General Liability") are one, in the order first asked."""
    groups: dict[str, list[str]] = {}
    for line in lines:
        same = line_named(line)
        wanted = set(words_of(line))
        named = [h for h in held if h == line or line_named(h) == same] or [
            h for h in held if wanted <= set(words_of(h))
        ]
        group = groups.setdefault(same, [])
        group += [h for h in (named or [line]) if h not in group]
    return [tuple(group) for group in groups.values()]


PIPELINE = [s.value for s in Stage]
"""The stages in pipeline order (MEMORY_FORMAT.md)."""


def stages_short_of(not_reached: list[str], asked: list[str]) -> list[str]:
    """The stages of accounts that have not reached any of ``not_reached`` ("not quoted yet",
    "hasn't been submitted"): the open stages before the earliest of them, since a deal passes
    the stages in order; a closed stage said so ("not lost") leaves every other stage. Stages
    the question also asks for keep only those."""
    order = [s for s in PIPELINE if s in not_reached]
    first = PIPELINE.index(order[0]) if order else len(PIPELINE)
    if order and order[0] in (Stage.CLOSED_WON.value, Stage.CLOSED_LOST.value):
        short = [s for s in PIPELINE if s not in not_reached]
    else:
        short = [s.value for s in OPEN_STAGES if PIPELINE.index(s.value) < first]
    return [s for s in short if s in asked] if asked else short


def _by_meaning_only(reading: Reading) -> bool:
    """An industry read from words none of which its name writes ("bakes" as Bakery, not "HVAC
    shops" as HVAC Contractor): what a business does, which other kinds may do too."""
    named = term_set(" ".join(reading.values))
    return reading.field == INDUSTRY and not term_set(reading.phrase) & named
