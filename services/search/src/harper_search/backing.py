"""Passages that back an answer: the source behind a state field, and the newer passage that
settles an older one ("Got the loss runs" after "still need the loss runs")."""

from __future__ import annotations

from harper_common.memory.models import AccountState
from harper_search.passages import Passage
from harper_search.ranking import Finding
from harper_search.state_fields import StateField
from harper_search.terms import term_set
from harper_search.topics import Topic

_COMMON = frozenset("still need waiting awaiting also send thank thanks got".split())


def resolved_later(topic: Topic, answers: list[Finding], found: list[Passage]) -> Passage | None:
    """A newer passage that settles the best answer ("Got the loss runs" after "still need
    the loss runs"), so a stale answer is not left standing alone."""
    if topic.against is None or not answers:
        return None
    best = answers[0].passage
    words = term_set(best.text) - _COMMON
    for passage in sorted(found, key=lambda p: p.date):
        if passage.date < best.date or passage.path == best.path:
            continue
        if topic.against.search(passage.text) and len(words & term_set(passage.text)) >= 2:
            return passage
    return None


def field_support(
    field: StateField,
    state: AccountState | None,
    found: list[Passage],
    named: str | None,
    summary: str,
) -> Passage | None:
    """The passage that backs a field: in the source history names, else any that holds it."""
    needles = [n.lower() for n in field.backing(state)] if state else []
    ordered = sorted(found, key=lambda p: p.path != named)
    for passage in ordered:
        if any(n in passage.text.lower() for n in needles):
            return passage
    in_named = [p for p in ordered if p.path == named and p.position > 0]
    if not in_named:
        return None
    wanted = term_set(summary)
    return max(in_named, key=lambda p: (len(wanted & term_set(p.text)), -p.position))
