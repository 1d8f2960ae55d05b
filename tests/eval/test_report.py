"""The report: required keys, and a missing agent counted as failures, not a crash."""

from __future__ import annotations

from pathlib import Path

from harper_eval.client import Reply, StreamedReply
from harper_eval.grading import CitationNeed
from harper_eval.questions_intent import IntentProbe
from harper_eval.questions_search import SearchQuestion
from harper_eval.report import build_report, percentile, write_reports
from harper_eval.runner import IntentOutcome, SearchOutcome, grade_reply
from harper_eval.scenario import ScenarioResult

NOT_BUILT = {"type": "error", "code": "not_implemented", "message": "not built yet"}


def question(level: str = "L1") -> SearchQuestion:
    return SearchQuestion(
        f"{level}-001", level, "stage", "what stage is Maple Avenue Dental in", ("Quoted",),
        (CitationNeed(("accounts/29041/",)),), "29041",
    )  # type: ignore[arg-type]  # fmt: skip


def test_an_agent_that_is_not_there_fails_the_question() -> None:
    grade = grade_reply(question(), Reply(501, NOT_BUILT, 3.0))
    assert not grade.passed
    assert "not_implemented" in grade.reason


def test_a_right_answer_passes() -> None:
    body = {
        "type": "success",
        "routed_to": "search_agent",
        "answer": "Maple Avenue Dental is at Quoted.",
        "citations": ["accounts/29041/state.md"],
    }
    assert grade_reply(question(), Reply(200, body, 12.0)).passed


def test_report_has_the_required_keys(tmp_path: Path) -> None:
    answered = {
        "type": "success",
        "routed_to": "search_agent",
        "answer": "Quoted",
        "citations": ["mem/accounts/29041/state.md"],
    }
    search = [
        SearchOutcome(question("L1"), Reply(200, answered, 10.0), grade_reply(question(), Reply(200, answered, 10.0))),
        SearchOutcome(question("L2"), Reply(501, NOT_BUILT, 30.0), grade_reply(question(), Reply(501, NOT_BUILT, 30.0))),
    ]  # fmt: skip
    probe = IntentProbe(
        "I-001", "search, account named", "status on Maple", "search", "search_agent"
    )
    seen = StreamedReply("search", "search_agent", "error", Reply(500, NOT_BUILT, 20.0))
    intent = [IntentOutcome(probe, seen)]
    scenario = ScenarioResult("U-01", "stage change")
    scenario.check("answered by the updater", False, "got error:not_implemented")
    report = build_report(search, intent, [scenario], [], {"target": "test"})
    assert report["search_accuracy"] == {"L1": 1.0, "L2": 0.0, "L3": 0.0}
    assert report["intent_accuracy"] == 1.0
    assert report["outcome_accuracy"] == 0.0 and report["routing_accuracy"] == 1.0
    assert report["clarification_rate"] == 0.0
    assert set(report["latency_ms"]) >= {"mean", "p95"}
    assert report["latency_ms"]["mean"] == 20.0
    assert report["questions"]["search"] == 2 and report["questions"]["intent"] == 1
    assert report["search_failures_by_component"] == {"error: not_implemented": 1}
    assert report["update_scenarios"] == {"passed": 0, "total": 1, "checks_passed": 0.0}
    json_path, md_path = write_reports(report, tmp_path)
    assert "search accuracy L1" in md_path.read_text() and json_path.exists()


def test_percentile() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 95) == 95.0
    assert percentile([], 95) == 0.0
