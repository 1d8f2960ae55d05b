"""history.md: the spec's entry, appending with strictly rising ids, and chain verification."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from harper_common.memory import (
    FieldChange,
    History,
    MemoryFormatError,
    anchor,
    append_history,
    chain_entry,
    iter_entries,
    next_entry_id,
    parse_history,
    read_history,
    render_history,
    verify_chain,
)

SPEC_ENTRY = """## 2026-01-21T14:30:00Z

Stage updated from "Application Received" to "Quoted" based on premium quote of $2,600.

- **stage**: Application Received → Quoted
- **premium**: – → 2600
- **Evidence**: User command: "Mark as Quoted, $2,600 premium"
- **Previous**: [2026-01-15T10:00:00Z](#2026-01-15t100000z)

---
"""
NOON = datetime(2026, 1, 21, 12, 0, tzinfo=UTC)


def test_spec_entry_round_trips_and_reads_its_fields() -> None:
    history = parse_history(SPEC_ENTRY)
    (entry,) = history.entries
    assert entry.changes == [
        FieldChange(field="stage", old_value="Application Received", new_value="Quoted"),
        FieldChange(field="premium", old_value=None, new_value="2600"),
    ]
    assert entry.previous == "2026-01-15T10:00:00Z"
    assert render_history(history) == SPEC_ENTRY


def test_anchor_matches_markdown_heading_slug() -> None:
    assert anchor("2026-01-15T10:00:00Z") == "2026-01-15t100000z"
    assert anchor("2026-01-21T22:39:01.284545Z") == "2026-01-21t223901284545z"


def test_chain_entry_links_previous_and_ids_rise_within_one_microsecond() -> None:
    history = History()
    first = chain_entry(history, at=NOON, summary="Account opened.")
    second = chain_entry(history, at=NOON, summary="Same microsecond.")
    third = chain_entry(history, at=NOON.replace(hour=11), summary="Clock went back.")
    assert first.previous is None
    assert second.previous == first.id and third.previous == second.id
    assert first.at < second.at < third.at
    assert second.id == "2026-01-21T12:00:00.000001Z"
    assert verify_chain(parse_history(render_history(history))) == []
    assert [e.id for e in iter_entries(history)] == [first.id, second.id, third.id]


def test_next_entry_id_uses_now_when_it_is_later() -> None:
    assert next_entry_id("2026-01-01T00:00:00Z", NOON) == "2026-01-21T12:00:00Z"
    assert next_entry_id(None, NOON) == "2026-01-21T12:00:00Z"


def test_append_history_writes_the_file_atomically_and_links(tmp_path: Path) -> None:
    path = tmp_path / "history.md"
    one = append_history(path, at=NOON, summary="Opened.", evidence='User command: "open"')
    two = append_history(
        path,
        at=NOON,
        summary="Quoted.",
        changes=[FieldChange(field="stage", old_value="Submitted", new_value="Quoted")],
    )
    history = read_history(path)
    assert [e.id for e in history.entries] == [one.id, two.id]
    assert history.entries[1].previous == one.id
    assert verify_chain(history) == []
    assert [p.name for p in tmp_path.iterdir()] == ["history.md"]


BROKEN = """## 2026-01-10T10:00:00Z

Opened.

- **Previous**: [2026-01-01T00:00:00Z](#2026-01-01t000000z)

---

## 2026-01-12T10:00:00Z

No link.

---

## 2026-01-11T10:00:00Z

Older than the one above, and links to the wrong one.

- **Previous**: [2026-01-10T10:00:00Z](#2026-01-10t100000z)

---

## 2026-01-11T10:00:00Z

Duplicate id.

- **Previous**: [2026-01-11T10:00:00Z](#2026-01-11t100000z)

---
"""


def test_verify_lists_every_break_with_its_line() -> None:
    breaks = verify_chain(parse_history(BROKEN))
    found = [(b.line, b.problem.split(" ")[0]) for b in breaks]
    assert (1, "first") in found
    assert (9, "has") in found
    assert any(
        line == 15 and "not later" in b.problem for b, (line, _) in zip(breaks, found, strict=True)
    )
    assert any(
        line == 15 and "Previous names" in b.problem
        for b, (line, _) in zip(breaks, found, strict=True)
    )
    assert any(b.line == 23 and "already used by the entry at line 15" in b.problem for b in breaks)


def test_preamble_and_bold_colon_style_are_accepted() -> None:
    text = "# History\n\n" + SPEC_ENTRY.replace("- **Evidence**:", "- **Evidence:**")
    history = parse_history(text)
    assert history.preamble == "# History\n\n"
    assert history.entries[0].evidence == 'User command: "Mark as Quoted, $2,600 premium"'


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("## yesterday\n\nx\n\n---\n", 1, "'yesterday' is not an entry id"),
        ("## 2026-01-10T10:00:00+02:00\n\n---\n", 1, "not an entry id"),
        (
            SPEC_ENTRY.replace("[2026-01-15T10:00:00Z](#2026-01-15t100000z)", "the one before"),
            8,
            "Previous must link",
        ),
    ],
)
def test_malformed_history_names_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(MemoryFormatError) as caught:
        parse_history(text, "accounts/1/history.md")
    assert caught.value.line == line
    assert words in str(caught.value)
