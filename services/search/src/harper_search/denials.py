"""Whether a sentence denies what a question asks about: "no claims in ten years", "we never
once lost a truck", or a reply that opens by saying no ("Claims?" then "None.").

A question about many accounts ("any claims on file") is not answered by an account whose
files only deny it, and a question about what never happened ("which shops never put one in")
is answered by exactly those. The words that deny are data (the description-search skill's
"Words that deny").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from harper_search.passage_answers import (
    SPEAKER,
    is_question,
    last_sentence,
    root_of,
    roots,
)
from harper_search.terms import STOP_WORDS, stem, straight_words

if TYPE_CHECKING:
    from harper_search.listing_words import ListingWords

DENIAL_REACH = 3
"""A denial word within this many words before a word of the question (small words aside), in
one clause, denies it ("no prior claims", "we never once put in a claim")."""
CLAUSE = re.compile(r"[.;:!?\n]+|,\s+(?:but|though|although)\b|\s[-\u2013\u2014]\s")
"""What ends a clause for a denial: "no claims. The truck hit a gate" denies nothing of a truck."""
BUT_THEN = re.compile(
    r"\s*,?\s*\bbut\s+(?P<denial>[a-z]+(?:n't|n\u2019t|nt)?|not|never)\s+(?P<clause>[^.;,?!()\u2013\u2014]+)",
    re.IGNORECASE,
)
"""A second clause that says what did not happen ("..., but didn't decline", "but never
bound"): its denial word, then what it denies."""
EITHER_WAY = re.compile(
    r",?\s*\bwhether\s+or\s+not\b[^.;,?!()\u2013\u2014]*"
    r"|,?\s*\bwhether\b[^.;,?!()\u2013\u2014]*?\bor\s+not\b",
    re.IGNORECASE,
)
"""A clause asking both ways ("whether or not they claimed it", "whether they claimed it or
not"): it asks neither, and denies nothing."""
SPACE_OR_HYPHEN = r"[\s-]+"
"""Between the words of a phrase as written ("break in", "break-in")."""
ALL_CONTRACTED = "n't"
"""An entry standing for every word ending in it ("didn't", "hasn't", "won't")."""


@dataclass(frozen=True)
class Denials:
    """The words that deny, and what a sentence or a question denies with them."""

    words: frozenset[str]
    events: frozenset[str] = frozenset()
    """The stems of words naming what happened ("claim", "accident"): when a sentence says one
    the question asks about, whether it is denied decides ("the hail dented the van; we never
    made a claim" is no hail claim, though it says hail)."""
    undoing: frozenset[str] = frozenset()
    """Words saying what happened was taken back later ("rescinded", "reinstated")."""
    other_senses: tuple[tuple[str, ...], ...] = ()
    """Phrases where a word of what happened means something else ("broken out by location"),
    each as its lower-case words."""

    @classmethod
    def of_words(cls, words: ListingWords) -> Denials:
        """The denials of the skill's tables (``ListingWords``): its words that deny, of what
        happened (as stems), that undo, and the phrases of another sense."""
        events = frozenset(stem(word) for word in words.event_words)
        return cls(words.denial_words, events, words.undo_words, words.other_senses)

    @cached_property
    def _senses(self) -> tuple[tuple[str, re.Pattern[str]], ...]:
        """Each phrase of ``other_senses`` as the root of its first word and a pattern finding
        it as written, spaces or a hyphen between its words ("break-in"), in any case."""
        return tuple(
            (
                root_of(phrase[0]),
                re.compile(rf"\b{SPACE_OR_HYPHEN.join(map(re.escape, phrase))}\b", re.I),
            )
            for phrase in self.other_senses
            if phrase
        )

    def senses_asked(self, question: str) -> frozenset[str]:
        """The roots of the first words of the phrases of ``other_senses`` the question says
        ("break" of "any break-ins"): the question asks that other sense, and files saying it
        in those words ("someone broke in") say what it asks."""
        return frozenset(root for root, phrase in self._senses if phrase.search(question))

    def in_its_sense(self, text: str, asked: frozenset[str] = frozenset()) -> str:
        """``text`` without the phrases where a word of what happened means something else
        ("the values broken out by location" breaks nothing), but those the question asks
        (``asked``: ``senses_asked``)."""
        for root, phrase in self._senses:
            if root not in asked:
                text = phrase.sub(" ", text)
        return text

    @cached_property
    def event_roots(self) -> frozenset[str]:
        """The roots of ``events``, worked out once (every grounded sentence is checked)."""
        return frozenset(roots(set(self.events)))

    def asks_undoing(self, question: str) -> bool:
        """The question itself names a taking back ("which cancellations were rescinded")."""
        return bool(self.undoing & set(_words(question)))

    def undoes(self, text: str, happened: set[str]) -> bool:
        """``text`` says one of the happenings ``happened`` (roots of words of what happened)
        was taken back: an undoing word and a word of that happening, in one clause ("Markel
        rescinded the cancellation")."""
        for clause in CLAUSE.split(text):
            said = _words(clause)
            if self.undoing & set(said) and happened & {root_of(word) for word in said}:
                return True
        return False

    def is_denial(self, word: str) -> bool:
        lower = word.lower().replace("\u2019", "'")
        return lower in self.words or (ALL_CONTRACTED in self.words and lower.endswith("n't"))

    def but_not(self, question: str, asked: str) -> tuple[str, str, str]:
        """A question asking who did one thing but not another ("who got questions from the
        underwriter but didn't get declined"): the question and its words ``asked`` without
        the second clause, and what that clause says did not happen ("get declined"), whose
        accounts are left out; the question and its words as they were, and "", when it asks
        no such thing."""
        found = BUT_THEN.search(question)
        if found is None or not self.is_denial(found.group("denial")):
            return question, asked, ""
        clause = found.group("clause")
        dropped = {found.group("denial").lower().replace("\u2019", "'"), *_words(clause)}
        kept = " ".join(word for word in _words(asked) if word not in dropped)
        return question[: found.start()] + question[found.end() :], kept, clause

    def either_way(self, question: str, asked: str) -> tuple[str, str]:
        """The question and its words ``asked`` without a clause asking both ways ("who took
        storm damage, whether or not they claimed it"): what it names may or may not have
        happened, so it is neither asked nor denied; both as they were when there is none."""
        found = EITHER_WAY.search(question)
        if found is None:
            return question, asked
        dropped = set(_words(found.group()))
        kept = " ".join(word for word in asked.split() if word.lower() not in dropped)
        return question[: found.start()] + question[found.end() :], kept or asked

    def asks_what_did_not_happen(self, question: str) -> bool:
        """The question asks about what never happened ("which shops never put one in")."""
        return any(self.is_denial(word) for word in _words(question))

    def denied_in(self, question: str) -> frozenset[str]:
        """The stems of the words a question says did not happen, each right after a denial
        word in its clause: "renew" in "whose carrier won't renew them", "loss" in "which shops
        have no losses". A sentence answering it denies those words; it may say the others
        plainly ("State Farm told us they won't renew")."""
        found: set[str] = set()
        for clause in CLAUSE.split(question):
            said = _words(clause)
            for at, word in enumerate(said):
                if word in STOP_WORDS or self.is_denial(word):
                    continue
                if self._denied_at(said, at):
                    found.add(stem(word))
        return frozenset(found)

    def denies(self, text: str, reply: str, asked: Iterable[str], by_prefix: bool = False) -> bool:
        """``text`` (a sentence or a turn; ``reply``: the answer to it, when it asks) denies the
        question's words ``asked`` (their stems): its reply opens by saying no, or every
        question word it says stands right after a denial word in its clause. With
        ``by_prefix`` (a question about what did not happen: "whose carrier won't renew"), a
        word written with "non" denies the rest of it too ("non-renewing"), and the last
        question word the text says decides ("renews 12/15 with them ... they won't renew")."""
        wanted = {root_of(word) for word in asked if not self.is_denial(word)}
        if reply and is_question(text):  # a question and its answer: the answer tells
            asks_it = bool(wanted & _content(last_sentence(text)))
            said = self._said_denied(reply, wanted, by_prefix)
            return (asks_it and self._opens_with_denial(reply)) or said
        return self._said_denied(f"{text}\n{reply}", wanted, by_prefix)

    def _said_denied(self, text: str, wanted: set[str], by_prefix: bool) -> bool:
        found: list[bool] = []
        events: list[bool] = []
        for clause in CLAUSE.split(text):
            said = _words(clause)
            names = _names(clause)
            for at, word in enumerate(said):
                root = root_of(word)
                if by_prefix and word not in names and _negated_by_prefix(word) & wanted:
                    found.append(True)  # "non-renewing" denies renewing
                    root = root_of(word[len(NEGATING_PREFIX) :])
                elif word in STOP_WORDS or root not in wanted or word in names:
                    continue  # a word of a name ("Farm Bureau") is no thing denied
                else:
                    found.append(self._denied_at(said, at))
                if root in self.event_roots:
                    events.append(found[-1])
        decisive = events or found
        if by_prefix and decisive:  # what never happened: its last word decides
            return decisive[-1]  # "renews 12/15 with them ... they won't renew"
        return bool(decisive) and all(decisive)

    def _denied_at(self, said: list[str], at: int) -> bool:
        """A denial word among the few words before ``said[at]`` (small words not counted:
        "we never once put in a claim")."""
        reach = 0
        for word in reversed(said[:at]):
            if self.is_denial(word):
                return True
            reach += word not in STOP_WORDS
            if reach >= DENIAL_REACH:
                return False
        return False

    def _opens_with_denial(self, reply: str) -> bool:
        said = _words(SPEAKER.sub("", reply.strip(), count=1))  # its timestamp and speaker aside
        return bool(said) and self.is_denial(said[0])


INDEFINITE = re.compile(r"(?:any|some|every|no)(?:body|one|thing|where)")
"""A word standing for no one thing ("anybody", "something"): a reply's "no" to it says nothing
of what the question asks."""
NAME_WORD = re.compile(r"(?<=[a-z0-9,;'\u2019)]\s)[A-Z][a-z]+")
"""A capitalised word after a lowercase one: a word of a name, not the start of a sentence."""


def _names(clause: str) -> set[str]:
    return {word.lower() for word in NAME_WORD.findall(clause)}


def _content(text: str) -> set[str]:
    """The roots of ``text``'s words, stop words and indefinite words aside."""
    return {
        root_of(word)
        for word in _words(text)
        if word not in STOP_WORDS and not INDEFINITE.fullmatch(word)
    }


HYPHENATED = re.compile(r"(?<=[A-Za-z])-(?=[A-Za-z])")


NEGATING_PREFIX = "non"


def _negated_by_prefix(word: str) -> set[str]:
    """The root of what a word says is not so by its prefix ("nonrenewing", written
    "non-renewing": "renew"); none for a short word that only starts so ("none")."""
    rest = word[len(NEGATING_PREFIX) :]
    if not word.startswith(NEGATING_PREFIX) or len(rest) < MIN_NEGATED:
        return set()
    return {root_of(rest)}


MIN_NEGATED = 4
"""Letters a word keeps after "non" to be read as a denied word ("nonrenewal": "renewal")."""


def _words(text: str) -> list[str]:
    """The words, a hyphenated word as one ("non-owned", "no-fault": no denial)."""
    return straight_words(HYPHENATED.sub("", text))
