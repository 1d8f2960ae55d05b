"""A call transcript as a transcription service exports it (WebVTT cues, a notes app's speaker
lines) reads as the contract's ``Speaker: words`` turns."""

from __future__ import annotations

from harper_common.memory import CallTranscript, Channel, parse_raw
from harper_common.memory.raw_forms import channel_of_raw, readable_raw
from harper_common.memory.transcripts import transcript_turns

HEAD = "Date: 2026-09-02T18:10:00Z\nParticipants: Priya Nair, Sam Ortiz\nDuration: 21m\n\n"

WEBVTT = """\
WEBVTT

NOTE exported by the meeting app

1
00:00:01.000 --> 00:00:04.500
<v Priya Nair>And your annual revenue?</v>

2
00:00:05.000 --> 00:00:09.000
<v.loud Sam Ortiz>About three point four million.
Most of it from storage.</v>

3
00:00:09.500 --> 00:00:12.000
Priya Nair: Honest question: any claims?

4
00:00:12.500 --> 00:00:13.000
Okay.
"""

NOTES = """\
Priya Nair  0:01
And your annual revenue?

Sam Ortiz  0:05
About three point four million.

Most of it from storage.

Priya Nair  1:02:10
Thanks.
"""


def _turns(body: str) -> list[tuple[str | None, str]]:
    call = parse_raw(HEAD + body, Channel.CALL, "raw.txt")
    assert isinstance(call, CallTranscript)
    return [(turn.speaker, turn.text) for turn in call.turns]


def test_webvtt_cues_read_as_turns_with_their_speakers() -> None:
    assert _turns(WEBVTT) == [
        ("Priya Nair", "And your annual revenue?"),
        ("Sam Ortiz", "About three point four million. Most of it from storage."),
        ("Priya Nair", "Honest question: any claims?"),
        (None, "Okay."),
    ]


def test_a_notes_apps_speaker_lines_read_as_turns() -> None:
    assert _turns(NOTES) == [
        ("Priya Nair", "And your annual revenue?"),
        ("Sam Ortiz", "About three point four million."),
        ("Sam Ortiz", "Most of it from storage."),
        ("Priya Nair", "Thanks."),
    ]


def test_a_transcript_in_the_contracts_form_is_left_as_it_is() -> None:
    body = "Priya: Total came to 2:30 of billable time?\nSam: Yes.\n"
    assert transcript_turns(body.split("\n")) is None
    assert readable_raw(HEAD + body, Channel.CALL) == HEAD + body
    one_clock = "Report  2:30\nsee attached\nSam: Thanks.\n"
    assert transcript_turns(one_clock.split("\n")) is None  # one such line is no speaker line


def test_only_a_calls_body_is_read_as_a_transcript() -> None:
    assert readable_raw(HEAD + NOTES, Channel.SMS) == HEAD + NOTES
    assert channel_of_raw("accounts/1/sources/calls/call_1/raw.txt") is Channel.CALL
    assert channel_of_raw("accounts/1/sources/faxes/fax_1/raw.txt") is None
    assert channel_of_raw("accounts/1/state.md") is None
