"""Tokenise a broker's query: surface words as written, plus normalised keys for the rules.

`tokenize` keeps each word as written (for account names) and gives it a `key`: lowercase,
shorthand expanded ("f/u" -> "follow up", "whats" -> "what is") and frame-word typos fixed
("stauts" -> "status"). `Query.norm` joins the keys, so rules are plain regexes over it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

from harper_starter.intent_lexicon import (
    ABBREVIATIONS,
    BUSINESS_NOUNS,
    CONNECTORS,
    FIELD,
    FRAME,
    TYPO_TARGETS,
    TYPOS,
)

_TOKEN = re.compile(
    r"\$\s?\d[\d,]*(?:\.\d+)?[kKmM]?"  # money
    r"|\d{1,2}/\d{1,2}(?:/\d{2,4})?"  # dates like 2/1 or 1/15/2026
    r"|[A-Za-z0-9][A-Za-z0-9'’&./@-]*"  # words, incl. E&O, Tri-County, O'Malley's, f/u, Inc.
    r"|&|[?!,;:()\"]|—|-{1,2}"  # "&" alone, then separators
)
_DURATION = re.compile(r"(?:days?|weeks?|wks?|months?|mos?|years?|yrs?|hours?|hrs?|minutes?)")
_NUMBER = re.compile(r"\d[\d,.]*[kK]?")
_TRAILING = ".'’-/"


@dataclass(frozen=True, slots=True)
class Token:
    """One word or separator of the query."""

    text: str
    """The word as written, trailing punctuation and possessive 's removed."""
    key: str
    """Normalised lowercase form used by the rules; may hold two words ("what is")."""
    sep: bool = False
    """A separator (punctuation) rather than a word."""
    possessive: bool = False
    """The word was written with a possessive 's ("Dental's")."""
    raw: str = ""
    """The word exactly as written (keeps 's)."""
    start: int = 0
    """Offset of the word in the cleaned query."""
    stop: int = 0
    """Offset just after `text` in the cleaned query (excludes a possessive 's)."""
    kind: str = "name"
    """"frame", "field", "name", "connector" (& and of), "number" (may start a name:
    "3 Brothers Moving"), "value" (money, date, duration) or "sep"."""

    @property
    def capitalized(self) -> bool:
        """Starts with an upper-case letter (or is an acronym such as HVAC)."""
        return self.text[:1].isupper()

    @property
    def in_capitals(self) -> bool:
        """A word of two letters or more written all in capitals ("IT", "US", "HVAC"): in a
        name, an acronym, not the everyday word its letters may spell."""
        return len(self.text) >= 2 and self.text.isalpha() and self.text.isupper()


def _damerau1(word: str, target: str) -> bool:
    """True if `target` is one insertion, deletion or transposition away (no substitution)."""
    if abs(len(word) - len(target)) > 1 or word == target:
        return False
    if len(word) == len(target):
        diff = [i for i, (a, b) in enumerate(zip(word, target, strict=True)) if a != b]
        return len(diff) == 2 and diff[1] == diff[0] + 1 and word[diff[0]] == target[diff[1]]
    short, long_ = sorted((word, target), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


@lru_cache(maxsize=8192)
def fix_typo(word: str, targets: frozenset[str] = TYPO_TARGETS) -> str | None:
    """The frame word a misspelt `word` most likely means, or None."""
    if len(word) < 4 or not word.isalpha() or word in FRAME or word in FIELD:
        return None
    return next((t for t in _sorted(targets) if _damerau1(word, t)), None)


@lru_cache(maxsize=8)
def _sorted(words: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(words))


@lru_cache(maxsize=8192)
def is_business_noun(word: str) -> bool:
    """A word typical of a business name ("Roofing", "Dental", "LLC"), allowing one typo."""
    word = word.lower().strip(".")
    if word in BUSINESS_NOUNS:
        return True
    return len(word) >= 5 and fix_typo(word, BUSINESS_NOUNS) is not None


def _kind(key: str, raw: str) -> str:
    if raw[:1] == "$" or ("/" in raw and raw[:1].isdigit()):
        return "value"
    if _NUMBER.fullmatch(raw.rstrip(".")):
        return "number"
    if key in CONNECTORS:
        return "connector"
    if key in FRAME or " " in key:
        return "frame"
    return "field" if key in FIELD else "name"


def _word(raw: str, first: bool, start: int) -> Token:
    raw = raw.replace("’", "'")
    text = raw.rstrip(_TRAILING) or raw
    lower = text.lower()
    if raw.endswith(".") and lower in ABBREVIATIONS:
        text = text + "."
    possessive = lower.endswith("'s") and len(lower) > 3 and lower not in TYPOS
    if possessive:
        text, lower = text[:-2], lower[:-2]
    key = TYPOS.get(lower) or TYPOS.get(raw.lower()) or lower
    if key == lower and (first or not text[:1].isupper()):
        key = fix_typo(lower) or lower
    key = key.strip(".")
    stop = start + len(text)
    kind = _kind(key, raw)
    return Token(
        text=text, key=key, possessive=possessive, raw=raw, start=start, stop=stop, kind=kind
    )


def tokenize(text: str) -> list[Token]:
    """Split `text` into tokens; numbers before a time unit ("30 days") become values."""
    tokens: list[Token] = []
    for match in _TOKEN.finditer(text):
        raw = match.group()
        if raw[0].isalnum() or raw[0] in "$&":
            tokens.append(_word(raw, not tokens, match.start()))
        else:
            end = match.end()
            tokens.append(
                Token(
                    text=raw, key=raw, sep=True, raw=raw, start=end - len(raw), stop=end, kind="sep"
                )
            )
    for i in range(1, len(tokens)):
        if tokens[i - 1].kind == "number" and _DURATION.fullmatch(tokens[i].key):
            tokens[i - 1] = replace(tokens[i - 1], kind="value")
            tokens[i] = replace(tokens[i], kind="value")
    return tokens


@dataclass(frozen=True)
class Query:
    """A query prepared for the rules: the cleaned text, its tokens and their joined keys."""

    text: str
    tokens: tuple[Token, ...]

    @classmethod
    def parse(cls, query: str) -> Query:
        """Clean whitespace and quotes, then tokenise."""
        text = " ".join(query.replace("“", '"').replace("”", '"').split())
        return cls(text=text, tokens=tuple(tokenize(text)))

    @cached_property
    def norm(self) -> str:
        """Keys joined by single spaces: "what is the status of sunny days childcare ?"."""
        return " ".join(t.key for t in self.tokens)

    @cached_property
    def has_question_mark(self) -> bool:
        """The broker wrote a question mark somewhere."""
        return "?" in self.text

    @property
    def words(self) -> list[Token]:
        """The word tokens (no separators)."""
        return [t for t in self.tokens if not t.sep]
