"""Memory files saved by other tools: a byte-order mark (Notepad, spreadsheet exports), Windows
line ends, and a mail client's RFC 2822 ``Date:`` read as the same file written by Harper."""

from __future__ import annotations

import shutil
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from harper_common.memory import (
    Channel,
    EmailMessage,
    MemoryFormatError,
    SmsThread,
    check_memory,
    parse_raw,
    parse_state,
    parse_summary,
    read_history,
    read_source,
    read_state,
    render_state,
    render_summary,
)
from harper_common.memory.check import stage_not_known
from harper_common.memory.files import decode_memory, read_memory_text, read_raw
from harper_common.memory.sources import header_moment
from harper_common.memory.stages import STAGE_NOT_SAID, Stage
from harper_common.memory.state import UNVERSIONED, unreadable_values

HANDWRITTEN = Path(__file__).parent / "fixtures" / "handwritten" / "accounts" / "29041"
EMAIL = "sources/emails/email_20260105_1403"


def _saved_by_another_tool(tmp_path: Path, *, mark: bool, crlf: bool) -> Path:
    copy = tmp_path / "29041"
    shutil.copytree(HANDWRITTEN, copy)
    for path in copy.rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            text = text.replace("\n", "\r\n") if crlf else text
            path.write_bytes((b"\xef\xbb\xbf" if mark else b"") + text.encode("utf-8"))
    return copy


@pytest.mark.parametrize(("mark", "crlf"), [(True, False), (True, True)])
def test_a_byte_order_mark_reads_as_the_same_files(tmp_path: Path, mark: bool, crlf: bool) -> None:
    copy = _saved_by_another_tool(tmp_path, mark=mark, crlf=crlf)
    state, original = read_state(copy / "state.md"), read_state(HANDWRITTEN / "state.md")
    assert (state.account_id, state.name, state.stage) == (
        original.account_id,
        original.name,
        original.stage,
    )
    history = read_history(copy / "history.md")
    assert [e.id for e in history.entries] == [
        e.id for e in read_history(HANDWRITTEN / "history.md").entries
    ]
    source = read_source(copy / EMAIL, Channel.EMAIL)
    first = read_source(HANDWRITTEN / EMAIL, Channel.EMAIL)
    assert isinstance(source.raw, EmailMessage) and isinstance(first.raw, EmailMessage)
    assert (source.raw.sender, source.raw.date) == (first.raw.sender, first.raw.date)
    assert source.summary.date == first.summary.date


def test_a_mail_clients_date_header_gives_the_same_moment() -> None:
    raw = "From: A <a@example.com>\nDate: Mon, 05 Jan 2026 08:03:00 -0600\nSubject: s\n\nHi\n"
    email = parse_raw(raw, Channel.EMAIL)
    assert email.date == datetime(2026, 1, 5, 14, 3, tzinfo=UTC)
    assert email.date.utcoffset() == timedelta(hours=-6)


def test_a_date_without_a_zone_is_utc_as_sources_are_written() -> None:
    assert header_moment("2026-01-05T14:03:00") == datetime(2026, 1, 5, 14, 3, tzinfo=UTC)
    assert header_moment("2026-01-05T14:03:00+02:00") == datetime(
        2026, 1, 5, 14, 3, tzinfo=timezone(timedelta(hours=2))
    )


def test_a_date_that_is_no_date_still_names_its_line() -> None:
    with pytest.raises(MemoryFormatError, match=":2: Date must be ISO 8601"):
        parse_raw("From: A\nDate: last Tuesday\n\nHi\n", Channel.EMAIL)


STATE = """---
account_id: "29041"
name: Maple Avenue Dental
stage: Quoted
{line}
version: 7
---
# Maple Avenue Dental
"""


@pytest.mark.parametrize(
    ("line", "field", "value"),
    [
        ('premium: "$15,950"', "premium", 15950),
        ("premium: $15,950", "premium", 15950),
        ("premium: 15,950.50", "premium", 15950.5),
        ("premium: USD 2600", "premium", 2600),
        ("premium: 15.9k", "premium", 15900),
        ('last_contact: "11/18/2026"', "last_contact", date(2026, 11, 18)),
        ("last_contact: Nov 18, 2026", "last_contact", date(2026, 11, 18)),
        ("updated_at: 2026-11-18 21:03", "updated_at", datetime(2026, 11, 18, 21, 3, tzinfo=UTC)),
        ("updated_at: 2026-11-18", "updated_at", datetime(2026, 11, 18, tzinfo=UTC)),
        ('industry: ""', "industry", None),
    ],
)
def test_values_written_by_hand_read_as_their_kind(line: str, field: str, value: object) -> None:
    state = parse_state(STATE.format(line=line))
    assert getattr(state, field) == value
    assert unreadable_values(state) == {}


@pytest.mark.parametrize(
    ("line", "name", "email", "phone"),
    [
        ("primary_contact: Ana Ruiz, ana@maple.com, (555) 201-3344", "Ana Ruiz", "ana@maple.com",
         "(555) 201-3344"),
        ('primary_contact: "Ana Ruiz <ana@maple.com>"', "Ana Ruiz", "ana@maple.com", None),
        ("primary_contact: Dr. Ana Ruiz (owner) - 555.201.3344", "Dr. Ana Ruiz (owner)", None,
         "555.201.3344"),
        ("primary_contact:\n  - Ana Ruiz\n  - ana@maple.com", "Ana Ruiz", "ana@maple.com", None),
        ("primary_contact: Ana Ruiz, office manager", "Ana Ruiz, office manager", None, None),
    ],
)  # fmt: skip
def test_a_contact_typed_on_one_line_reads_as_its_name_email_and_phone(
    line: str, name: str, email: str | None, phone: str | None
) -> None:
    contact = parse_state(STATE.format(line=line)).primary_contact
    assert contact is not None and (contact.name, contact.email, contact.phone) == (
        name, email, phone,
    )  # fmt: skip


def test_a_text_field_typed_as_a_list_reads_as_its_items() -> None:
    state = parse_state(STATE.format(line="industry: [Marina, Boat storage]"))
    assert state.industry == "Marina, Boat storage" and unreadable_values(state) == {}


@pytest.mark.parametrize(("line", "value"), [("premium: -5", -5), ("premium: call me", "call me")])
def test_an_optional_value_of_no_kind_leaves_the_field_empty(line: str, value: object) -> None:
    state = parse_state(STATE.format(line=line))
    assert state.premium is None and unreadable_values(state) == {"premium": value}


def test_a_value_of_no_kind_is_kept_as_written_and_reported(tmp_path: Path) -> None:
    text = STATE.format(line="premium: TBD")
    state = parse_state(text)
    assert state.premium is None and unreadable_values(state) == {"premium": "TBD"}
    assert "premium: TBD\n" in render_state(state)
    priced = render_state(state.model_copy(update={"premium": 2600}))
    assert priced.count("premium:") == 1 and "premium: 2600\n" in priced
    folder = tmp_path / "accounts" / "29041"
    folder.mkdir(parents=True)
    (folder / "state.md").write_text(text, encoding="utf-8")
    report = check_memory(tmp_path)
    assert not report.errors
    assert [p.message for p in report.warnings if "premium" in p.message] == [
        "premium: 'TBD' is not a value of its kind; Harper reads the account without it and"
        " writes the line back as it is"
    ]


def test_a_required_value_of_no_kind_is_still_an_error() -> None:
    with pytest.raises(MemoryFormatError, match="version"):
        parse_state(STATE.format(line="premium: 10").replace("version: 7", "version: seven"))


@pytest.mark.parametrize(
    ("written", "read_as"),
    [
        ("Won - bound 11/1", Stage.CLOSED_WON),  # the first stage its words say
        ("lost to State Farm", Stage.CLOSED_LOST),
        ("Quoted 11/12, owner to decide", Stage.QUOTED),
        ("In underwriting with Travelers", Stage.SUBMITTED),  # an alias among other words
        ("Renewal", STAGE_NOT_SAID),  # no stage's words: the start of the pipeline
    ],
)
def test_a_reader_takes_a_stage_in_other_words_as_the_stage_they_say(
    tmp_path: Path, written: str, read_as: Stage
) -> None:
    """A reader that never writes keeps the account (its people, files and facts) and the
    stage as written; the writer's reading still refuses it, and check-memory warns."""
    text = STATE.format(line="premium: 10").replace("stage: Quoted", f'stage: "{written}"')
    state = parse_state(text, lenient_stage=True)
    assert state.stage is read_as and unreadable_values(state) == {"stage": written}
    with pytest.raises(MemoryFormatError, match="is not a known stage"):
        parse_state(text)
    folder = tmp_path / "accounts" / "29041"
    folder.mkdir(parents=True)
    (folder / "state.md").write_text(text, encoding="utf-8")
    report = check_memory(tmp_path)
    assert not report.errors and report.valid_accounts == 1
    assert [p.message for p in report.warnings if "stage" in p.message] == [
        stage_not_known(written, read_as)
    ]


def test_a_stage_a_reader_knows_is_read_as_it_is_whatever_the_mode() -> None:
    text = STATE.format(line="premium: 10").replace("stage: Quoted", "stage: quote sent")
    assert parse_state(text, lenient_stage=True) == parse_state(text)


def test_a_phones_twelve_hour_sms_times_read_as_the_same_moments() -> None:
    raw = "Date: 2026-11-20T18:20:00Z\nParticipants: Theo, Amy\n\n"
    raw += "2026-11-20 6:20 PM Theo: mon works\n2026-11-20 12:05 a.m. Amy: ok\n"
    raw += "2026-11-20 18:22 Amy: booked\n"
    thread = parse_raw(raw, Channel.SMS)
    assert isinstance(thread, SmsThread)
    assert [(m.sent_at, m.speaker) for m in thread.messages] == [
        (datetime(2026, 11, 20, 18, 20), "Theo"),
        (datetime(2026, 11, 20, 0, 5), "Amy"),
        (datetime(2026, 11, 20, 18, 22), "Amy"),
    ]
    with pytest.raises(MemoryFormatError, match="'2026-11-20 18:20 AM' is not a real date"):
        parse_raw(raw + "2026-11-20 18:20 AM Bo: x\n", Channel.SMS)


SUMMARY = "---\nchannel: {channel}\ndate: {date}\ndirection: {direction}\n---\nRevised quote.\n"


@pytest.mark.parametrize(
    ("channel", "date_written", "direction", "read"),
    [
        ("Email", "2026-11-12", "Outbound", ("email", datetime(2026, 11, 12, tzinfo=UTC), "outbound")),
        ("text", "2026-11-12 14:40", "received", ("sms", datetime(2026, 11, 12, 14, 40, tzinfo=UTC), "inbound")),
        ("Phone Call", "2026-11-12T14:40:00Z", "sent", ("call", datetime(2026, 11, 12, 14, 40, tzinfo=UTC), "outbound")),
    ],
)  # fmt: skip
def test_a_summary_written_by_another_tool_reads_as_its_kind(
    channel: str, date_written: str, direction: str, read: tuple[str, datetime, str]
) -> None:
    text = SUMMARY.format(channel=channel, date=date_written, direction=direction)
    summary = parse_summary(text)
    assert (summary.channel.value, summary.date, summary.direction) == read
    assert summary.direction is not None and summary.direction.value == read[2]


def test_a_summary_direction_of_no_kind_is_kept_as_written() -> None:
    text = SUMMARY.format(channel="email", date="2026-11-12", direction="sideways")
    summary = parse_summary(text)
    assert summary.direction is None and summary.extra == {"direction": "sideways"}
    assert "direction: sideways\n" in render_summary(summary)
    with pytest.raises(MemoryFormatError, match="channel"):
        parse_summary(SUMMARY.format(channel="fax", date="2026-11-12", direction="in"))


def test_an_outlook_export_says_when_it_was_sent() -> None:
    raw = "From: Rick <rick@example.com>\nSent: Tuesday, November 18, 2026 4:05 PM\nTo: N\n\nHi\n"
    email = parse_raw(raw, Channel.EMAIL)
    assert email.date == datetime(2026, 11, 18, 16, 5, tzinfo=UTC) and email.other_headers == []
    dated = "From: R\nDate: 2026-11-18T09:00:00Z\nSent: Tuesday, November 18, 2026 4:05 PM\n\nHi\n"
    email = parse_raw(dated, Channel.EMAIL)
    assert email.date.hour == 9 and [h.name for h in email.other_headers] == ["Sent"]


@pytest.mark.parametrize(
    ("written", "stage"),
    [
        ("In Force", "Bound"),
        ("Policy Issued", "Bound"),
        ("Out to Market", "Submitted"),
        ("proposal sent", "Quoted"),
        ("Closed - Lost", "Closed Lost"),
        ("Apps In", "Application Received"),
        ("Prospecting", "New Lead"),
    ],
)
def test_a_crms_stage_names_read_as_the_pipelines_stages(written: str, stage: str) -> None:
    text = STATE.format(line="premium: 10").replace("stage: Quoted", f"stage: {written}")
    assert parse_state(text).stage.value == stage


def test_a_state_without_a_version_is_read_by_readers_and_refused_by_the_writer(
    tmp_path: Path,
) -> None:
    text = STATE.format(line="premium: 10").replace("version: 7\n", "")
    with pytest.raises(MemoryFormatError, match="required field 'version' is missing"):
        parse_state(text)  # the writer's reading: it will not write over a file it cannot version
    assert parse_state(text, missing_version=UNVERSIONED).version == UNVERSIONED == 0
    folder = tmp_path / "accounts" / "29041"
    folder.mkdir(parents=True)
    (folder / "state.md").write_text(text, encoding="utf-8")
    assert read_state(folder / "state.md", "29041", missing_version=UNVERSIONED).name
    assert any("version" in p.message for p in check_memory(tmp_path).errors)


def test_a_chat_apps_export_reads_as_the_same_messages() -> None:
    raw = "Date: 2026-11-20T18:20:00Z\nParticipants: Theo, Amy\n\n"
    raw += "[11/20/26, 6:20:15 PM] Theo: mon works\n11/20/2026, 18:22 - Amy: booked\n"
    thread = parse_raw(raw, Channel.SMS)
    assert isinstance(thread, SmsThread)
    assert [(m.sent_at, m.speaker, m.text) for m in thread.messages] == [
        (datetime(2026, 11, 20, 18, 20), "Theo", "mon works"),  # to the minute, as the format
        (datetime(2026, 11, 20, 18, 22), "Amy", "booked"),
    ]


@pytest.mark.parametrize(
    ("lines", "days"),
    [
        (["Nov 20, 2026 6:20 PM - Theo: mon works", "Nov. 20, 2026, 6:22 PM - Amy: booked"], []),
        (["20/11/2026, 18:20 - Theo: mon works", "20/11/2026, 18:22 - Amy: booked"], []),
        (["[20.11.26, 18:20:15] Theo: mon works", "[20.11.26, 18:22:40] Amy: booked"], []),
        # a thread that writes the day first somewhere writes it first everywhere
        (["03/11/2026, 09:05 - Theo: still on?", "20/11/2026, 18:20 - Amy: yes"], [(3, 11)]),
        # no number says which: the day nearer the thread's Date (2026-11-20)
        (["03/11/2026, 09:05 - Theo: still on?"], [(3, 11)]),
        (["11/03/2026, 09:05 - Theo: still on?"], [(3, 11)]),
    ],
)
def test_a_chat_apps_export_in_another_region_reads_as_the_same_moments(
    lines: list[str], days: list[tuple[int, int]]
) -> None:
    raw = "Date: 2026-11-20T18:20:00Z\nParticipants: Theo, Amy\n\n" + "\n".join(lines) + "\n"
    thread = parse_raw(raw, Channel.SMS)
    assert isinstance(thread, SmsThread)
    if days:
        assert [(m.sent_at.day, m.sent_at.month) for m in thread.messages][:1] == days
        return
    assert [(m.sent_at, m.speaker, m.text) for m in thread.messages] == [
        (datetime(2026, 11, 20, 18, 20), "Theo", "mon works"),
        (datetime(2026, 11, 20, 18, 22), "Amy", "booked"),
    ]


def test_a_file_saved_as_windows_1252_reads_as_its_characters(tmp_path: Path) -> None:
    """Notepad's "ANSI" (Windows-1252) reads as the same text; a file pasted together from two
    tools keeps its UTF-8 lines as they are; UTF-8 stays as it is."""
    said = "Caf\u00e9 owner Ren\u00e9 says it\u2019s \u201cfine\u201d \u2013 \u00bd price"
    assert decode_memory(said.encode("cp1252")) == said
    assert decode_memory(said.encode("utf-8")) == said
    assert decode_memory(b"\xef\xbb\xbf" + said.encode("utf-8")) == said
    mixed = said.encode("utf-8") + b"\r\n" + said.encode("cp1252") + b"\r\n"
    assert decode_memory(mixed) == f"{said}\r\n{said}\r\n"
    path = tmp_path / "raw.txt"
    path.write_bytes(b"Date: 2026-11-02T10:00:00Z\r\nParticipants: Ren\xe9\r\n\r\nRen\xe9: ok\r\n")
    assert (
        read_memory_text(path)
        == "Date: 2026-11-02T10:00:00Z\nParticipants: Ren\u00e9\n\nRen\u00e9: ok\n"
    )
    assert read_raw(path, Channel.CALL).participants == ["Ren\u00e9"]  # type: ignore[union-attr]


def test_a_value_written_by_hand_with_a_colon_reads_as_its_text() -> None:
    """ "lost_reason: Price: the incumbent renewed lower" is no valid YAML; it reads as the text it says,
    and a frontmatter broken otherwise is still an error naming its line."""
    state = parse_state(
        '---\naccount_id: "40005"\nname: Kiln & Co\nstage: Closed Lost\n'
        "lost_reason: Price: the incumbent (Redline Risk) renewed 12% lower\n"
        "next_step: Call back re: renewal\nversion: 4\n"
        "pending_actions:\n  - Call Ana: deposit due 12/1\n  - Send the COI\n---\n"
    )
    assert state.pending_actions == ["Call Ana: deposit due 12/1", "Send the COI"]
    assert state.extra["lost_reason"] == "Price: the incumbent (Redline Risk) renewed 12% lower"
    assert state.next_step == "Call back re: renewal"
    with pytest.raises(MemoryFormatError, match="not valid YAML"):
        parse_state('---\naccount_id: "40005"\nname: [Kiln: Co\nstage: Quoted\nversion: 4\n---\n')
