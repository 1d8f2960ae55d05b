"""Email addresses and phone numbers in text, as marks that name one person exactly.

A question that holds one ("who is kim@brightspark.example", "whose number is (402) 555-0142")
names the account whose state.md holds it, however the rest is worded. Phones compare by their
digits: the last ten (area code and number), or the last seven when the text leaves the area
code out.
"""

from __future__ import annotations

import re

EMAIL = re.compile(r"[\w.+'-]+@[\w-]+(?:\.[\w-]+)+")
PHONE = re.compile(r"(?<!\d)(?:\(?\d{3}\)?[\s.-]?)?\d{3}[\s.-]\d{4}(?!\d)")
LOCAL_DIGITS = 7
FULL_DIGITS = 10


def emails_in(text: str) -> set[str]:
    """Every email address of ``text``, lower case."""
    return {address.lower().rstrip(".") for address in EMAIL.findall(text)}


def phones_in(text: str) -> set[str]:
    """Every phone number of ``text`` as digits (the last ten, or seven without area code)."""
    found: set[str] = set()
    for number in PHONE.findall(text):
        digits = re.sub(r"\D", "", number)
        if len(digits) >= FULL_DIGITS:
            found.add(digits[-FULL_DIGITS:])
        elif len(digits) == LOCAL_DIGITS:
            found.add(digits)
    return found


def marks_in(text: str) -> set[str]:
    """The emails and phones of ``text``; a full phone also as its last seven digits, so a
    number written without its area code finds it; an email also as its domain ("@kites.com"),
    so another address of the same business finds it."""
    phones = phones_in(text)
    emails = emails_in(text)
    return emails | domains_of(emails) | phones | {p[-LOCAL_DIGITS:] for p in phones}


def domains_of(emails: set[str]) -> set[str]:
    """Each address's domain, written "@domain" so it is never taken for an address."""
    return {"@" + address.rpartition("@")[2] for address in emails}


def asked_marks(question: str) -> set[str]:
    """The emails and phones a question gives (a seven-digit phone as it is)."""
    return emails_in(question) | phones_in(question)
