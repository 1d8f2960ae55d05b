"""Where one sentence ends and the next begins, the same for the indexer's passages and the
search agent's quotes: after ". ", "! " or "? " before a capital, a digit, a quote or "$", but not
after a title or an abbreviation people write with a full stop ("Dr. Ruiz", "St. Paul",
"Acme Co. has", "U.S. Bank"), nor after the dot leaders of a table row."""

from __future__ import annotations

import re

ABBREVIATIONS = ("Dr", "Mr", "Ms", "Mrs", "Jr", "Sr", "St", "Mt", "Ft", "Inc", "Co", "No", "vs")
"""Words written with a full stop that seldom end a sentence."""

_NOT_AFTER = (
    "".join(rf"(?<!\b{word}\.)" for word in ABBREVIATIONS)
    + r"(?<!\b[A-Z]\.[A-Z]\.)"
    + r"(?<!\.\.\.\.)"  # dot leaders of a table row ("total ........ $186,400"), not an end
)
SENTENCE_BREAK = _NOT_AFTER + r"(?<=[.!?])\s+(?=[A-Z0-9\"'$(])"
"""A regular expression (text) matching the space between two sentences."""

_BREAK = re.compile(SENTENCE_BREAK)


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` as written (stripped), empty pieces left out."""
    return [piece.strip() for piece in _BREAK.split(text) if piece.strip()]
