"""What a question about one account points at, beyond its topics and fields: a channel ("in
the call"), the first or the latest communication, whether something arrived, and the question
with the account's own name taken out (so "Fox Run Auto Repair" does not ask about auto).
"""

from __future__ import annotations

import re

RECEIVED = re.compile(
    r"\b(did|has|have|were)\b.{0,40}\b(send|sent|provide\w*|get|got|receiv\w*|turn\w* in|"
    r"come in|arrive\w*)\b",
    re.IGNORECASE,
)
FIRST = re.compile(r"\b(first|initial|earliest|original|opening)\b", re.IGNORECASE)
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


def without_name(question: str, account_name: str) -> str:
    """The question with the account's name (or its first words) taken out."""
    for name in (account_name, re.sub(r"\b(LLC|Inc|Co|Corp|Ltd)\.?$", "", account_name).strip()):
        if name:
            question = re.sub(re.escape(name), " ", question, flags=re.IGNORECASE)
    return " ".join(question.split())
