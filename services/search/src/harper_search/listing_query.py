"""A question about many accounts, read as exact filters (stage, state, city, industry, line)
and an optional follow-up condition ("overdue", "quiet for 10 days").

Vocabulary comes from the book itself (the catalog's cities and industries) plus the broker
shorthand of the description-search skill (WC, GL, BOP, "roofers", "daycares").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from harper_common.memory.stages import Stage
from harper_common.messages.index import DescriptionFilters
from harper_search.catalog import Catalog
from harper_search.places import STATE_NAMES
from harper_search.topics import MONTHS

OPEN_STAGES = [
    Stage.NEW_LEAD,
    Stage.INTAKE,
    Stage.APPLICATION_RECEIVED,
    Stage.SUBMITTED,
    Stage.QUOTED,
]

_STAGE_WORDS: tuple[tuple[str, list[Stage]], ...] = (
    (r"new[- ]leads?|leads|prospects?", [Stage.NEW_LEAD]),
    (r"intake|qualif\w*", [Stage.INTAKE]),
    (r"app(lication)?s? received|applications?|apps", [Stage.APPLICATION_RECEIVED]),
    (r"submitted|submissions?|with (the )?(carriers|markets|underwriters?)", [Stage.SUBMITTED]),
    (r"quoted|quotes? (out|pending|sent|pitched)|have (a )?quotes?|quote stage", [Stage.QUOTED]),
    (r"bound|binds?", [Stage.BOUND]),
    (r"closed[- ]won|won(?!'t)", [Stage.CLOSED_WON]),
    (r"closed[- ]lost|lost|dead", [Stage.CLOSED_LOST]),
    (r"open|active|in (the )?pipeline|in progress|not (yet )?(closed|bound)", OPEN_STAGES),
    (r"closed", [Stage.CLOSED_WON, Stage.CLOSED_LOST]),
)

_LINES: tuple[tuple[str, str], ...] = (
    (r"workers'? ?comp\w*|\bwc\b|\bcomp\b", "Workers' Compensation"),
    (r"general liability|\bgl\b", "General Liability"),
    (r"\bbop\b|business owners?'? polic\w*", "Business Owners Policy"),
    (r"\be&o\b|errors (and|&) omissions|professional liability|\bpl\b", "Professional Liability"),
    (r"commercial auto|\bfleet\b|\bauto (insurance|coverage|policy|policies)\b", "Commercial Auto"),
    (r"\bcyber\b", "Cyber Liability"),
    (r"\bcrime\b|employee theft", "Commercial Crime"),
    (r"commercial property|\bproperty (insurance|coverage)\b", "Commercial Property"),
    (r"umbrella|excess", "Umbrella"),
    (r"\bepli\b|employment practices", "Employment Practices Liability"),
    (r"product(s)? liability", "Product Liability"),
    (r"liquor", "Liquor Liability"),
    (r"\bcargo\b", "Motor Truck Cargo"),
    (r"inland marine|equipment floater", "Inland Marine"),
    (r"medical malpractice|\bmed mal\b", "Medical Malpractice"),
    (r"dental malpractice", "Dental Malpractice"),
    (r"builder'?s risk", "Builder's Risk"),
    (r"physical damage|phys dam", "Physical Damage"),
    (r"abuse|\ba&m\b|molestation", "Abuse & Molestation"),
    (r"garagekeepers", "Garagekeepers"),
)

_TRADES: tuple[tuple[str, str], ...] = (
    (r"roof\w*", "Roofing Contractor"),
    (r"general contractors?|\bgcs?\b", "General Contractor"),
    (r"hvac", "HVAC Contractor"),
    (r"plumb\w*", "Plumbing"),
    (r"electric\w*", "Electrical Contractor"),
    (r"landscap\w*|lawn", "Landscaping"),
    (r"clean\w*|janitor\w*", "Cleaning Service"),
    (r"mov(ers?|ing)", "Moving Company"),
    (r"truck\w*|haul\w*", "Trucking"),
    (r"auto repair|mechanics?|garages?|body shops?", "Auto Repair"),
    (r"restaurants?|diners?|cafes?", "Restaurant"),
    (r"baker(y|ies)", "Bakery"),
    (r"brew\w*", "Brewery"),
    (r"retail\w*|shops?|stores?", "Retail Store"),
    (r"pharmac\w*|drug ?stores?", "Pharmacy"),
    (r"salons?|hair", "Hair Salon"),
    (r"fitness|gyms?", "Fitness Studio"),
    (r"child ?care|day ?cares?|preschools?", "Childcare Center"),
    (r"dent\w*", "Dental Practice"),
    (r"physical therap\w*|\bpt\b", "Physical Therapy"),
    (r"vet(s|erinar\w*)?\b", "Veterinary Clinic"),
    (r"law firms?|lawyers?|attorneys?|legal", "Law Firm"),
    (r"accounting|accountants?|cpas?|bookkeep\w*", "Accounting Firm"),
    (r"\bit\b (consult\w*|firms?|companies)|tech consult\w*|it consulting", "IT Consulting"),
    (r"property manag\w*", "Property Management"),
    (r"manufactur\w*|factor(y|ies)", "Manufacturing"),
    # last: "clinic" alone means a medical one only when no other trade took the word
    (r"medical|doctors?|physicians?|primary care|clinics?", "Medical Clinic"),
)

_KIND_OF_PLACE = r"(clinics?|practices?|offices?|firms?|compan(y|ies)|business(es)?|shops?)\b"
"""Nouns that go with a trade ("vet clinics"): taken with it, so "clinics" is not read again."""

FOLLOW_UP = re.compile(
    r"\b(follow[- ]?ups?|overdue|over ?due|gone (quiet|cold|dark)|going cold|stale|haven'?t heard|"
    r"not heard|no (contact|word|response|reply)|need (a )?(call|nudge|touch|chase|chasing)|chase|"
    r"neglect\w*|slipping|falling through|due for|haven'?t (touched|contacted|talked|spoken|"
    r"reached|called|emailed|followed)|not (been )?touched|untouched|too long|in a while|"
    r"been a while|long time)\b",
    re.IGNORECASE,
)
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

    @property
    def has_conditions(self) -> bool:
        return not self.filters.is_empty() or self.follow_up or self.quiet_days is not None


def parse_listing(question: str, catalog: Catalog, today: date | None = None) -> ListingQuery:
    text = question.lower()
    stages = _stages(text)
    follow_up = bool(FOLLOW_UP.search(question))
    quiet = _quiet_days(question, today)
    if (follow_up or quiet is not None) and not stages:
        stages = [s.value for s in OPEN_STAGES]
    lines, rest = _matches(text, _LINES, catalog.values("insurance_types"))
    trades, _ = _matches(rest, _TRADES, catalog.values("industry"))
    filters = DescriptionFilters(
        stage=stages or None,
        state=_states(question) or None,
        city=_cities(text, catalog) or None,
        industry=trades or None,
        insurance_type=lines or None,
    )
    return ListingQuery(
        filters=filters,
        follow_up=follow_up,
        quiet_days=quiet,
        counting=bool(COUNTING.search(question)),
        every_line=len(lines) > 1 and not re.search(r"\b(or|either|any of)\b", text),
    )


def _stages(text: str) -> list[str]:
    found: list[str] = []
    for pattern, stages in _STAGE_WORDS:
        if re.search(rf"\b({pattern})\b", text):
            found += [s.value for s in stages if s.value not in found]
            text = re.sub(rf"\b({pattern})\b", " ", text)
    return found


def _states(question: str) -> list[str]:
    lower = question.lower()
    found = [code for name, code in STATE_NAMES.items() if re.search(rf"\b{name}\b", lower)]
    codes = set(STATE_NAMES.values())
    for code in re.findall(r"\b[A-Z]{2}\b", question):
        if code in codes and (
            code not in _WORD_LIKE_CODES or re.search(rf"\b(in|from|based in),? {code}\b", question)
        ):
            found.append(code)
    return list(dict.fromkeys(found))


def _cities(text: str, catalog: Catalog) -> list[str]:
    return sorted(
        c for c in catalog.values("city") if re.search(rf"\b{re.escape(c.lower())}\b", text)
    )


def _matches(
    text: str, table: tuple[tuple[str, str], ...], known: set[str]
) -> tuple[list[str], str]:
    """Values named in full ("veterinary clinic") win over shorthand; returns the values and
    the text without the words they used (so "Motor Truck Cargo" is not also "trucking")."""
    exact = sorted((v for v in known if re.search(rf"\b{re.escape(v.lower())}\b", text)), key=len)
    for value in reversed(exact):
        text = re.sub(rf"\b{re.escape(value.lower())}\b", " ", text)
    found = list(exact)
    for pattern, value in table:
        if re.search(rf"\b({pattern})", text):
            text = re.sub(rf"\b({pattern})\w*(\s+{_KIND_OF_PLACE})?", " ", text)
            if value not in found:
                found.append(value)
    return ([v for v in found if v in known] if known else found), text


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
