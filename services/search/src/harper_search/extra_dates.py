"""Listings by a date that state.md keeps beyond the format ("whose renewal falls in June").

Books often carry dates of their own in the frontmatter (``renewal_date``, ``effective_date``).
A question that names such a key (by its words, as ``state_extras`` reads them) and a month
lists the accounts whose date falls in that month: the month's next occurrence from today
unless a year is said ("December 2027").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime

from harper_search.catalog import AccountCard
from harper_search.state_extras import asked_extras, label

_MONTHS = (
    "january february march april may june july august september october november december"
).split()
_MONTH = re.compile(
    r"\b(?P<name>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|"
    r"aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b"
    r"(?:\s+(?P<year>20\d\d))?",
    re.IGNORECASE,
)
_ALSO_WORDS = frozenset({"may", "mar", "march"})
"""Month names that are everyday words too: months only when written with a capital or year."""
_RELATIVE = re.compile(r"\b(?P<which>this|next)\s+month\b", re.IGNORECASE)


@dataclass(frozen=True)
class DatedAccount:
    card: AccountCard
    key: str
    when: date


def month_asked(question: str, today: date) -> tuple[int, int] | None:
    """(year, month) the question names: a month's name (its next occurrence from today, or
    the year said with it), "this month" or "next month"; None when it names none. "may" and
    "march" count only written with a capital or a year, being words too."""
    relative = _RELATIVE.search(question)
    if relative:
        step = 1 if relative.group("which").lower() == "next" else 0
        month = today.month + step
        return (today.year + (month - 1) // 12, (month - 1) % 12 + 1)
    for match in _MONTH.finditer(question):
        name = match.group("name")
        written = name[0].isupper() or match.group("year")
        if name.lower() in _ALSO_WORDS and not written:
            continue
        month = next(i for i, full in enumerate(_MONTHS, 1) if full.startswith(name.lower()[:3]))
        if match.group("year"):
            return (int(match.group("year")), month)
        return (today.year if month >= today.month else today.year + 1, month)
    return None


def dated_in_month(
    question: str, cards: list[AccountCard], today: date
) -> tuple[str, tuple[int, int], list[DatedAccount]] | None:
    """The date key the question asks, the month it names and the accounts whose date of that
    key falls in it; None when it asks no date key of the book or names no month."""
    month = month_asked(question, today)
    if month is None:
        return None
    keys: dict[str, int] = {}
    for card in cards:
        for found in asked_extras(question, card.extra):
            if _as_date(card.extra.get(found.key)) is not None:
                keys[found.key] = keys.get(found.key, 0) + 1
    if not keys:
        return None
    key = max(keys, key=lambda k: (keys[k], k))
    dated = [
        DatedAccount(card, key, when)
        for card in cards
        if (when := _as_date(card.extra.get(key))) is not None and (when.year, when.month) == month
    ]
    dated.sort(key=lambda d: (d.when, d.card.name))
    return label(key).lower(), month, dated


def _as_date(value: object) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip()[:10])
        except ValueError:
            return None
    return None


def month_label(month: tuple[int, int]) -> str:
    return f"{_MONTHS[month[1] - 1].capitalize()} {month[0]}"
