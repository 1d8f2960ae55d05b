"""Neighbouring words of a text, clause by clause: how one thing named in two words ("loss
runs", "evidence of insurance") is told from two words that only meet in a file."""

from __future__ import annotations

import re

from harper_search.line_forms import lines_written_out
from harper_search.passage_answers import only_a_verb, root_words, roots
from harper_search.terms import STOP_WORDS, stem, words

CLAUSE_BREAK = re.compile(r"[.,;:!?()\n]+\s*|\s[-\u2013\u2014]+\s")
"""What ends a clause: punctuation, a line break, a dash between spaces."""


def word_pairs(text: str) -> set[frozenset[str]]:
    """Neighbouring words (their roots, stop words aside) within each clause of ``text``: a
    full stop or a comma between two words keeps them apart."""
    found: set[frozenset[str]] = set()
    for clause in CLAUSE_BREAK.split(lines_written_out(text)):
        said = root_words(clause)
        found |= {frozenset(p) for p in zip(said, said[1:], strict=False) if p[0] != p[1]}
    return found


def stem_pairs(text: str) -> set[tuple[str, str]]:
    """Neighbouring words of ``text`` as their stems, stop words aside, clause by clause:
    closer to the words written than ``word_pairs`` ("care" is no "car")."""
    found: set[tuple[str, str]] = set()
    for clause in CLAUSE_BREAK.split(lines_written_out(text)):
        said = [stem(word) for word in words(clause) if word not in STOP_WORDS]
        found |= {p for p in zip(said, said[1:], strict=False) if p[0] != p[1]}
    return found


def done_to(text: str) -> set[frozenset[str]]:
    """Pairs of neighbouring words of ``text`` whose first can only be a verb ("asked
    questions", "sent certificates"): what was done to a thing, not one thing named in two
    words as "loss runs" or "non renewed" are."""
    found: set[frozenset[str]] = set()
    for clause in CLAUSE_BREAK.split(lines_written_out(text)):
        said = [word for word in words(clause) if word not in STOP_WORDS]
        for first, second in zip(said, said[1:], strict=False):
            if only_a_verb(first):
                found.add(frozenset(roots({stem(first), stem(second)})))
    return found
