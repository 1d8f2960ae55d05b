"""The forms of a line of coverage written as one: "GL", "CGL" and "General Liability" are one
thing to the words a question and a file share.

The forms are data (``harper_common.vocabulary``: each line's name and shorthand). Only forms
that cannot be an ordinary word are read so: an acronym or a form of two words or more ("comp"
alone may be a comp'd meal, "auto" a car).
"""

from __future__ import annotations

import re
from functools import lru_cache

from harper_common.vocabulary import vocabulary
from harper_search.listing_words import is_specific


@lru_cache(maxsize=1)
def _line_forms() -> tuple[re.Pattern[str], dict[str, str]]:
    full: dict[str, str] = {}
    for line in vocabulary().lines:
        name = re.sub(r"['’]", "", line.name.lower())
        for form in (line.name, *line.shorthand):
            if is_specific(form) or form == line.name:
                full[re.sub(r"['’]", "", form.lower())] = name
    ordered = sorted(full, key=len, reverse=True)
    alternation = "|".join(re.escape(form).replace(r"\ ", r"['’]?\s+") for form in ordered)
    return re.compile(rf"(?<![\w&])(?:{alternation})(?![\w&])", re.IGNORECASE), full


@lru_cache(maxsize=8192)
def lines_written_out(text: str) -> str:
    """``text`` with every form of a line of coverage written as the line's full name in lower
    case ("an open WC claim" -> "an open workers compensation claim"). Kept per text: a
    sentence is read for its words and for its pairs of words."""
    pattern, full = _line_forms()

    def named(found: re.Match[str]) -> str:
        said = re.sub(r"['’]", "", found.group(0).lower())
        return full.get(" ".join(said.split()), found.group(0))

    return pattern.sub(named, text)


def lines_in(text: str) -> set[str]:
    """The full name (lower case) of each line ``text`` writes in one of its forms ("physical
    damage", "workers compensation")."""
    pattern, full = _line_forms()
    found = (re.sub(r"['’]", "", m.group(0).lower()) for m in pattern.finditer(text))
    return {full.get(" ".join(said.split()), said) for said in found}


def without_lines(text: str) -> str:
    """``text`` with every form of a line of coverage taken out."""
    pattern, _ = _line_forms()
    return pattern.sub(" ", text)
