"""Runs each question set against a running Harper and collects what happened."""

from __future__ import annotations

import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from harper_eval.client import HarperClient, Reply, StreamedReply
from harper_eval.grading import Grade, grade_answer
from harper_eval.questions_intent import ROUTED, IntentProbe
from harper_eval.questions_search import SearchQuestion
from harper_eval.scenario import ScenarioResult

FINAL_TO_AGENT = {
    "answer": "search_agent",
    "changes": "updater_agent",
    "followup": "followup_agent",
}


@dataclass
class SearchOutcome:
    question: SearchQuestion
    reply: Reply
    grade: Grade

    @property
    def clarified(self) -> bool:
        return self.reply.type in ("clarification_needed", "vague_update_clarification")


def grade_reply(question: SearchQuestion, reply: Reply) -> Grade:
    if reply.outcome != "success:search_agent":
        message = str(reply.body.get("message", ""))[:200]
        return Grade(False, reason=f"no answer: {reply.outcome} {message}".strip())
    return grade_answer(
        str(reply.body.get("answer", "")),
        [str(c) for c in reply.body.get("citations") or []],
        question.facts,
        question.needs,
        account_id=question.account_id or reply.body.get("account_id"),
        must_not_list=question.other_names,
    )


def run_search(
    client: HarperClient,
    questions: Sequence[SearchQuestion],
    progress: Callable[[str], None] = lambda _: None,
) -> list[SearchOutcome]:
    outcomes = []
    for i, question in enumerate(questions, start=1):
        reply = client.query(question.query)
        outcomes.append(SearchOutcome(question, reply, grade_reply(question, reply)))
        if i % 20 == 0 or i == len(questions):
            passed = sum(o.grade.passed for o in outcomes)
            progress(f"search {i}/{len(questions)} ({passed} right)")
    return outcomes


@dataclass
class IntentOutcome:
    probe: IntentProbe
    seen: StreamedReply

    @property
    def observed_outcome(self) -> str:
        kind = self.seen.final_kind
        if kind in FINAL_TO_AGENT:
            return FINAL_TO_AGENT[kind]
        if kind == "error":
            return f"error:{self.seen.routed_to or self.seen.final.code or 'before routing'}"
        return kind

    @property
    def intent_ok(self) -> bool:
        return self.seen.intent == self.probe.intent

    @property
    def outcome_ok(self) -> bool:
        """The broker got what they should: the agent's answer, or the right question back."""
        return self.observed_outcome == self.probe.outcome

    @property
    def routing_ok(self) -> bool:
        """The starter did its part: routed to the right agent (even if that agent failed) or
        answered with the right question; a vague update counts when it reached the updater."""
        if self.outcome_ok:
            return True
        if self.probe.outcome in ROUTED:
            return self.seen.routed_to == self.probe.outcome
        if self.probe.outcome == "vague_update_clarification":
            return self.seen.routed_to == "updater_agent"
        return False

    @property
    def clarified(self) -> bool:
        return self.seen.final_kind in ("clarification_needed", "vague_update_clarification")


def run_intent(
    client: HarperClient,
    probes: Sequence[IntentProbe],
    progress: Callable[[str], None] = lambda _: None,
) -> list[IntentOutcome]:
    outcomes = []
    for i, probe in enumerate(probes, start=1):
        outcomes.append(IntentOutcome(probe, client.stream(probe.query)))
        if i % 40 == 0 or i == len(probes):
            right = sum(o.intent_ok for o in outcomes)
            progress(f"intent {i}/{len(probes)} ({right} right)")
    return outcomes


def run_scenarios(
    scenarios: Sequence[Callable[[], ScenarioResult]],
    progress: Callable[[str], None] = lambda _: None,
) -> list[ScenarioResult]:
    """Each scenario runs even when one before it failed or raised."""
    results = []
    for scenario in scenarios:
        try:
            result = scenario()
        except Exception as exc:  # a broken scenario is a failed scenario, not a stopped run
            result = ScenarioResult(scenario.__name__, scenario.__name__)
            result.check("ran to the end", False, "".join(traceback.format_exception(exc))[-400:])
        results.append(result)
        progress(f"{result.id} {'pass' if result.passed else 'FAIL'}: {result.title}")
    return results
