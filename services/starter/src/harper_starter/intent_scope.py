"""Is a query about one account, or about the book (cross-account)?

Strong signals ("which accounts", "every client", "how many", "show me trucking companies",
"open quotes") make a query cross-account whatever else it says. Book words ("pipeline", "my
book") and weak signals ("anyone", "who needs", "what's overdue", "what did we bind", "the
biggest") count
only when no account is named or described: "Has anyone heard from Larkspur Builders?" is
about Larkspur Builders.
"""

from __future__ import annotations

import itertools
import re

from harper_common.vocabulary import alternation, vocabulary
from harper_starter.intent_describe import DESCRIPTIVE, TRADE_PLURALS
from harper_starter.intent_lexicon import (
    ASKS_WHO_IS,
    BINDS_A_PRONOUN,
    DETERMINERS,
    ONE_PARTY,
    REFERS_TO_ONE,
)
from harper_starter.intent_text import Query, is_business_noun

_LINE_WORDS = [
    word
    for line in vocabulary().lines
    for word in (*line.names, *line.when_unqualified, *line.book_words)
]
_LISTING = r"(?:which|what|all|any|show|list|my|our|find|every|other|how many)"
_BOOK_PLURALS = ("accounts", "clients", "customers", "insureds", "prospects", "leads")
"""Nouns that say the book's accounts (unless a business's own are meant: `scope_text`)."""
_BOOK_NOUNS = frozenset({*_BOOK_PLURALS, "account", "client", "customer", "insured"})

STRONG: tuple[re.Pattern[str], ...] = (
    re.compile(rf"\b(?:{'|'.join(_BOOK_PLURALS)})\b"),
    re.compile(
        r"\b(?:every|each|all)(?: of)?(?: my| our| the)?(?: \S+){0,2}? "
        r"(?:account|client|customer)s?\b"
    ),
    re.compile(rf"\b{_LISTING}\b(?: \S+){{0,3}}? deals\b"),
    # "how many" counts accounts when it says so; "how many ovens does Larkspur run"
    # counts something of one account (a kind of business after it is the pattern below)
    re.compile(
        r"\bhow many\b(?= (?:accounts?|clients?|customers?|insureds?|deals?|quotes|policies|"
        r"renewals|leads|prospects|submissions|apps|applications|of (?:my|our|the|them|these)|"
        r"are|were|have we|do we|did we|we|still|open|new|closed)\b)"
    ),
    re.compile(rf"\b{_LISTING}\b(?: \S+){{0,3}}? {TRADE_PLURALS.pattern}"),
    re.compile(
        rf"{TRADE_PLURALS.pattern} (?:that|which|who|with|without|we|i|where|not|still|due|"
        r"overdue|missing|needing|waiting)\b"
    ),
    re.compile(r"\b(?:open|pending|outstanding|all|many) quotes\b|\bquotes (?:are )?out\b"),
    re.compile(r"\brenewals\b|\bfollow ups\b"),
)
_COVERAGE = rf"(?:{alternation(_LINE_WORDS, lower=True)})\b"
"""A line of coverage by any of its words (the ``lines`` of the shared vocabulary)."""
_BOOK = re.compile(r"\b(?:pipeline|book of business|my book|our book|the book|across)\b")
"""The book as a whole: many accounts unless one is named ("where's Sunny Days in the pipeline")."""
_SOMEONE = re.compile(r"\b(?:anyone|anybody|everyone|everybody|anything|everything)\b")
WEAK: tuple[re.Pattern[str], ...] = (
    # a superlative ranks accounts unless one is named: "the biggest claim Kestrel had"
    re.compile(r"\b(?:biggest|largest|highest|lowest|smallest|oldest|newest|fewest|top \d+)\b"),
    re.compile(
        r"\bwho (?:is |are )?(?:needs?|has not|have not|still|owes?|overdue|bound|quoted|"
        r"pending|waiting|late|due|behind|missing|expiring|renewing|in)\b"
        r"|\bwho (?:do|should|can|must) (?:i|we)\b"
    ),
    re.compile(
        r"\bwhat (?:did|have) we (?:bind|bound|quote|quoted|submit|submitted|lose|lost|close|"
        r"closed|write|wrote|sell|sold)\b"
    ),
    re.compile(rf"\bwho (?:has|have|carries|carry|needs?|wants?) (?:a |an |any |no )?{_COVERAGE}"),
    re.compile(
        r"\b(?:all|every|each|any|which|what)\b(?: \S+){0,2}? "
        r"(?:policies|deals|quotes|submissions)\b|\bdeals\b"
    ),
)


STATE = re.compile(
    r"\b(?:overdue|past due|due|stale|stuck|expiring|lapsed|total|pending)\b"
    r"|\b(?:what|which|who)(?: is| are| was| were)?(?: still| currently| now)? "
    r"(?:closed (?:lost|won)|in (?:intake|submission|application received|underwriting))\b"
    r"|\bwhat should (?:i|we) (?:work on|do|focus on|prioritize)\b"
)
"""Book-level only when nothing points at one account: "what's pending" but not "is it pending"."""
POINTER = re.compile(
    r"\b(?:it|they|them|their|he|she|him|her|the (?:client|customer|insured|owner)"
    r"|(?:this|that) (?:account|client|customer|one|company))\b"
)


def strong_cross(norm: str) -> bool:
    """A signal that the query is about many accounts whatever else it names."""
    return any(p.search(norm) for p in STRONG)


def is_listing(norm: str, names_one: bool) -> bool:
    """A book-level listing: a strong signal, or a weak one (not "anyone") with no account named."""
    if strong_cross(norm):
        return True
    if names_one:
        return False
    if _BOOK.search(norm):
        return True
    state = STATE.search(norm) is not None and POINTER.search(norm) is None
    return state or any(p.search(norm) for p in WEAK)


def is_cross_account(norm: str, names_one: bool) -> bool:
    """Cross-account: a listing, or "anyone"/"everyone" when no single account is named."""
    return is_listing(norm, names_one) or (not names_one and _SOMEONE.search(norm) is not None)


_OWNED = "patrons"
"""What such a noun reads as when a business owns it: no scope pattern says it."""
OWNER_REACH = 4
"""Words a business's possessive may stand before its customers ("the bakery's biggest
wholesale customers")."""


def _said_of_a_business(q: Query, k: int) -> bool:
    """Whether the noun at ``k`` comes a few words after a business's possessive ("the bakery's
    biggest customers", "Kestrel Roofing's clients"): that business's own customers, not the
    book's accounts; "their customers" too. A person's ("Ana's clients") are the book's
    accounts that person handles."""
    owner = [
        j
        for j in range(max(0, k - OWNER_REACH), k)
        if q.tokens[j].possessive
        or q.tokens[j].raw.endswith(("'", "’"))
        or q.tokens[j].key in ("their", "its")
    ]
    if not owner or any(t.sep for t in q.tokens[owner[-1] : k]):
        return False
    j = owner[-1]
    if q.tokens[j].key in ("their", "its"):
        return True  # the business in mind ("their customers"); a person's would be "her", "his"
    run = []
    while j >= 0 and q.tokens[j].kind in ("name", "field") and not q.tokens[j].sep:
        run.append(q.tokens[j])
        j -= 1
    definite = j >= 0 and q.tokens[j].key in ("the", "that", "this")
    return definite or any(is_business_noun(t.text) for t in run)


def scope_text(q: Query) -> str:
    """`q.norm` with a kind of business that ends a name set aside: "Piedmont Movers" names one
    account, "any movers" or "italian restaurants" list many. The kind counts as part of a name
    when the words before it open with a name word that neither is a business word nor
    describes one ("Greene Electrical Contractors", not "dental offices"). A business's own
    customers ("the bakery's accounts") are no accounts of the book."""
    keys = [t.key for t in q.tokens]
    for k, token in enumerate(q.tokens):
        if token.key in _BOOK_NOUNS and _said_of_a_business(q, k):
            keys[k] = _OWNED
    for k in range(1, len(keys)):
        if not TRADE_PLURALS.fullmatch(keys[k]):
            continue
        j = k - 1
        while j > 0 and q.tokens[j].kind == "name" and is_business_noun(q.tokens[j].text):
            j -= 1  # "Greene Electrical Contractors": back over the business words
        before = q.tokens[j]
        if before.kind == "name" and before.key not in DESCRIPTIVE:
            if not is_business_noun(before.text):
                keys[k] = "name"
    return " ".join(keys)


def points_at_one_account(query: str) -> bool:
    """Whether the question refers to one account without naming it: a pronoun ("their
    premium") or "the client", "this account" (``REFERS_TO_ONE``, ``ONE_PARTY``). A pronoun
    that refers back to "anybody", "which ..." or to "who" doing something ("who switched their
    payroll company") points at no account; so does "the owner" after them ("who were we
    chasing besides the owner": each account's owner), though "this" or "that" one still does."""
    words = re.findall(r"[a-z']+", query.lower().replace("’", "'"))
    if any(w in REFERS_TO_ONE and not _bound(words[:n]) for n, w in enumerate(words)):
        return True
    return any(
        a in ("the", "this", "that")
        and b.removesuffix("'s") in ONE_PARTY
        and not (a == "the" and _bound(words[:n]))
        for n, (a, b) in enumerate(itertools.pairwise(words))
    )


def _bound(before: list[str]) -> bool:
    """Whether a pronoun after ``before`` refers back to a word of it that stands for any
    account: a quantifier ("anybody", "which", "every"), "who" as the one who does something
    (not "who is", "who did", "who's their"), or as the ones we do something with ("who have we
    phoned about their audits", "who were we chasing besides the owner")."""
    for n, word in enumerate(before):
        after = before[n + 1] if n + 1 < len(before) else ""
        then = before[n + 2] if n + 2 < len(before) else ""
        if word in BINDS_A_PRONOUN:
            return True
        if word == "who" and after and after not in ASKS_WHO_IS:
            return True
        if word == "who" and after in ASKS_WHO_IS and then in ("we", "i"):
            return True
        if word == "who's" and after and after not in DETERMINERS:
            return True
    return False


_WHERE_IN_BOOK = re.compile(r"^\W*where (?:did|do|does|have|has|had|were|was)\b")


def asks_where_in_book(query: str) -> bool:
    """A question that opens with "where did/have/was ..." and names no account asks in which
    accounts something happened, even when it says "the client" of any of them: "where was a
    claim denied" lists the accounts."""
    return _WHERE_IN_BOOK.search(query.lower()) is not None


_WHO_AMONG = re.compile(
    r"^\W*(?:who\s+(?!is\b|was\b|are\b|were\b)[a-z]+"
    r"|which\s+(?:accounts?|accts?|clients?|customers?|insureds?|ones|businesses)\b)"
)


def points_at_an_account_in_mind(query: str) -> bool:
    """``points_at_one_account``, unless the question asks in which accounts something
    happened (``asks_where_in_book``): its "the client" is any account's client."""
    return points_at_one_account(query) and not asks_where_in_book(query)


def asks_which_accounts(query: str) -> bool:
    """A question that opens with "who" doing something ("who did ... send our way", "who uses
    ...") or "which accounts ..." asks which accounts, not about a person it names: "who is
    ..." asks who that person is."""
    return _WHO_AMONG.search(query.lower()) is not None
