"""Any text given to a parser either parses or raises MemoryFormatError: never another exception."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from harper_common.memory import (
    Channel,
    MemoryFormatError,
    parse_history,
    parse_raw,
    parse_state,
    parse_summary,
)

# Text shaped like the files (fences, keys, headings, bullets) finds more than random unicode.
fragments = st.sampled_from(
    [
        "---\n",
        "account_id: ",
        '"29041"',
        "name: ",
        "stage: ",
        "Quoted",
        "version: ",
        "7",
        "premium: ",
        "2600",
        "-1",
        "last_contact: ",
        "2026-02-30",
        "2026-01-05",
        "updated_at: ",
        "2026-01-21T22:39:01Z",
        "primary_contact:\n  name: x\n",
        "[a, b]",
        "{",
        "}",
        "\n",
        ": ",
        "## ",
        "2026-01-21T14:30:00Z",
        "- **stage**: ",
        " → ",
        "–",
        "- **Previous**: ",
        "[2026-01-15T10:00:00Z](#x)",
        "- **Evidence**: ",
        '"',
        "From: ",
        "Date: ",
        "To: ",
        "Participants: ",
        "a, b",
        "Duration: ",
        "2026-01-10 09:15 ",
        "Carla: ",
        "hi",
        "channel: ",
        "email",
        "sms",
        "date: ",
        "direction: ",
        "inbound",
        "participants: ",
        "\t",
        "\x00",
        "é",
        "!!python/object:os.system",
        "&a",
        "*a",
        "? ",
        "|\n",
        ">\n",
        "%YAML 1.1\n",
    ]
)
file_like = st.lists(fragments, max_size=30).map("".join) | st.text(max_size=200)


def _parses_or_reports(parse: object, text: str) -> None:
    try:
        parse(text)  # type: ignore[operator]
    except MemoryFormatError as error:
        assert error.path == "f" and (error.line is None or error.line >= 1)
        assert error.problem


@given(file_like)
@example(
    "---\naccount_id: '1'\nname: A\nstage: Quoted\nversion: 1\nlast_contact: 2026-02-30\n---\n"
)
@example("---\n!!python/object/apply:os.system ['true']\n---\n")
@example("---\naccount_id: '1'\nname: A\nstage: [Quoted]\nversion: 1\n---\n")
@example("---\naccount_id: '1'\nname: A\nstage: Quoted\nversion: 1\npremium: .inf\n---\n")
def test_state_parser(text: str) -> None:
    _parses_or_reports(lambda t: parse_state(t, "f"), text)


@given(file_like)
@example("## 2026-13-01T00:00:00Z\n")
def test_history_parser(text: str) -> None:
    _parses_or_reports(lambda t: parse_history(t, "f"), text)


@given(file_like, st.sampled_from(list(Channel)))
@example("Date: 2026-01-01T00:00:00Z\nParticipants: a\n\n2026-02-30 10:00 a: hi\n", Channel.SMS)
def test_raw_parser(text: str, channel: Channel) -> None:
    _parses_or_reports(lambda t: parse_raw(t, channel, "f"), text)


@given(file_like)
@example("---\nchannel: email\ndate: 2026-01-01\n---\n")
def test_summary_parser(text: str) -> None:
    _parses_or_reports(lambda t: parse_summary(t, "f"), text)
