"""Rephrasings to offer when the intent is unclear or an account is needed but not named.

They reuse the broker's own words: "What did the customer say in the call?" becomes "What did
[account name] say in the call?" and "What did the [business type] in [city] say in the call?";
keywords pick templates ("premium" -> "What premium was quoted for ...?").
"""

from __future__ import annotations

import re

from harper_common.messages.query import Intent

ACCOUNT = "[account name]"
DESCRIBED = "the [business type] in [city]"
MAX_SUGGESTIONS = 4

_PRONOUN = re.compile(
    r"\b(?:the (?:customer|client|insured|account|company|business|owner)|"
    r"(?:this|that) (?:account|client|customer|one|company)|they|them|he|she|him|it)\b"
    r"|\b(?P<poss>their|his|her|its)\b",
    re.IGNORECASE,
)
_KEYWORD_TEMPLATES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(?:status|stage|where are we|latest|update)\b"), "What is the status of {a}?"),
    (re.compile(r"\b(?:premium|quote|quoted|price|cost)\b"), "What premium was quoted for {a}?"),
    (re.compile(r"\b(?:say|said|call|talk|heard|spoke)\b"), "What did {a} say in the last call?"),
    (re.compile(r"\bloss runs\b"), "Did {a} send loss runs?"),
    (re.compile(r"\bcontact\b"), "Who is the contact at {a}?"),
    (re.compile(r"\bnote\b"), "Add a note to {a}: ..."),
    (re.compile(r"\b(?:bound|bind|signed)\b"), "Mark {a} as Bound eff 2/1"),
    (re.compile(r"\b(?:follow up|remind|nudge|chase)\b"), "Follow up with {a}"),
    (re.compile(r"\b(?:draft|write|email|text)\b"), "Draft an email to {a} about the quote"),
)
_BY_INTENT: dict[Intent, tuple[str, ...]] = {
    "search": ("What is the status of {a}?", "What did {a} say in the last call?"),
    "update": ("Mark {a} as Quoted, $2,600 premium", "Add a note to {a}: ..."),
    "followup": ("Follow up with {a}", "Draft an email to {a} about the quote"),
    "unclear": (
        "What is the status of {a}?",
        "Which accounts need follow-up?",
        "Mark {a} as Quoted",
        "Follow up with {a}",
    ),
}


def _fill_pronoun(query: str, filler: str) -> str | None:
    """The query with its first pronoun ("the customer", "they", "their") replaced by `filler`."""
    match = _PRONOUN.search(query)
    if match is None:
        return None
    replacement = filler + ("'s" if match.group("poss") else "")
    text = query[: match.start()] + replacement + query[match.end() :]
    return text[:1].upper() + text[1:]


def suggest(query: str, norm: str, intent: Intent, account: str | None = None) -> list[str]:
    """2-4 concrete rephrasings, most specific first. `account` is a name-like word, if any."""
    name = account or ACCOUNT
    found: list[str] = []
    if intent != "unclear":
        found += [s for s in (_fill_pronoun(query, name), _fill_pronoun(query, DESCRIBED)) if s]
    found += [
        template.format(a=name) for pattern, template in _KEYWORD_TEMPLATES if pattern.search(norm)
    ]
    found += [template.format(a=name) for template in _BY_INTENT[intent]]
    found += [template.format(a=name) for template in _BY_INTENT["unclear"]]
    unique = list(dict.fromkeys(s.strip() for s in found))
    return unique[:MAX_SUGGESTIONS]
