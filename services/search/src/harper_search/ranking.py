"""Which passages answer a topic: cue words, the value's own shape, the question's words.

A passage that answers a transcript question ("And your annual payroll?" then "About
$390,000.") gets credit from the question above it. Scores are comparable within one topic.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from harper_search.number_words import in_figures
from harper_search.passages import Passage, carries_list, is_header
from harper_search.terms import term_set
from harper_search.topics import Topic

MIN_SCORE = 2.0
KEEP_RATIO = 0.75
SMALL_NUMBER = re.compile(r"\b\d{1,4}\b")
_REQUESTS = frozenset({"missing_document", "underwriter_question"})
"""Topics whose answer is what someone asked for."""
POINTS_ON = re.compile(r"\b(?:below|as follows|the following)\b", re.IGNORECASE)
"""Words of a sentence that only points at what comes further on ("needs the below")."""
_MULTI_VALUED = frozenset(
    {"missing_document", "objection", "underwriter_question", "competitor", "carrier"}
)


@dataclass(frozen=True, kw_only=True)
class Finding:
    topic: Topic
    passage: Passage
    score: float


def score_passage(
    topic: Topic, passage: Passage, question_terms: set[str], received: bool = False
) -> float:
    """How well ``passage`` answers ``topic`` (0 when it cannot).

    ``received``: the question asks whether something arrived ("did they send the loss runs?"),
    so a passage saying it did ("Got the loss runs") answers it instead of counting against.
    """
    text, context = passage.text, passage.context
    answers_question = bool(context.rstrip().endswith("?")) and bool(
        topic.asks.search(context) or topic.says.search(context)
    )
    value = topic.value.search(text) if topic.value else None
    if value is None and topic.value is not None and topic.value_required:
        value = topic.value.search(in_figures(text))  # a count said in words: "Sixteen."
    if topic.name == "employee_count" and value is None and answers_question:
        value = SMALL_NUMBER.search(in_figures(text))
    if topic.value is not None and topic.value_required and value is None:
        return 0.0
    score = 0.0
    if topic.says.search(text):
        score += 2.0
    if topic.strong is not None and topic.strong.search(text):
        score += 2.0
    if topic.against is not None and topic.against.search(text):
        score += 4.0 if received else -2.0
    elif topic.against is not None and answers_question and topic.against.search(context):
        score -= 2.0  # an answer to a question about something else ("your payroll?")
    if value is not None:
        score += 2.0
    if answers_question:
        score += 1.5
    overlap = len(question_terms & term_set(text))
    score += min(2.0, 0.5 * overlap)
    if text.rstrip().endswith("?") and topic.value is not None:
        score -= 1.5
    if passage.position == 0 and passage.channel == "emails":
        score -= 0.5
    if topic.name in _REQUESTS and carries_list(text):
        score += 2.0  # "please provide: 1. ... 2. ...": the request itself, item by item
    elif topic.name in _REQUESTS and POINTS_ON.search(text):
        score -= 1.5  # "the underwriter needs the below": the request is further on
    return score


def findings(
    topic: Topic,
    candidates: Iterable[Passage],
    question_terms: set[str],
    received: bool = False,
    first: bool = False,
) -> list[Finding]:
    """The passages that answer ``topic``: the best one and any close to it; of one value at a
    time, the newest first (``first``: the question asks for the earliest, oldest first)."""
    scored = [
        Finding(topic=topic, passage=p, score=score_passage(topic, p, question_terms, received))
        for p in candidates
        if not p.card and not is_header(p)  # a card or a header says nothing of any topic
    ]
    scored = [f for f in scored if f.score >= MIN_SCORE]
    scored.sort(key=lambda f: (-f.score, f.passage.date, f.passage.path, f.passage.position))
    if not scored:
        return []
    best = scored[0].score
    limit = 3 if topic.name in _MULTI_VALUED else 2
    close = [f for f in scored if f.score >= best * KEEP_RATIO]
    if topic.name not in _MULTI_VALUED:
        # one value at a time (a quote, a deadline): the newest of the close answers is the
        # fact as it stands now ("REVISED TOTAL ... (was ...)"); older ones follow it
        close.sort(key=lambda f: (f.passage.date, f.score), reverse=not first)
    kept: list[Finding] = []
    for finding in close:
        if len(kept) >= limit:
            break
        if any(_same(finding.passage, k.passage) for k in kept):
            continue
        kept.append(finding)
    return kept


def _same(a: Passage, b: Passage) -> bool:
    return a.text == b.text or (a.path == b.path and abs(a.position - b.position) <= 1)


def best_overall(found: Sequence[Finding]) -> float:
    return max((f.score for f in found), default=0.0)
