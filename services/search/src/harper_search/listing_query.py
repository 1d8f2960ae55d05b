"""A question about many accounts as `ListingQuery`: filters (read by `listing_reader`) and
the conditions on time and money: days of silence ("quiet for 10 days", "since September"),
premium bounds ("over 16k").

US states, by name or postal code, are read here: a general rule, not a list of phrasings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from harper_common.memory.stages import Stage
from harper_common.messages.index import DescriptionFilters
from harper_search.listing_rank import PremiumRank
from harper_search.places import STATE_NAMES

MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
OPEN_STAGES = [
    Stage.NEW_LEAD,
    Stage.INTAKE,
    Stage.APPLICATION_RECEIVED,
    Stage.SUBMITTED,
    Stage.QUOTED,
]

DAYS = re.compile(r"\b(\d{1,3})\+?\s*(days?|d)\b", re.IGNORECASE)
WEEKS = re.compile(r"\b(\d{1,2}|a|one|two|three|four|five|six)\s*weeks?\b", re.IGNORECASE)
MONTHS_SPAN = re.compile(
    r"\b(\d{1,2}|a|one|two|three|four|five|six|a couple(?: of)?)\s*months?\b", re.IGNORECASE
)
SINCE_MONTH = re.compile(rf"\bsince (?:early |mid |late )?({MONTHS})\b", re.IGNORECASE)
_COUNT_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_MONTH_NUMBER = {name[:3]: n for n, name in enumerate(MONTHS.split("|")[:12], start=1)}
_SILENT = re.compile(r"\b(no|not|never|haven'?t|hasn'?t|without|quiet|silent)\b", re.IGNORECASE)
_WORD_LIKE_CODES = frozenset({"OK", "HI", "ME", "OR", "IN", "DE", "PA", "MA", "LA", "CO"})
"""Codes that are also words or abbreviations ("OK, which..."): a state only after "in"."""
COUNTING = re.compile(r"\b(how many|count|number of)\b", re.IGNORECASE)


@dataclass(frozen=True, kw_only=True)
class ListingQuery:
    filters: DescriptionFilters
    follow_up: bool
    quiet_days: int | None
    counting: bool
    every_line: bool = False
    """Several lines joined by "and": an account must have all of them (filters match any)."""
    line_groups: tuple[tuple[str, ...], ...] = ()
    """Each line asked, as the book's values that name it ("WC" or "Workers' Compensation"):
    with ``every_line``, an account must hold one value of every group."""
    owed: bool = False
    """Only accounts with a pending action of the agency's own ("what we still owe")."""
    readings: tuple[str, ...] = ()
    """How category words were read ("'hospitality' as industry Restaurant or Hotel")."""
    unmatched: tuple[str, ...] = ()
    """Words that looked like a category but are close to no value of the book."""
    kinds_by_meaning: tuple[str, ...] = ()
    """Words read as a category of business by meaning only, not by one of its names ("meals"
    as the food businesses): what a business does, which other kinds may do too."""
    free_words: str = ""
    """What is left of the question once its filters are read (for description search)."""
    premium_over: float | None = None
    premium_under: float | None = None
    without_lines: tuple[str, ...] = ()
    """Lines the question says the accounts must not have ("cyber but no workers comp")."""
    without_states: tuple[str, ...] = ()
    """States (codes) the question leaves out ("quoted accounts not in Texas")."""
    wished_stages: tuple[str, ...] = ()
    """Stages someone wants reached ("wants it bound by the 1st"): no filter; the accounts short
    of them whose files say it."""
    rank: PremiumRank | None = None
    """Ordered by premium and cut ("the five biggest", "top 10"); None keeps the usual order."""
    staff: tuple[str, ...] = ()
    """The agency's people the question names ("Ana's clients"): their accounts only."""
    staff_accounts: frozenset[str] = frozenset()
    question: str = ""
    """The question as asked (its other words may ask fields of each account listed)."""
    premium_total: bool = False
    """The question asks what the listed accounts' premiums add up to."""

    @property
    def has_conditions(self) -> bool:
        return (
            not self.filters.is_empty()
            or self.follow_up
            or self.quiet_days is not None
            or self.owed
            or self.premium_over is not None
            or self.premium_under is not None
            or self.rank is not None
            or bool(self.without_lines)
            or bool(self.without_states)
            or bool(self.staff)
        )


def time_conditions(question: str, today: date | None) -> tuple[int | None, bool]:
    """Days of silence asked for, and whether the question counts."""
    return _quiet_days(question, today), bool(COUNTING.search(question))


_AMOUNT = r"(\$)?\s?(\d[\d,]*(?:\.\d+)?)\s?(k|m)?\b(?!\s*(?:days?|weeks?|months?|years?|%))"
PREMIUM_OVER = re.compile(
    rf"\b(?:over|above|more than|greater than|at least|north of)\s+{_AMOUNT}", re.I
)
PREMIUM_UNDER = re.compile(rf"\b(?:under|below|less than|at most|south of)\s+{_AMOUNT}", re.I)


def premium_bounds(question: str) -> tuple[float | None, float | None]:
    """Premiums asked for: "over 16k", "under $5,000" (an amount, not "over 30 days")."""
    return _amount(PREMIUM_OVER.search(question)), _amount(PREMIUM_UNDER.search(question))


def _amount(match: re.Match[str] | None) -> float | None:
    if match is None:
        return None
    dollar, number, scale = match.groups()
    value = float(number.replace(",", ""))
    value *= {"k": 1_000, "m": 1_000_000}.get((scale or "").lower(), 1)
    return value if dollar or scale or value >= 1_000 else None


def asks_every_line(question: str, lines: Sequence[object]) -> bool:
    """Several lines joined by "and" (not "or"): accounts must hold all of them."""
    return len(lines) > 1 and not re.search(r"\b(or|either|any of)\b", question, re.I)


def state_codes(question: str) -> list[str]:
    """US states named by postal code ("in TX"; codes that are words only after "in")."""
    return _state_codes(question)


def _state_codes(question: str) -> list[str]:
    codes = set(STATE_NAMES.values())
    found = []
    for code in re.findall(r"\b[A-Z]{2}\b", question):
        if code in codes and (
            code not in _WORD_LIKE_CODES or re.search(rf"\b(in|from|based in),? {code}\b", question)
        ):
            found.append(code)
    return list(dict.fromkeys(found))


def _quiet_days(question: str, today: date | None = None) -> int | None:
    """Days of silence asked for: "30 days", "3 weeks", "over a month", "since September"."""
    if not re.search(
        r"\b(no|without|not|haven'?t|hasn'?t|quiet|since|more than|over|longer|past|last)\b",
        question,
        re.I,
    ):
        return None
    days = DAYS.search(question)
    if days:
        return int(days.group(1))
    weeks = WEEKS.search(question)
    if weeks:
        word = weeks.group(1).lower()
        return 7 * (_COUNT_WORDS.get(word) or int(word))
    months = MONTHS_SPAN.search(question)
    if months:
        word = months.group(1).lower()
        count = 2 if word.startswith("a couple") else _COUNT_WORDS.get(word) or int(word)
        return 30 * count
    since = SINCE_MONTH.search(question)
    if since and today is not None and _SILENT.search(question):
        month = _MONTH_NUMBER[since.group(1).lower()[:3]]
        year = today.year if month <= today.month else today.year - 1
        return (today - date(year, month, 1)).days + 1  # last contact before the 1st
    return None
