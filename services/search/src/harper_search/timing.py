"""When a thing falls against a time the question names: before it, during it or after it.

"who is deciding over the holidays" is not answered by "we want to decide before the
holidays": both name the holidays, tied to them by words of different relations. A sentence
that ties a time the question names to another relation only, never to the question's own, does
not say what the question asks. The words of each relation are data (the description-search
skill's "When a thing falls"); words that also tie a place or a cause ("over the fence", "by the
owner") decide only against a word of time alone ("before", "after").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from harper_search.passage_answers import root_of
from harper_search.terms import STOP_WORDS, straight_words


@dataclass(frozen=True)
class Tie:
    """A word (its root) tied to a relation of time by the words before it."""

    word: str
    relation: str
    of_time_alone: bool


@dataclass(frozen=True)
class Timing:
    """Each relation's words: (relation, its words that tie a time alone, its words that may
    also tie a place or a cause), each word or phrase as its lower-case words."""

    relations: tuple[tuple[str, tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]], ...] = ()

    @cached_property
    def phrases(self) -> tuple[tuple[tuple[str, ...], str, bool], ...]:
        """Every phrase with its relation and whether it ties a time alone, longest first."""
        found = [
            (phrase, relation, alone)
            for relation, of_time, also in self.relations
            for phrases, alone in ((of_time, True), (also, False))
            for phrase in phrases
        ]
        return tuple(sorted(found, key=lambda entry: -len(entry[0])))

    def ties(self, text: str) -> frozenset[Tie]:
        """The words ``text`` ties to a relation of time: the first word after a relation's
        words that is not a small word ("before the holidays": "holiday")."""
        said = straight_words(text)
        found: set[Tie] = set()
        at = 0
        while at < len(said):
            matched = next(
                (
                    entry
                    for entry in self.phrases
                    if tuple(said[at : at + len(entry[0])]) == entry[0]
                ),
                None,
            )
            if matched is None:
                at += 1
                continue
            phrase, relation, alone = matched
            at += len(phrase)
            tied = next((word for word in said[at : at + 3] if word not in STOP_WORDS), None)
            if tied is not None:
                found.add(Tie(root_of(tied), relation, alone))
        return frozenset(found)

    def contradicts(self, asked: frozenset[Tie], text: str) -> bool:
        """``text`` ties a word the question ties (``asked``: ``ties`` of the question) to
        another relation only: "sign before the new year" against "mulling it over the new
        year". Two words that may also tie a place ("over", "through") do not decide."""
        if not asked:
            return False
        said = self.ties(text)
        for tie in asked:
            same_word = [other for other in said if other.word == tie.word]
            if any(other.relation == tie.relation for other in same_word):
                continue
            if any(tie.of_time_alone or other.of_time_alone for other in same_word):
                return True
        return False
