"""A person a question asks by what they are or do ("which operator", "who runs the night
crew"): a sentence that writes that word beside a person's name answers it ("our operator, Dale
Pruitt", "the loader operator is my nephew Sam", "Ana Ruiz runs it")."""

from __future__ import annotations

import re

from harper_search.terms import STOP_WORDS, stem

_ASKED = re.compile(
    r"\b(?:which|what)\s+(?:one\s+of\s+the\s+)?(?P<noun>[a-z]+)\b"
    r"|\bwho(?:'s|\u2019s|s|\s+is|\s+was|\s+will)?\s+(?:the\s+|their\s+|our\s+)?(?P<verb>[a-z]+)\b",
    re.IGNORECASE,
)
_TOKEN = re.compile(r"[A-Za-z][A-Za-z'\u2019-]*|[.!?:;]")
REACH = 4
"""Words between the role and the name, at most ("driver is my cousin Khoa")."""
SHORTEST_SHARED = 4
"""Letters two forms of one word share at least ("driving" and "driver": "driv")."""
ENDING = 4
"""Letters of the longer form beyond those shared, at most ("contact" is no "contractor")."""


def asked_role(question: str) -> str | None:
    """The word naming what the person asked for is or does, lower case ("operator" in "which
    operator tipped it", "runs" in "who runs the night crew"); None when the question
    asks no one that way."""
    found = _ASKED.search(question)
    if found is None:
        return None
    word = (found.group("noun") or found.group("verb")).lower()
    if word in STOP_WORDS or len(word) < 3:
        return None
    return word


def names_beside(text: str, role: str) -> bool:
    """Whether ``text`` writes a form of ``role`` within a few words of a person's name: a
    capitalised word that does not open a sentence, and is not the role itself."""
    tokens = _TOKEN.findall(text)
    roles: list[int] = []
    names: list[int] = []
    opens = True
    for place, token in enumerate(tokens):
        if token in ".!?:;":
            opens = True
            continue
        if same_word(token.lower(), role):
            roles.append(place)
        elif token[0].isupper() and not opens and token != "I":
            names.append(place)
        opens = False
    return any(abs(r - n) <= REACH + 1 for r in roles for n in names)


def same_word(one: str, other: str) -> bool:
    """Two forms of one word: equal once plurals are cut, or sharing all but a short ending
    of the longer ("driver" and "driving", "inspection" and "inspector")."""
    one, other = stem(one), stem(other)
    if one == other:
        return True
    shared = 0
    for a, b in zip(one, other, strict=False):
        if a != b:
            break
        shared += 1
    return shared >= SHORTEST_SHARED and shared >= max(len(one), len(other)) - ENDING
