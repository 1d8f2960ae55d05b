"""Which facts a story plants, and in which of its communications they are stated."""

from __future__ import annotations

from dataclasses import dataclass

from harper_common.demo.beats import Beat
from harper_common.demo.stories import Story
from harper_common.demo.texts import INJECTION
from harper_common.demo.truth import FactKind

_B = Beat
_QUOTE_TALK = frozenset({_B.QUOTE, _B.DISCUSSION, _B.NUDGE})


@dataclass(frozen=True)
class Planted:
    kind: FactKind
    value: str
    speaker: str | None
    beats: frozenset[Beat]
    """Beats whose communication states the fact (in every voice and channel)."""


def planted_facts(story: Story, values: dict[str, str]) -> list[Planted]:
    """Every fact the story's communications state; facts of beats it never reached are left out."""
    reached = story.beats
    facts = [*_intake(story, values), *_pipeline(story, values), *_outcome(story, values)]
    return [fact for fact in facts if fact.beats & reached]


def _fact(kind: FactKind, value: str, speaker: str | None, *beats: Beat) -> Planted:
    return Planted(kind, value, speaker, frozenset(beats))


def _intake(story: Story, v: dict[str, str]) -> list[Planted]:
    client = story.plan.contact.name
    facts = [
        _fact(FactKind.EMPLOYEE_COUNT, v["employees"], client, _B.INTAKE),
        _fact(FactKind.PAYROLL, v["payroll"], client, _B.INTAKE),
        _fact(FactKind.RENEWAL_DATE, v["renewal"], client, _B.INTAKE),
        _fact(FactKind.CURRENT_CARRIER, v["current_carrier"], client, _B.INTAKE),
    ]
    if story.plan.injection:
        facts.append(_fact(FactKind.INJECTION, INJECTION, client, _B.INQUIRY))
    return facts


def _pipeline(story: Story, v: dict[str, str]) -> list[Planted]:
    broker, client = story.plan.broker.name, story.plan.contact.name
    documents = (_B.APP_REQUEST, _B.APP_RECEIVED, _B.SUBMITTED)
    facts = [
        _fact(FactKind.MISSING_DOCUMENT, doc, None, *documents) for doc in story.deal.documents
    ]
    underwriter = f"{story.deal.uw_carrier} underwriter"
    facts.append(_fact(FactKind.UNDERWRITER_QUESTION, v["question"], underwriter, _B.UW_QUESTION))
    quoted_in = _QUOTE_TALK if _B.QUOTE in story.beats else frozenset({_B.QUOTE})
    facts.append(_fact(FactKind.QUOTE_AMOUNT, v["premium"], broker, *quoted_in))
    facts.append(_fact(FactKind.CARRIER, v["carrier"], broker, *quoted_in, _B.BOUND))
    facts.append(_fact(FactKind.OBJECTION, v["concern"], client, _B.DISCUSSION))
    if story.deal.competitor:
        facts.append(_fact(FactKind.COMPETITOR, v["competitor"], client, _B.DISCUSSION))
    return facts


def _outcome(story: Story, v: dict[str, str]) -> list[Planted]:
    client = story.plan.contact.name
    return [
        _fact(FactKind.DECISION, v["decision"], client, _B.DECISION),
        _fact(FactKind.EFFECTIVE_DATE, v["effective"], None, _B.DECISION, _B.BOUND),
        _fact(FactKind.DECISION, "going with another agency", client, _B.LOST),
        _fact(FactKind.COMPETITOR, v["lost_to"], client, _B.LOST),
    ]
