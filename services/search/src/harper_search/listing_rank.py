"""Ranked listings: "the biggest premiums", "top 5 accounts", "our smallest deals".

English superlatives and "top N" / "bottom N" rank the accounts a listing keeps by premium (the
one size every account has in state.md), largest first unless the question asks for the least.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SUPERLATIVE_SHOWN = 5
"""Accounts shown for a superlative without a number ("the biggest accounts")."""

_RANK = re.compile(
    r"\b(?:(?P<end>top|bottom)\s+(?P<n>\d{1,3})"
    r"|(?P<high>biggest|largest|highest|priciest|most expensive|largest-premium)"
    r"|(?P<low>smallest|lowest|cheapest|least expensive))\b",
    re.IGNORECASE,
)
PREMIUM_WORDS = ("premiums", "premium")

_TOTAL = re.compile(
    r"\b(?:total|sum|combined|altogether|all together|add(?:s|ed)? up|in all|aggregate)\b",
    re.IGNORECASE,
)
_MONEY_ASKED = re.compile(r"\b(?:premiums?|dollars?|money|worth|revenue|book|\$)", re.IGNORECASE)


def asks_premium_total(question: str) -> bool:
    """Whether the question asks what the listed accounts' premiums come to ("sum of the
    premiums we have bound", "what do our quoted deals add up to in premium")."""
    return bool(_TOTAL.search(question)) and bool(_MONEY_ASKED.search(question))


@dataclass(frozen=True)
class PremiumRank:
    """Accounts ordered by premium: ``highest_first``, at most ``most`` of them."""

    highest_first: bool
    most: int
    phrase: str
    """The words that asked for it, as said (taken out of the words left to read)."""


def premium_rank(question: str) -> PremiumRank | None:
    """The ranking a question asks for, or None."""
    match = _RANK.search(question)
    if match is None:
        return None
    if match.group("end"):
        most = max(1, int(match.group("n")))
        return PremiumRank(match.group("end").lower() == "top", most, match.group(0))
    return PremiumRank(match.group("high") is not None, SUPERLATIVE_SHOWN, match.group(0))
