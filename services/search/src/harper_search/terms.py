"""Words as the text search sees them: lower case, light stemming, stop words left out.

The same function cuts file text (for the index) and queries, so "loss run" finds "Loss Runs".
"""

from __future__ import annotations

import re
import unicodedata

_WORD = re.compile(r"[a-z0-9]+(?:[,.'&][a-z0-9]+)*")

STOP_WORDS = frozenset(
    """a an and are as at be been but by can could did do does for from had has have he her his
    how i if in into is it its me my no not of on or our over please pls s she so than that the
    their them then there these they this to up us was we were what when where which who whom
    whose why will with would you your yours about any anything tell show give get got
    after before during between through upon onto within via also just very
    w u ur abt""".split()
)
"""Shorthand as brokers type it is among them: "w" (with), "u", "ur" and "abt" (about); so are
prepositions of time and place ("a loss after the hail" names a hail loss, not an "after")."""


def stem(word: str) -> str:
    """A very light stemmer (plurals and the possessive only), enough for "runs"/"run",
    "quotes"/"quote" and "carrier's"/"carrier"."""
    if word.endswith(("'s", "\u2019s")):
        word = word[:-2]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


_ACRONYM_PLURAL = re.compile(r"\b([A-Z]{2,}[0-9]*)s\b")
"""An abbreviation in capitals with a plural "s" ("COIs", "VINs", "MVRs")."""


def lowered(text: str) -> str:
    """``text`` in lower case, an abbreviation's plural written as its singular: "COIs" is
    "coi", as "certificates" is "certificate" to the stemmer (which keeps "-is" endings whole:
    "this", "basis")."""
    return _ACRONYM_PLURAL.sub(r"\1", text).lower()


def hyphen_joins(text: str) -> list[bool]:
    """For each word of ``words(text)``: whether a hyphen joins it to the next ("brand-new")."""
    lower = lowered(text)
    found = list(_WORD.finditer(lower))
    return [
        a.end() < b.start() and lower[a.end() : b.start()] == "-"
        for a, b in zip(found, found[1:], strict=False)
    ] + ([False] if found else [])


def words(text: str) -> list[str]:
    """Lower-case words of ``text`` in order (numbers with separators kept whole: 2,600)."""
    return _WORD.findall(lowered(text))


def straight_words(text: str) -> list[str]:
    """``words``, a curly apostrophe read as a straight one ("haven’t" is "haven't")."""
    return words(text.replace("\u2019", "'"))


def terms(text: str) -> list[str]:
    """Stemmed words without stop words, in order, repeats kept."""
    return [stem(word) for word in words(text) if word not in STOP_WORDS]


def term_set(text: str) -> set[str]:
    """The distinct terms of ``text`` (each word stemmed once, however often it occurs)."""
    return {stem(word) for word in set(_WORD.findall(lowered(text))) if word not in STOP_WORDS}


MIN_SHORT_FORM = 3
"""A word cut short still names the longer one from this many letters ("vet", "eff", "doug")."""


def cut_short(said: str, full: str) -> bool:
    """``said`` is ``full``, or ``full`` cut short ("vet" for "veterinary", "doug" for
    "douglas", "eff" for "effective")."""
    return said == full or (len(said) >= MIN_SHORT_FORM and full.startswith(said))


def without_accents(text: str) -> str:
    """Lower case without accents: "Adrián" is written "adrian" as often as not."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
