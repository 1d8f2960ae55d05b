"""What one follow-up says: its topic, the fact on file, the ask, and a subject line.

Built from the open items (quote, underwriter's question, missing document, pending action) and
the stage's purpose (the communication-draft skill's stage-purposes.md). The voice comes later:
these are plain sentences the composer dresses for the client.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from harper_followup.open_items import OpenItems, the

_LEADING_VERB = re.compile(
    r"^(?:collect|send|chase|get|obtain|request|receive|await|client review of|review)\s+",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class TalkingPoints:
    topic: str
    """A few words: "the biBERK quote", "the loss runs"."""
    fact: str
    """The open item, with the facts on file."""
    ask: str
    """One clear question."""
    short_ask: str
    """The ask for a text message."""
    subject: str


def _document(action: str) -> str:
    """ "Collect signed application" -> "signed application"."""
    return _LEADING_VERB.sub("", action).strip().rstrip(".")


def talking_points(stage: str, items: OpenItems, insurance: list[str]) -> TalkingPoints:
    if items.quote is not None:
        return _quote_points(items)
    if items.underwriter is not None:
        return _underwriter_points(items)
    if items.missing and stage in ("Intake", "Application Received", "Submitted"):
        doc = " and the ".join(fact.text for fact in items.missing)
        return TalkingPoints(
            topic=f"the {doc}",
            fact=f"To keep your application moving, we still need the {doc}.",
            ask=f"Could you send the {doc} over when you have a moment?",
            short_ask=f"can you send the {doc}?",
            subject=f"The {doc} for your application",
        )
    return _stage_points(stage, items, insurance)


def _quote_points(items: OpenItems) -> TalkingPoints:
    quote = items.quote
    assert quote is not None
    lines = f" for {quote.lines}" if quote.lines else ""
    return TalkingPoints(
        topic=f"{the(quote.carrier)} quote",
        fact=f"{_capital(the(quote.carrier))} quote came to {quote.amount} a year{lines}.",
        ask="Have you had a chance to review it, and would you like to go ahead? "
        "I am glad to walk through any questions.",
        short_ask=f"any decision on {the(quote.carrier)} quote ({quote.amount})?",
        subject=f"Your {quote.carrier} quote ({quote.amount} a year)",
    )


def _underwriter_points(items: OpenItems) -> TalkingPoints:
    question, carrier = items.underwriter, items.underwriter_carrier or "the carrier"
    assert question is not None
    return TalkingPoints(
        topic=f"{the(carrier)} underwriter's question",
        fact=f"{_capital(the(carrier))} underwriter asked about {question.text}.",
        ask=f"Could you send me a short answer on {question.text} so I can pass it along?",
        short_ask=f"{carrier} needs an answer on {question.text}. can you send it?",
        subject=f"A question from {the(carrier)} underwriter",
    )


def _stage_points(stage: str, items: OpenItems, insurance: list[str]) -> TalkingPoints:
    coverage = ", ".join(insurance) if insurance else "your coverage"
    action = items.pending_actions[0] if items.pending_actions else items.next_step or ""
    if stage == "New Lead" or not action:
        return TalkingPoints(
            topic=f"your {coverage} quotes",
            fact=f"Thank you again for reaching out about {coverage}.",
            ask="Is there a good time this week to go over the business and your current coverage?",
            short_ask=f"when's a good time for a quick call about your {coverage} quotes?",
            subject=f"Getting started on your {coverage} quotes",
        )
    if stage == "Submitted":
        return TalkingPoints(
            topic="your submission",
            fact="Your submission is with the carriers, and I am staying on them for the quotes.",
            ask="Has anything changed in the business since we applied that the underwriters "
            "should know about?",
            short_ask="anything changed since we sent your submission?",
            subject="An update on your submission",
        )
    document = _document(action)
    return TalkingPoints(
        topic=f"the {document}",
        fact=f"To move your application forward, we still need the {document}.",
        ask=f"Could you send the {document} over when you have a moment?",
        short_ask=f"can you send the {document}?",
        subject=f"The {document} for your application",
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
