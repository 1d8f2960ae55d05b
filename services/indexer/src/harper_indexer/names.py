"""Company names for look-up: normal form, character trigrams, and a 0..1 similarity.

Look-up is two steps. The index finds candidates by character trigrams (a sparse vector, IDF
weighted by the engine), which survive typos ("cascade rdge rofing"). Then ``name_similarity``
reranks them by edit distance on the normal forms, allowing a name given without its trailing
words ("Sunny Days" for "Sunny Days Childcare") at a small discount.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz.distance import Indel

from harper_indexer.sparse import SparseVec, counts_vector

LEGAL_SUFFIXES = frozenset(
    {
        "co", "company", "corp", "corporation", "inc", "incorporated", "llc", "lc", "ltd",
        "limited", "llp", "lp", "pllc", "pc", "plc", "pa",
    }
)  # fmt: skip
"""Trailing words that say what kind of legal entity it is, never which business."""

_DROPPED_WORDS = frozenset({"and", "the"})
_JOINED = re.compile(r"['’.]")
_SEPARATORS = re.compile(r"[^0-9a-z]+")
_PREFIX_FLOOR = 0.75
"""A name given as the leading words of another scores at least this share of their likeness."""
_PART = 0.9
"""How well a typed word that is part of a name's word ("ave" of "avenue") matches it."""
_LEGAL_LIKE = 0.66
"""Likeness to a legal suffix above which a typed word is taken for a mistyped one ("lllc")."""


@lru_cache(maxsize=16384)
def normalise_name(name: str) -> str:
    """Lowercase ASCII words: accents folded, '&'/'and'/'the' and legal suffixes dropped.

    "Lee & Sons Law Office, LLC" -> "lee sons law office"; "O'Brien's Café Inc." ->
    "obriens cafe". Words that can tell two businesses apart (Group, Sons, Family) are kept.
    Remembered: a look-up normalises the typed name and each of its ~30 candidates' names.
    """
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    words = _SEPARATORS.sub(" ", _JOINED.sub("", folded.lower().replace("&", " "))).split()
    words = [word for word in words if word not in _DROPPED_WORDS]
    while len(words) > 1 and words[-1] in LEGAL_SUFFIXES:
        words.pop()
    return " ".join(words)


def name_trigrams(normalised: str) -> list[str]:
    """Character trigrams of each word padded with '#' at both ends ("#su", "sun", ..., "ny#")."""
    grams: list[str] = []
    for word in normalised.split():
        padded = f"#{word}#"
        grams.extend(padded[i : i + 3] for i in range(len(padded) - 2))
    return grams


def name_vector(name: str) -> SparseVec:
    """The sparse trigram vector of a name (unit length; the engine adds IDF at query time)."""
    return counts_vector(name_trigrams(normalise_name(name)), normalise=True)


def query_vector(name: str) -> SparseVec:
    """The trigram vector of a name someone typed: each trigram counted, not normalised."""
    return counts_vector(name_trigrams(normalise_name(name)), normalise=False)


@dataclass(frozen=True)
class NameScore:
    """How alike two names are: ``score`` 0..1, ``exact`` when their normal forms are equal."""

    score: float
    exact: bool


def name_similarity(query: str, candidate: str) -> NameScore:
    """Edit-distance likeness of the normal forms, scaled by how well each typed word is found.

    The likeness is of the whole names, or of the query and the candidate's leading words when
    the query has fewer words; that second reading is discounted by how much of the candidate
    it leaves out (a quarter, at most). Then every typed word must match some word of the
    candidate (with a typo, or as a part: "Ave" of "Avenue"): the worst-matched word scales the
    result by the square root of its likeness, so "Golden Gate Brewing" is not "Golden Gate
    Roofing" and "Acme Plumbing" is not "Palmetto Plumbing", though most letters agree.
    """
    wanted, known = normalise_name(query), normalise_name(candidate)
    if not wanted or not known:
        return NameScore(0.0, False)
    wanted = _run_together_as_known(wanted, known)
    if wanted == known:
        return NameScore(1.0, True)
    whole = Indel.normalized_similarity(wanted, known)
    likeness = max(whole, _leading_words_score(wanted, known))
    known_words = known.split()
    typed = [w for i, w in enumerate(wanted.split()) if i == 0 or not _legal_like(w)]
    weakest = min(_word_found(word, known_words) for word in typed)
    return NameScore(round(likeness * weakest**0.5, 4), False)


def _run_together_as_known(wanted: str, known: str) -> str:
    """The typed name with two neighbouring words run together where the known name writes
    them as one word ("bright spark cleaning" for "BrightSpark Commercial Cleaning")."""
    words, known_words = wanted.split(), set(known.split())
    joined: list[str] = []
    at = 0
    while at < len(words):
        pair = "".join(words[at : at + 2])
        if at + 1 < len(words) and pair in known_words and words[at] not in known_words:
            joined.append(pair)
            at += 2
        else:
            joined.append(words[at])
            at += 1
    return " ".join(joined)


def _leading_words_score(wanted: str, known: str) -> float:
    wanted_words, known_words = wanted.split(), known.split()
    if len(wanted_words) >= len(known_words):
        return 0.0
    leading = " ".join(known_words[: len(wanted_words)])
    coverage = len(leading) / len(known)
    likeness = Indel.normalized_similarity(wanted, leading)
    return likeness * (_PREFIX_FLOOR + (1.0 - _PREFIX_FLOOR) * coverage)


def _word_found(word: str, words: list[str]) -> float:
    """How well a typed word matches its best counterpart among ``words`` or two of them run
    together ("childcare" for "child care"): 1 equal, 0.9 a part ("ave" of "avenue", "care"
    of "childcare"), otherwise its edit-distance likeness."""
    best = 0.0
    for other in [*words, *(a + b for a, b in itertools.pairwise(words))]:
        if other == word:
            return 1.0
        part = other.startswith(word) if len(word) < 4 else word in other
        if part and len(word) >= 2:
            best = max(best, _PART)
        best = max(best, Indel.normalized_similarity(word, other))
    return best


@lru_cache(maxsize=4096)
def _legal_like(word: str) -> bool:
    """A mistyped legal suffix ("lllc", "icn", "c"): it may not veto a match (it still costs)."""
    return any(Indel.normalized_similarity(word, s) >= _LEGAL_LIKE for s in LEGAL_SUFFIXES)
