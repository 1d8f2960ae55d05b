"""What a question about one account points at, beyond its topics and fields: a channel ("in
the call"), the first or the latest communication, whether something arrived, and the question
with the account's own name taken out (so "Fox Run Auto Repair" does not ask about auto).
"""

from __future__ import annotations

import re

from harper_search.terms import without_accents

RECEIVED = re.compile(
    r"\b(did|has|have|were)\b.{0,40}\b(send|sent|provide\w*|get|got|receiv\w*|turn\w* in|"
    r"come in|arrive\w*)\b",
    re.IGNORECASE,
)
_FIRST_WORDS = "first|initial|earliest|original"
FIRST = re.compile(rf"\b({_FIRST_WORDS}|opening)\b", re.IGNORECASE)
EARLIER = re.compile(rf"\b({_FIRST_WORDS}|previous|prior|old|older|former)\b", re.IGNORECASE)
"""A question about a value before it changed ("the original quote", "the old premium")."""
SAID = re.compile(
    r"\b(say|said|says|mention\w*|talk\w* about|discuss\w*|wrote|write|tell|told|latest|last)\b",
    re.IGNORECASE,
)
_CHANNELS = (
    ("calls", re.compile(r"\b(call|calls|phone call|spoke|conversation|transcript)\b", re.I)),
    ("sms", re.compile(r"\b(texts?|texted|sms|messages?)\b", re.I)),
    ("emails", re.compile(r"\b(e-?mails?|e-?mailed|wrote|letter)\b", re.I)),
)


def asked_channel(question: str) -> str | None:
    """The source folder the question points at ("in the call" -> calls), if any."""
    return next((folder for folder, pattern in _CHANNELS if pattern.search(question)), None)


_LEGAL_SUFFIX = re.compile(r"[,\s]+(LLC|L\.L\.C|Inc|Co|Corp|Ltd|PLLC|LLP|P\.?A|P\.?C)\.?$", re.I)


def initials(account_name: str) -> str:
    """The name's initials without its legal form ("Halvorsen Tran Architects, PLLC" -> "HTA"),
    as people shorten a client's name; "" when the name has fewer than two words."""
    bare = _LEGAL_SUFFIX.sub("", account_name)
    letters = [
        w[0] for w in re.findall(r"[A-Za-z][\w'-]*", bare) if w.lower() not in ("and", "of", "the")
    ]
    return "".join(letters).upper() if len(letters) >= 2 else ""


def without_name(question: str, account_name: str) -> str:
    """The question with the account's name (or its first words) taken out, and its initials
    when the question writes them in capitals ("HTA" for Halvorsen Tran Architects)."""
    for name in (account_name, _LEGAL_SUFFIX.sub("", account_name).strip()):
        if name:
            question = re.sub(re.escape(name), " ", question, flags=re.IGNORECASE)
    short = initials(account_name)
    if len(short) >= 2:
        question = re.sub(rf"(?<![\w&]){re.escape(short)}(?![\w&])", " ", question)
    return " ".join(question.split())


def without_short_name(question: str, account_name: str) -> str:
    """The question without the account's name as people shorten it (``_without_name_words``):
    what is left says which field is asked ("where is sonoran pool" asks the place). The
    passage search keeps these words: they rank the files that name the business."""
    return " ".join(_without_name_words(question.split(), account_name))


_JOINERS = frozenset({"&", "and", "of", "the", "-"})


def _fold(word: str) -> str:
    """A word as names are compared: lower case, no accents, no possessive or punctuation."""
    bare = re.sub(r"['’]s$", "", without_accents(word))
    return bare.strip(".,;:!?()\"'’")


def _without_name_words(words: list[str], account_name: str) -> list[str]:
    """The question's words without a run of the account's name words that is the name as
    people shorten it: two or more of its words ("sonoran pool" of "Sonoran Pool & Spa
    Service"), or its first word alone ("sonoran's"). A lone later word is kept: "pool" may be
    what is asked about."""
    names = [_fold(w) for w in account_name.split()]
    known = {n for n in names if n and n not in _JOINERS}
    first = next((n for n in names if n in known), "")
    kept: list[str] = []
    index = 0
    while index < len(words):
        end = index
        while end < len(words) and (
            _fold(words[end]) in known or (end > index and _fold(words[end]) in _JOINERS)
        ):
            end += 1
        while end > index and _fold(words[end - 1]) in _JOINERS:
            end -= 1  # a run never ends on "&" or "and"
        run = [_fold(w) for w in words[index:end] if _fold(w) in known]
        if len(run) >= 2 or (run and run[0] == first and len(first) > 2):
            index = end
            continue
        kept.append(words[index])
        index += 1
    return kept
