"""Property tests: for everything Harper writes, render(parse(text)) == text."""

from __future__ import annotations

from hypothesis import given
from memory_strategies import (
    account_states,
    calls,
    emails,
    histories,
    sms_threads,
    source_summaries,
)

from harper_common.memory import (
    AccountState,
    CallTranscript,
    Channel,
    EmailMessage,
    History,
    SmsThread,
    SourceSummary,
    parse_history,
    parse_raw,
    parse_state,
    parse_summary,
    render_history,
    render_raw,
    render_state,
    render_summary,
    verify_chain,
)


@given(account_states)
def test_state_renders_back_byte_for_byte(state: AccountState) -> None:
    text = render_state(state)
    parsed = parse_state(text)
    assert parsed == state
    assert render_state(parsed) == text


@given(histories())
def test_history_renders_back_byte_for_byte(history: History) -> None:
    text = render_history(history)
    parsed = parse_history(text)
    assert parsed.entries == history.entries
    assert render_history(parsed) == text
    assert verify_chain(parsed) == []


@given(emails)
def test_email_renders_back_byte_for_byte(email: EmailMessage) -> None:
    text = render_raw(email)
    assert parse_raw(text, Channel.EMAIL) == email
    assert render_raw(parse_raw(text, Channel.EMAIL)) == text


@given(calls)
def test_call_renders_back_byte_for_byte(call: CallTranscript) -> None:
    text = render_raw(call)
    assert parse_raw(text, Channel.CALL) == call
    assert render_raw(parse_raw(text, Channel.CALL)) == text


@given(sms_threads)
def test_sms_renders_back_byte_for_byte(thread: SmsThread) -> None:
    text = render_raw(thread)
    assert parse_raw(text, Channel.SMS) == thread
    assert render_raw(parse_raw(text, Channel.SMS)) == text


@given(source_summaries)
def test_summary_renders_back_byte_for_byte(summary: SourceSummary) -> None:
    text = render_summary(summary)
    assert parse_summary(text) == summary
    assert render_summary(parse_summary(text)) == text
