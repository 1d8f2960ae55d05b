"""Accounts described rather than named: "the childcare center in Texas", "that roofer in Austin".

A description is an article ("the", "that", "this", "our", "my"), up to two modifiers, a kind of
business, and optionally a place ("in Texas", "from Ohio", "on Maple"). Generic heads ("the
client", "the company") count only with a place, otherwise they are just pronoun-like. A
Title-Cased match ("the Coastal Cleaning Services sub") is a name, not a description.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from harper_common.vocabulary import alternation, vocabulary
from harper_starter.intent_lexicon import FIELD, FRAME
from harper_starter.intent_text import Query, is_business_noun

TRADES = alternation(word for i in vocabulary().industries for word in i.one)
"""What brokers call one business of a kind (the ``industries`` of the shared vocabulary)."""
GENERIC = "client|customer|insured|account|company|business|shop|store|office|practice|firm|clinic"
GENERIC_PLURALS = "companies|businesses|shops|stores|practices|firms"
TRADE_PLURALS = re.compile(
    rf"\b(?:{alternation(word for i in vocabulary().industries for word in i.many)}"
    rf"|{GENERIC_PLURALS})\b"
)
DESCRIPTIVE: frozenset[str] = frozenset(
    """
    new old big small little large local downtown uptown nearby other same first second third
    last previous family italian mexican chinese thai indian japanese french greek korean
    vietnamese pediatric dental medical mobile commercial residential independent busy
    """.split()
)
"""Words that describe a business ("the new dentist") rather than name it ("the caldwell cpa")."""
_DESCRIPTION = re.compile(
    rf"\b(?i:the|that|this|our|my)\s+(?P<mods>(?:[\w'-]+\s+){{0,2}}?)"
    rf"(?P<head>(?i:{TRADES})|(?P<generic>(?i:{GENERIC})))\b"
    r"(?P<place>\s+(?i:in|from|on|near|out of|over in|down in|up in)\s+"
    r"[A-Za-z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,2})?"
)


@dataclass(frozen=True)
class Description:
    """A described account: the words as written and the characters they cover."""

    text: str
    start: int
    stop: int

    def token_indexes(self, q: Query) -> set[int]:
        """Indexes of the query's tokens inside the description."""
        return {i for i, t in enumerate(q.tokens) if self.start <= t.start < self.stop}


def _place(place: str) -> str:
    """Trim a place to its first word plus following capitalised words ("in San Antonio")."""
    words = place.split()
    n_prep = 2 if words and words[0].lower() in ("over", "down", "up", "out") else 1
    prep, rest = words[:n_prep], words[n_prep:]
    if not rest or rest[0].lower() in FRAME | FIELD or is_business_noun(rest[0]):
        return ""
    kept = [rest[0]]
    for word in rest[1:]:
        if not word[:1].isupper():
            break
        kept.append(word)
    return " ".join(prep + kept)


def find_description(q: Query) -> Description | None:
    """The first description of an account in the query, if any."""
    for m in _DESCRIPTION.finditer(q.text):
        mods = m.group("mods").split()
        if any(w.lower() in FRAME or w[:1].isupper() for w in mods):
            continue  # "the Little Sprouts daycare" is a name, not a description
        named = [*mods, *m.group("head").split()]
        if all(w[:1].isupper() for w in named):
            continue
        place = _place(m.group("place") or "")
        if m.group("generic") and not place:
            continue
        if mods and not place and not all(w.lower() in DESCRIPTIVE for w in mods):
            continue  # "the caldwell cpa quote": a name written in lowercase, not a description
        text = m.group(0)[: m.end("head") - m.start()] + (" " + place if place else "")
        return Description(text=text, start=m.start(), stop=m.start() + len(text))
    return None
