"""Where a query names an account: word classes, candidate spans, and the words of a name.

The mention is found by what matches the book, not by the words around it: every run of the
query's words that neither starts nor ends with a word of a closed class (pronouns,
prepositions, auxiliaries, question words: ``words/closed_classes.txt``) or a verb form
(``words/verbs.txt`` inflected, ``words/irregular_verbs.txt``) is a candidate, and the index
decides which one names an account. A capitalised word inside the query is always a candidate
word ("Larkspur Bakery", "Tall Pine Signs"). Short forms at the end of a name ("Svc", "Co",
"PA": ``words/short_forms.tsv``) are read as what they stand for, legal forms not at all.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lemminflect import getAllLemmas  # type: ignore[import-untyped]

from harper_common.vocabulary import vocabulary
from harper_common.vocabulary.short_words import short_words as english_short_words
from harper_starter.intent_lexicon import BUSINESS_NOUNS, CARRIERS, FIELD

WORDS_DIR = Path(__file__).parent / "words"
SPAN_WORDS = 6
"""Longest run of words tried as a mention."""
_TOKEN = re.compile(r"[\w][\w'’&.-]*|&")
_JOINERS = frozenset({"&", "and", "of", "the"})
"""Words that may sit inside a business name ("Fern & Feather", "Bank of ...", "The Anchor")."""


def _lines(name: str) -> list[str]:
    text = (WORDS_DIR / name).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"]


@cache
def closed_classes() -> dict[str, frozenset[str]]:
    """Each closed word class (pronoun, preposition, ...) and its words."""
    classes: dict[str, set[str]] = {}
    current = ""
    for line in _lines("closed_classes.txt"):
        if line.startswith("["):
            current = line.strip("[]")
            continue
        classes.setdefault(current, set()).update(line.lower().split())
    return {name: frozenset(words) for name, words in classes.items()}


@cache
def closed_words() -> frozenset[str]:
    return frozenset().union(*closed_classes().values())


@cache
def _verbs() -> tuple[frozenset[str], frozenset[str]]:
    base = frozenset(w for line in _lines("verbs.txt") for w in line.lower().split())
    irregular = frozenset(w for line in _lines("irregular_verbs.txt") for w in line.split())
    return base, irregular


@cache
def short_forms() -> dict[str, str]:
    """Short form -> the word it stands for; legal forms -> "" (dropped)."""
    forms: dict[str, str] = {}
    for line in _lines("short_forms.tsv"):
        short, full = line.split("\t")
        forms[short.strip().lower()] = "" if full.strip() == "-" else full.strip().lower()
    return forms


def _stems(word: str) -> list[str]:
    """What ``word`` may be an inflection of: "chased" -> "chas", "chase"; "tried" -> "try"."""
    stems = []
    for suffix in ("ing", "ed", "es", "s", "d"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            stem = word[: -len(suffix)]
            stems += [stem, stem + "e"]
            if len(stem) > 2 and stem[-1] == stem[-2]:
                stems.append(stem[:-1])  # "dropped" -> "drop"
    if word.endswith(("ied", "ies")):
        stems.append(word[:-3] + "y")
    return stems


def in_dictionary(word: str) -> bool:
    """Whether ``lemminflect`` knows a form of ``word`` (a word of English, not a slip)."""
    return bool(getAllLemmas(word))


def inflected_verb(word: str) -> bool:
    """A verb's "-ing" or "-ed" form ("serving", "added"), by ``lemminflect``'s lemmas: any
    verb, not only the common ones of ``verbs.txt``."""
    verbs = getAllLemmas(word).get("VERB", ())
    return word.endswith(("ing", "ed")) and any(lemma != word for lemma in verbs)


@cache
def is_verb_form(word: str) -> bool:
    """A form of a common verb ("offer", "offered", "sends", "chasing", "sent")."""
    base, irregular = _verbs()
    word = word.lower()
    return word in base or word in irregular or any(s in base for s in _stems(word))


@cache
def short_words() -> frozenset[str]:
    """Short English words and insurance shorthand (``harper_common.vocabulary.short_words``,
    the coverage lines' shorthand): written in lowercase, they are words, never initials."""
    shorthand = (s.lower() for line in vocabulary().lines for s in line.shorthand)
    return english_short_words() | frozenset(shorthand)


MIN_INITIALS = 3


def may_be_initials(written: str) -> bool:
    """Whether a mention may be an account's initials: written in capitals ("OVH"), or one
    lowercase run of letters that is no word ("ovh"; not "ace", "coi" or "the")."""
    text = written.strip()
    if text.isupper():
        return True
    lower = text.lower()
    return (
        lower.isalpha()
        and lower.isascii()
        and len(lower) >= MIN_INITIALS
        and lower not in short_words()
        and not is_frame_word(lower)
    )


def is_frame_word(word: str) -> bool:
    """A word that holds the sentence together or says what is done: never a mention's edge."""
    lower = word.lower().replace("’", "'")
    return lower in closed_words() or lower in FIELD or is_verb_form(lower)


@dataclass(frozen=True)
class Span:
    text: str
    words: int
    capitals: int
    """How many of its words are capitalised after the query's first word."""


def query_words(query: str) -> list[str]:
    """The query's words as written, possessive "'s" and edge punctuation removed."""
    words = []
    for token in _TOKEN.findall(query.replace("’", "'")):
        word = token.strip(".-'")
        word = word[:-2] if word.lower().endswith("'s") and len(word) > 3 else word
        if word:
            words.append(word)
    return words


def candidate_spans(query: str, limit: int = 24) -> list[Span]:
    """Runs of words that may name an account, most promising first (more capitals, longer)."""
    words = query_words(query)
    content = [(k > 0 and w[:1].isupper()) or not is_frame_word(w) for k, w in enumerate(words)]
    spans: dict[str, Span] = {}
    for size in range(min(SPAN_WORDS, len(words)), 0, -1):
        for start in range(len(words) - size + 1):
            stop = start + size
            if not (content[start] and content[stop - 1]):
                continue
            run = words[start:stop]
            if size == 1 and (len(run[0]) < 3 or run[0].lower() in short_forms()):
                continue
            capitals = sum(1 for k in range(start, stop) if k > 0 and words[k][:1].isupper())
            spans.setdefault(" ".join(run).lower(), Span(" ".join(run), size, capitals))
    ranked = sorted(spans.values(), key=lambda s: (-min(s.capitals, 3), -s.words))
    return ranked[:limit]


def _fold(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return folded.lower().replace("&", " ").replace("'", "").replace("’", "")


def name_words(name: str) -> list[str]:
    """A name's distinguishing words: folded, short forms read in full, legal forms and
    joiners dropped. "Tall Pine Tree Svc" -> ["tall", "pine", "tree", "service"]."""
    words: list[str] = []
    for word in re.findall(r"[a-z0-9.]+", _fold(name)):
        word = word.strip(".")
        full = short_forms().get(word, word) if len(words) else word
        words.extend(w for w in full.split() if w and w not in _JOINERS)
    return words


def holds(mention: str, account_name: str) -> bool:
    """Every word of the mention is a word of the account's name (in any order), a family
    name said in the plural included ("the Okafors" for Okafor Freight)."""
    wanted = name_words(mention)
    words = name_words(account_name)
    known = {*words, *(a + b for a, b in itertools.pairwise(words))}  # "Snap Fix": "snapfix"
    return bool(wanted) and all(w in known or plural_of(w, known) for w in wanted)


def plural_of(word: str, known: set[str]) -> bool:
    """``word`` is the plural of one of ``known`` ("montoyas" of "montoya", "ruizes" of "ruiz")."""
    if len(word) > 5 and word.endswith("es") and word[:-2] in known:
        return True
    return len(word) > 4 and word.endswith("s") and word[:-1] in known


def without_carriers(lowered: list[str]) -> list[str]:
    """The words left once the carriers' names (the shared vocabulary's) are taken out."""
    text = f" {' '.join(lowered)} "
    for carrier in sorted(CARRIERS, key=len, reverse=True):
        text = text.replace(f" {carrier} ", " ")
    return text.split()


def looks_like_a_business(mention: str, query: str) -> bool:
    """Whether an unknown mention could be a business nobody has filed yet.

    Never when it is a carrier's name and no trade word ("travelers cancelling"), holds a
    closed-class word (other than "&", "and", "of", a leading "The"), starts or ends with a
    lowercase verb, or is all lowercase with a verb's "-ing" or "-ed" form inside (not a trade
    word): then it is a fragment of the question ("offer Lakeshore", "I'm in Bend", "the idea
    of serving beer").
    Never a lone trade word in lowercase ("storage", "the bakery"): a kind, not a name.
    Otherwise when it ends in a legal form, holds a trade word ("Bakery", "Roofing"), or is
    written in capitals past the query's first word.
    """
    words = query_words(mention)
    if not words:
        return False
    lowered = [w.lower().replace("’", "'") for w in words]
    rest = without_carriers(lowered)
    if len(rest) < len(lowered) and not any(
        w in BUSINESS_NOUNS or w.strip(".") in short_forms() for w in rest
    ):
        return False  # "travelers cancelling": a carrier, not a business to file
    inner = lowered[1:] if lowered[0] == "the" else lowered
    if any(w in closed_words() and w not in _JOINERS for w in inner):
        return False
    if any(not w[:1].isupper() and is_verb_form(w) for w in (words[0], words[-1])):
        return False
    if not any(w[:1].isupper() for w in words) and any(
        w not in BUSINESS_NOUNS and inflected_verb(w) for w in lowered[1:-1]
    ):
        return False  # "the idea of serving beer": a clause of the question, written lowercase
    if len(inner) == 1 and inner[0] in BUSINESS_NOUNS and not words[-1][:1].isupper():
        return False  # "storage", "the bakery": a kind of business, named by no one
    if lowered[-1].strip(".") in short_forms() or any(w in BUSINESS_NOUNS for w in lowered):
        return True
    at = query.find(words[0])
    named = [w for w in words if w.lower() not in _JOINERS]
    return at > 0 and all(w[:1].isupper() or w[:1].isdigit() for w in named)


def without_mention(query: str, mention: str) -> str:
    """The query with the words of ``mention`` taken out (where it stands, case aside; else each
    of its words), so the rest can be read on its own: "harlow - how much of sales is school
    lunches" less "school lunches" leaves "harlow - how much of sales is"."""
    words = query_words(mention)
    if not words:
        return query
    together = r"\W+".join(re.escape(w) for w in words)
    found = re.search(rf"(?<!\w){together}(?!\w)", query, flags=re.IGNORECASE)
    if found:
        return f"{query[: found.start()]} {query[found.end() :]}".strip()
    lowered = {w.lower() for w in words}
    return " ".join(w for w in query.split() if w.lower().strip(".,;:!?") not in lowered)


def name_run_after(query: str, written: str) -> str | None:
    """``written`` with the query's next word when that word could go on a name (no closed-class
    word, no verb form): "delta" in "the COI for delta queen hoa" gives "delta queen". None when
    ``written`` is not in the query or nothing such follows it."""
    if not written:
        return None
    found = re.search(rf"(?<!\w){re.escape(written)}(?!\w)", query, flags=re.IGNORECASE)
    if found is None:
        return None
    after = query_words(query[found.end() :])
    if not after:
        return None
    word = after[0]
    if word.lower() in closed_words() or is_verb_form(word.lower()):
        return None
    return f"{found.group(0)} {word}"
