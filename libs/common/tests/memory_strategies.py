"""Hypothesis strategies for everything Harper writes into account memory."""

from __future__ import annotations

import string
from datetime import UTC, date, datetime

from hypothesis import strategies as st

from harper_common.memory import (
    AccountState,
    CallTranscript,
    Contact,
    Detail,
    Direction,
    EmailMessage,
    FieldChange,
    Header,
    History,
    HistoryEntry,
    SmsMessage,
    SmsThread,
    SourceSummary,
    Stage,
    Turn,
    format_entry_id,
)
from harper_common.memory.models import Channel

# Any printable text on one line, including quotes, colons, hashes, arrows and non-ASCII.
one_line = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\x85\u2028\u2029"),
    max_size=40,
)
word = st.text(string.ascii_letters + string.digits + " .'&-", min_size=1, max_size=20).filter(
    lambda s: s.strip() == s and s.strip()
)
non_blank = one_line.filter(lambda s: bool(s.strip()))
moments = st.datetimes(
    min_value=datetime(2000, 1, 1), max_value=datetime(2099, 12, 31), timezones=st.just(UTC)
)
yaml_plain_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | one_line | st.dates(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(word, inner, max_size=3),
    max_leaves=6,
)
extra_keys = st.dictionaries(
    st.text(string.ascii_lowercase + "_", min_size=1, max_size=12).filter(
        lambda k: k not in AccountState.model_fields
    ),
    yaml_plain_values,
    max_size=3,
)
contacts = st.builds(
    Contact,
    name=st.none() | one_line,
    email=st.none() | one_line,
    phone=st.none() | one_line,
    extra=st.dictionaries(
        st.text(string.ascii_lowercase, min_size=1, max_size=8).filter(
            lambda k: k not in ("name", "email", "phone")
        ),
        yaml_plain_values,
        max_size=2,
    ),
)
account_states = st.builds(
    AccountState,
    account_id=st.from_regex(r"\A[0-9]{1,7}\Z"),
    name=non_blank,
    stage=st.sampled_from(list(Stage)),
    industry=st.none() | non_blank,
    location=st.none() | non_blank,
    insurance_types=st.none() | st.lists(one_line, max_size=4),
    premium=st.none()
    | st.integers(0, 10**9)
    | st.floats(min_value=0, max_value=1e12, allow_nan=False, allow_infinity=False),
    primary_contact=st.none() | contacts,
    last_contact=st.none() | st.dates(date(2000, 1, 1), date(2099, 12, 31)),
    next_step=st.none() | non_blank,
    pending_actions=st.none() | st.lists(one_line, max_size=4),
    version=st.integers(0, 10**6),
    updated_at=st.none() | moments,
    extra=extra_keys,
    body=st.text(st.characters(blacklist_categories=("Cs",)), max_size=200),
)


@st.composite
def summaries(draw: st.DrawFn) -> str:
    """Prose that history summaries may hold: paragraphs of lines that aren't structure."""
    lines = draw(st.lists(one_line, min_size=0, max_size=4))
    text = "\n".join(lines).strip()
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    bad = ("## ", "- **", "---")
    if any(line.startswith(bad) or line.rstrip(" \t") == "---" for line in text.split("\n")):
        return ""
    return text


changes = st.builds(
    FieldChange,
    field=st.from_regex(r"\A[a-z][a-z_ ]{0,12}[a-z]\Z").filter(
        lambda f: f not in ("evidence", "previous", "by")
    ),
    old_value=st.none() | one_line,
    new_value=st.none() | one_line,
)
details = st.builds(
    Detail,
    key=st.sampled_from(["Source", "Channel", "Sent by", "Note"]),
    value=one_line,
)


@st.composite
def histories(draw: st.DrawFn) -> History:
    """A chain of entries linked the way Harper writes them."""
    count = draw(st.integers(0, 5))
    stamps = sorted(set(draw(st.lists(moments, min_size=count, max_size=count))))
    entries: list[HistoryEntry] = []
    for moment in stamps:
        entries.append(
            HistoryEntry(
                id=format_entry_id(moment),
                summary=draw(summaries()),
                changes=draw(st.lists(changes, max_size=3)),
                details=draw(st.lists(details, max_size=2)),
                evidence=draw(st.none() | one_line),
                by=draw(st.none() | st.sampled_from(["admin", "jordan.hale", "updater"])),
                previous=entries[-1].id if entries else None,
            )
        )
    return History(entries=entries)


speakers = st.from_regex(r"\A[A-Za-z][A-Za-z .'\-]{0,20}[A-Za-z.]\Z")
participants = st.lists(speakers, max_size=3)
headers = st.lists(
    st.builds(
        Header,
        name=st.sampled_from(["Cc", "Reply-To", "Message-Id", "X-Channel"]),
        value=one_line,
    ),
    max_size=2,
)
emails = st.builds(
    EmailMessage,
    sender=one_line,
    to=st.none() | one_line,
    date=moments,
    subject=st.none() | one_line,
    other_headers=headers,
    body=st.text(st.characters(blacklist_categories=("Cs",)), max_size=300),
)
turn_lines = st.one_of(
    st.builds(Turn, speaker=speakers, text=one_line),
    st.builds(Turn, speaker=st.none(), text=one_line.filter(lambda t: ": " not in t)),
)
calls = st.builds(
    CallTranscript,
    date=moments,
    participants=participants,
    duration=st.none() | one_line,
    other_headers=headers,
    turns=st.lists(turn_lines, max_size=6),
)
sms_lines = st.builds(
    SmsMessage,
    sent_at=st.datetimes(datetime(2000, 1, 1), datetime(2099, 1, 1)).map(
        lambda d: d.replace(second=0, microsecond=0)
    ),
    speaker=speakers,
    text=one_line,
)
sms_threads = st.builds(
    SmsThread,
    date=moments,
    participants=participants,
    other_headers=headers,
    messages=st.lists(sms_lines, max_size=6),
)
source_summaries = st.builds(
    SourceSummary,
    channel=st.sampled_from(list(Channel)),
    date=moments,
    direction=st.none() | st.sampled_from(list(Direction)),
    participants=st.none() | participants,
    extra=st.dictionaries(
        st.sampled_from(["carrier", "amount", "tags"]), yaml_plain_values, max_size=2
    ),
    body=st.text(st.characters(blacklist_categories=("Cs",)), max_size=200),
)
