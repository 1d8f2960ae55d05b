"""US state names and codes, and "City, ST" locations split into their parts."""

from __future__ import annotations

import re

STATE_CODES: dict[str, str] = {
    "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA",
    "colorado": "CO", "connecticut": "CT", "delaware": "DE", "district of columbia": "DC",
    "florida": "FL", "georgia": "GA", "hawaii": "HI", "idaho": "ID", "illinois": "IL",
    "indiana": "IN", "iowa": "IA", "kansas": "KS", "kentucky": "KY", "louisiana": "LA",
    "maine": "ME", "maryland": "MD", "massachusetts": "MA", "michigan": "MI", "minnesota": "MN",
    "mississippi": "MS", "missouri": "MO", "montana": "MT", "nebraska": "NE", "nevada": "NV",
    "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM", "new york": "NY",
    "north carolina": "NC", "north dakota": "ND", "ohio": "OH", "oklahoma": "OK", "oregon": "OR",
    "pennsylvania": "PA", "rhode island": "RI", "south carolina": "SC", "south dakota": "SD",
    "tennessee": "TN", "texas": "TX", "utah": "UT", "vermont": "VT", "virginia": "VA",
    "washington": "WA", "west virginia": "WV", "wisconsin": "WI", "wyoming": "WY",
    "puerto rico": "PR", "washington dc": "DC",
}  # fmt: skip
"""Lowercase state name -> two-letter postal code."""

_CODES = frozenset(STATE_CODES.values())
_ZIP = re.compile(r"[\s,]+\d{5}(?:-\d{4})?$")


def state_code(text: str) -> str | None:
    """The postal code for a state given by name or code, any case ("Texas", "tx" -> "TX")."""
    key = " ".join(text.split()).lower()
    bare = key.replace(".", "")
    if bare.upper() in _CODES:
        return bare.upper()
    return STATE_CODES.get(key) or STATE_CODES.get(bare)


def split_location(location: str | None) -> tuple[str | None, str | None]:
    """(city, state code) of "Austin, TX", "Austin, Texas" or "Austin, TX 78701" (a ZIP code
    after the state is no part of it); (None, None) for nothing.

    Without a recognisable state, the whole text is the city and the state is None.
    """
    if location is None or not location.strip():
        return None, None
    bare = _ZIP.sub("", location.strip())
    if bare and bare != location.strip():  # "Annapolis, MD 21401": the ZIP after a state
        city, code = split_location(bare)
        if code:
            return city, code
    head, comma, tail = location.rpartition(",")
    if comma:
        code = state_code(tail)
        return (head.strip() or None, code) if code else (location.strip(), None)
    words = location.split()
    code = state_code(words[-1]) if len(words) > 1 and len(words[-1]) == 2 else None
    return (" ".join(words[:-1]), code) if code else (location.strip(), None)
