"""Lines of coverage: the full names Harper writes, and the shorthand brokers use for them.

The words are data (the ``lines`` of ``harper_common.vocabulary``): a line's name, its shorthand,
and a word several lines share that means it when unqualified ("malpractice"). Looser listing
words ("hackers") are not read in updates.
"""

from __future__ import annotations

import re

from harper_common.vocabulary import vocabulary

LINES: tuple[str, ...] = vocabulary().line_names
"""The lines offered in forms, in the order brokers think of them."""

_NON_WORD = re.compile(r"[^a-z0-9]+")


def _words(text: str) -> list[str]:
    return _NON_WORD.sub(" ", text.lower().replace("'", "")).split()


_ALIASES: dict[str, str] = {
    " ".join(_words(word)): line.name
    for line in vocabulary().lines
    for word in (*line.names, *line.when_unqualified)
}


def _key(text: str) -> str:
    words = _words(text)
    if words and words[-1] in ("coverage", "insurance", "policy") and len(words) > 1:
        if " ".join(words) not in _ALIASES:
            words = words[:-1]
    return " ".join(words)


def canonical_line(text: str) -> str | None:
    """The full name of a line given by name or shorthand ("WC", "cyber", "the BOP"), or None."""
    key = _key(text)
    key = key.removeprefix("the ").removeprefix("a ")
    return _ALIASES.get(key)


def line_pattern() -> str:
    """A regex alternation of every alias, longest first (for finding lines inside a sentence)."""
    spelled = {alias.replace(" ", r"[\s'&/-]*") for alias in _ALIASES}
    spelled |= {re.escape(line.lower()) for line in LINES}
    return "|".join(sorted(spelled, key=len, reverse=True))
