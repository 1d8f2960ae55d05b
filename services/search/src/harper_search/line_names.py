"""Lines of coverage by their names: a value a book writes ("WC", "E&O") and the line of the
shared vocabulary it names (Workers' Compensation, Professional Liability)."""

from __future__ import annotations

import re
from functools import cache

from harper_common.vocabulary import vocabulary


def line_named(value: str) -> str:
    """The line of coverage ``value`` names by its full name or shorthand ("WC", "workers comp"
    -> Workers' Compensation); ``value`` itself when it names no line of the vocabulary."""
    return _line_names().get(value.strip().lower(), value)


def said_in_full(value: str) -> str:
    """A book's line written as one short word, as a reader who does not know the shorthand
    reads it: "WC (Workers' Compensation)", "Auto (Commercial Auto)"; a line written in words
    ("Products Liability", "workers comp") as it is."""
    named = line_named(value)
    if len(value.split()) > 1 or named.lower() == value.strip().lower():
        return value
    return f"{value} ({named})"


def names_a_line(text: str) -> bool:
    """Whether ``text`` names a line of coverage by its full name or shorthand, as a word."""
    return bool(_any_line_name().search(text))


@cache
def _line_names() -> dict[str, str]:
    return {name.lower(): line.name for line in vocabulary().lines for name in line.names}


@cache
def _any_line_name() -> re.Pattern[str]:
    names = sorted(_line_names(), key=len, reverse=True)
    return re.compile(r"(?<![\w&])(?:" + "|".join(map(re.escape, names)) + r")(?![\w&])", re.I)
