"""Is a query about one account, or about the book (cross-account)?

Strong signals ("which accounts", "every client", "how many", "show me trucking companies",
"pipeline", "open quotes") make a query cross-account whatever else it says. Weak signals
("anyone", "who needs", "what's overdue", "what did we bind") count only when no account is
named or described: "Has anyone heard from Keystone Builders?" is about Keystone Builders.
"""

from __future__ import annotations

import re

from harper_starter.intent_describe import TRADE_PLURALS

_LISTING = r"(?:which|what|all|any|show|list|my|our|find|every|other|how many)"

STRONG: tuple[re.Pattern[str], ...] = (
    re.compile(r"\b(?:accounts|clients|customers|insureds|prospects|leads)\b"),
    re.compile(r"\b(?:every|each|all)(?: of)?(?: my| our| the)? (?:account|client|customer)s?\b"),
    re.compile(
        r"\bhow many\b(?! (?:employees|drivers|vehicles|trucks|locations|staff|people|units|"
        r"claims|years|kids|children|beds|rooms|operatories|dentists|techs)\b)"
    ),
    re.compile(rf"\b{_LISTING}\b(?: \S+){{0,3}}? {TRADE_PLURALS.pattern}"),
    re.compile(r"\b(?:pipeline|book of business|my book|our book|the book|across)\b"),
    re.compile(r"\b(?:biggest|largest|highest|lowest|smallest|oldest|newest|fewest|top \d+)\b"),
    re.compile(r"\b(?:open|pending|outstanding|all|many) quotes\b|\bquotes (?:are )?out\b"),
    re.compile(r"\brenewals\b|\bfollow ups\b"),
)
_SOMEONE = re.compile(r"\b(?:anyone|anybody|everyone|everybody|anything|everything)\b")
WEAK: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"\bwho (?:is |are )?(?:needs?|has not|have not|still|owes?|overdue|bound|quoted|"
        r"pending|waiting|late|due|behind|missing|expiring|renewing|in)\b"
        r"|\bwho (?:do|should|can|must) (?:i|we)\b"
    ),
    re.compile(
        r"\bwhat (?:did|have) we (?:bind|bound|quote|quoted|submit|submitted|lose|lost|close|"
        r"closed|write|wrote|sell|sold)\b"
    ),
)


STATE = re.compile(
    r"\b(?:overdue|past due|due|stale|stuck|expiring|lapsed|total|pending)\b"
    r"|\bwhat should (?:i|we) (?:work on|do|focus on|prioritize)\b"
)
"""Book-level only when nothing points at one account: "what's pending" but not "is it pending"."""
_POINTER = re.compile(
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
    state = STATE.search(norm) is not None and _POINTER.search(norm) is None
    return state or any(p.search(norm) for p in WEAK)


def is_cross_account(norm: str, names_one: bool) -> bool:
    """Cross-account: a listing, or "anyone"/"everyone" when no single account is named."""
    return is_listing(norm, names_one) or (not names_one and _SOMEONE.search(norm) is not None)
