"""Reading amounts and dates the way brokers write them."""

from __future__ import annotations

import re
from datetime import date, timedelta

_AMOUNT = re.compile(r"^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(k|K|thousand)?$")


def parse_amount(text: str) -> int | float | None:
    """'$2,600' -> 2600, '2.6k' -> 2600, '1,250.50' -> 1250.5; None when it is not an amount."""
    cleaned = text.strip().rstrip(".").replace("USD", "").replace("dollars", "").strip()
    match = _AMOUNT.match(cleaned)
    if not match:
        return None
    whole = float(match.group(1).replace(",", "") + (match.group(2) or ""))
    if match.group(3):
        whole *= 1000
    if whole <= 0 or whole > 1e9:
        return None
    return int(whole) if whole.is_integer() else round(whole, 2)


_ISO = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_SLASHED = re.compile(r"^(\d{1,2})/(\d{1,2})(?:/(\d{2}|\d{4}))?$")


def parse_day(text: str, today: date) -> date | None:
    """'today', 'yesterday', '2026-11-20', '11/20', '11/20/2026' as a date; None otherwise."""
    word = text.strip().lower().rstrip(".")
    if word in ("today", "this morning", "this afternoon", "tonight"):
        return today
    if word == "yesterday":
        return today - timedelta(days=1)
    try:
        if match := _ISO.match(word):
            return date(int(match[1]), int(match[2]), int(match[3]))
        if match := _SLASHED.match(word):
            year = int(match[3]) if match[3] else today.year
            year += 2000 if year < 100 else 0
            return date(year, int(match[1]), int(match[2]))
    except ValueError:
        return None
    return None


def next_occurrence(text: str, today: date) -> date | None:
    """A month/day without a year, as its next occurrence from today ('eff 2/1')."""
    day = parse_day(text, today)
    if day is None:
        return None
    if "/" in text and text.count("/") == 1 and day < today:
        return day.replace(year=day.year + 1)
    return day
