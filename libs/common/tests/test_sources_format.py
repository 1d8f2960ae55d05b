"""raw.txt for each channel and summary.md: reading the contract, and malformed files."""

from __future__ import annotations

from pathlib import Path

import pytest

from harper_common.memory import (
    CallTranscript,
    Channel,
    EmailMessage,
    MemoryFormatError,
    SmsThread,
    parse_raw,
    parse_summary,
    read_source,
)

FIXTURE = Path(__file__).parent / "fixtures" / "handwritten" / "accounts" / "29041" / "sources"


def test_handwritten_email_keeps_extra_headers_and_body() -> None:
    source = read_source(FIXTURE / "emails" / "email_20260105_1403", Channel.EMAIL)
    email = source.raw
    assert isinstance(email, EmailMessage)
    assert email.subject == "Re: Workers' Compensation quote"
    assert [h.name for h in email.other_headers] == ["Cc"]
    assert email.body.startswith(
        "Dear Jordan,\n\nThank you for sending the biBERK quote of $2,600."
    )
    assert source.summary.participants == ["Dr. Lisa Reed", "Jordan Hale"]


def test_call_lines_keep_speakers_and_blank_lines() -> None:
    call = read_source(FIXTURE / "calls" / "call_150301", Channel.CALL).raw
    assert isinstance(call, CallTranscript)
    assert call.participants == ["Jordan Hale", "Dr. Lisa Reed"]
    assert call.turns[1].speaker == "Dr. Lisa Reed"
    assert call.turns[2].speaker is None and call.turns[2].text == ""


def test_sms_lines_carry_time_and_speaker() -> None:
    thread = read_source(FIXTURE / "sms" / "sms_20260110_0915", Channel.SMS).raw
    assert isinstance(thread, SmsThread)
    assert [(m.sent_at.hour, m.speaker) for m in thread.messages] == [
        (9, "Carla Mendez"),
        (9, "Jordan Hale"),
    ]


def test_summary_filed_under_the_wrong_channel_is_an_error(tmp_path: Path) -> None:
    folder = tmp_path / "sms_1"
    folder.mkdir()
    (folder / "summary.md").write_text("---\nchannel: email\ndate: 2026-01-01T00:00:00Z\n---\nx\n")
    (folder / "raw.txt").write_text("Date: 2026-01-01T00:00:00Z\nParticipants: A\n\n")
    with pytest.raises(
        MemoryFormatError, match="channel is 'email' but the source is filed under 'sms'"
    ):
        read_source(folder, Channel.SMS)


@pytest.mark.parametrize(
    ("channel", "text", "line", "words"),
    [
        (
            Channel.EMAIL,
            "From: a\nDate: 2026-01-05T14:03:00Z\nSubject: x\nbody without blank\n",
            4,
            "expected a header line",
        ),
        (
            Channel.EMAIL,
            "From: a\nDate: 2026-01-05T14:03:00Z\n",
            3,
            "no blank line after the headers",
        ),
        (Channel.EMAIL, "From: a\nDate: Jan 5th\n\nhi\n", 2, "Date must be ISO 8601"),
        (
            Channel.EMAIL,
            "To: b\nDate: 2026-01-05T14:03:00Z\n\nhi\n",
            1,
            "required header 'From:' is missing",
        ),
        (Channel.CALL, "Participants: a, b\n\na: hi\n", 1, "required header 'Date:' is missing"),
        (
            Channel.SMS,
            "Date: 2026-01-05T14:03:00Z\nParticipants: a\n\nhello there\n",
            4,
            "expected 'YYYY-MM-DD HH:MM Speaker: words'",
        ),
        (Channel.SMS, "\nbody\n", 1, "must start with header lines"),
    ],
)
def test_malformed_raw_names_the_line(channel: Channel, text: str, line: int, words: str) -> None:
    with pytest.raises(MemoryFormatError) as caught:
        parse_raw(text, channel, "accounts/1/sources/x/raw.txt")
    assert (caught.value.line, words in str(caught.value)) == (line, True), str(caught.value)


def test_malformed_summary_names_the_field() -> None:
    with pytest.raises(MemoryFormatError) as caught:
        parse_summary("---\nchannel: fax\ndate: 2026-01-05T14:03:00Z\n---\n", "s/summary.md")
    assert caught.value.line == 2 and "channel" in caught.value.problem
    with pytest.raises(MemoryFormatError, match="required field 'date' is missing"):
        parse_summary("---\nchannel: sms\n---\n", "s/summary.md")
