"""The source evidence rule as code: what is accepted, what is sent back, and why."""

from __future__ import annotations

from harper_search.evidence import check_evidence, citations_in, quotes_in
from harper_search.run_log import RunLog

STATE = "accounts/29041/state.md"
HISTORY = "accounts/29041/history.md"
EMAIL = "accounts/29041/sources/emails/email_20261005_1903/raw.txt"
CALL = "accounts/29041/sources/calls/call_20260922_2038/raw.txt"


def log_with(*paths: str) -> RunLog:
    log = RunLog()
    texts = {
        STATE: "stage: Quoted\npremium: 2600\n",
        HISTORY: "## 2026-10-05T20:20:00Z\n\nStage updated to Quoted.\n",
        EMAIL: "Subject: Quote\n\nI am pleased to present a quotation:\nan annual premium of $2,600.",
        CALL: "Dr. Lisa Reed: We have 6 employees at present.",
    }
    for path in paths:
        log.record(path, texts[path])
    return log


def always(_: str) -> bool:
    return True


def test_a_source_that_was_read_and_quoted_exactly_is_accepted() -> None:
    answer = f'Premium $2,600: "an annual premium of $2,600" ({EMAIL})'
    assert check_evidence(answer, [STATE, EMAIL], log_with(STATE, EMAIL), always) is None


def test_state_and_history_alone_are_rejected_while_sources_exist() -> None:
    reason = check_evidence("Quoted.", [STATE, HISTORY], log_with(STATE, HISTORY), always)
    assert reason is not None and "sources/" in reason


def test_state_alone_is_enough_for_an_account_without_any_source() -> None:
    assert check_evidence("Quoted.", [STATE], log_with(STATE), lambda _: False) is None


def test_a_file_not_read_in_this_run_does_not_count() -> None:
    reason = check_evidence("6 employees", [CALL], log_with(STATE), always)
    assert reason is not None and CALL in reason


def test_a_quote_that_is_not_in_the_cited_files_is_rejected() -> None:
    answer = f'Dr. Reed said "we have seven employees now" ({CALL})'
    reason = check_evidence(answer, [CALL], log_with(CALL), always)
    assert reason is not None and "seven employees" in reason


def test_quotes_are_compared_ignoring_case_spacing_and_curly_marks() -> None:
    answer = f"She said “We have  6 EMPLOYEES at present.” ({CALL})"
    assert check_evidence(answer, [CALL], log_with(CALL), always) is None


def test_no_citation_is_rejected_unless_a_listing_found_nothing() -> None:
    assert check_evidence("No idea.", [], RunLog(), always) is not None
    empty = RunLog(empty_listing=True)
    assert check_evidence("No account matches.", [], empty, always) is None


def test_citations_and_quotes_are_read_from_answer_text() -> None:
    text = f'See {EMAIL}. Also {CALL}, and "a b" and "three words here".'
    assert citations_in(text) == [EMAIL, CALL]
    assert quotes_in(text) == ["three words here"]
