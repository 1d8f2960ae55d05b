"""Typos in the words that decide what a question asks ("payrol", "renwal", "undrwriter").

A question word of five letters or more that is one edit (two, from eight letters) away from a
cue word is read as that cue word. Only cue words are corrected; the rest is left as written,
and so is a word English knows (lemminflect's lexicon): "declined" is no typo of "decided".
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lemminflect import getAllLemmas  # type: ignore[import-untyped]

from harper_common.vocabulary.short_words import short_words

CUE_WORDS = (
    "payroll employees employee headcount renewal renew renews expires carrier carriers insurer "
    "premium quote quoted quotes price underwriter underwriters competitor competition agency "
    "objection objections concern concerns worried missing documents document paperwork "
    "outstanding effective decision decided contact phone email coverage coverages insurance "
    "status stage pipeline next step overdue follow followup waiting payment location industry "
    "current currently staff workers instructions suspicious"
).split()
_WORD = re.compile(r"[A-Za-z]+")


def _distance(a: str, b: str, limit: int) -> int:
    """Edit distance with swaps of neighbours ("misisng"), or ``limit + 1`` once it exceeds it."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i]
        for j in range(1, len(b) + 1):
            cost = min(
                previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] != b[j - 1])
            )
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cost = min(cost, before[j - 2] + 1)
            current.append(cost)
        if min(current) > limit:
            return limit + 1
        before, previous = previous, current
    return previous[-1]


REAL_WORDS = frozenset({"affective", "nexts"})
"""Real words one edit away from a cue word that lemminflect's English lexicon (`is_english`,
which keeps "writing" from being read as "waiting") does not hold."""


SHORT_TYPO = 4
"""A four-letter word that is no English word is read as a five-letter cue word only when it
is that word with one letter left out ("phne", "stge"); shorter words are left as written."""


def _fix(word: str, known: Callable[[str], bool] | None) -> str:
    lower = word.lower()
    if len(lower) < SHORT_TYPO or lower in CUE_WORDS or lower in REAL_WORDS:
        return word
    if known is not None and known(lower):
        return word
    if is_english(lower):
        return word
    if len(lower) == SHORT_TYPO:
        if lower in short_words():
            return word  # "sage" is a word, not "stage" misspelt
        dropped = [cue for cue in CUE_WORDS if len(cue) == SHORT_TYPO + 1 and _one_out(lower, cue)]
        return dropped[0] if len(dropped) == 1 else word
    limit = 2 if len(lower) >= 8 else 1
    best = min(CUE_WORDS, key=lambda cue: _distance(lower, cue, limit))
    return best if _distance(lower, best, limit) <= limit else word


def is_english(word: str) -> bool:
    """Whether ``word`` (lower case) is in lemminflect's English lexicon, in any form."""
    return bool(getAllLemmas(word))


def _one_out(short: str, full: str) -> bool:
    """``short`` is ``full`` with one letter left out."""
    return any(full[:i] + full[i + 1 :] == short for i in range(len(full)))


def correct_cues(question: str, known: Callable[[str], bool] | None = None) -> str:
    """The question with misspelt cue words corrected; ``known`` says a word is real (e.g. it
    occurs in the memory's own text), and a real word is never "corrected"."""
    return _WORD.sub(lambda match: _fix(match.group(0), known), question)
