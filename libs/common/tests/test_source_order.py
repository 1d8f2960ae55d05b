"""Sources sort by when they were sent: the day in their id, else their raw.txt's header."""

from __future__ import annotations

from pathlib import Path

import pytest

from harper_common.memory.source_order import id_stamp, source_stamp


@pytest.mark.parametrize(
    ("source_id", "stamp"),
    [
        ("email_20261005_1903", "20261005_1903"),
        ("call_20260902_181000", "20260902_1810"),
        ("sms_20261017", "20261017_0000"),
        ("email_20261005_1903_2", "20261005_1903"),
        ("email_001", ""),
        ("call_150301", ""),
    ],
)
def test_a_day_in_the_id_is_its_stamp(source_id: str, stamp: str) -> None:
    assert id_stamp(source_id) == stamp


def test_an_id_without_a_day_is_stamped_by_its_date_header(tmp_path: Path) -> None:
    folder = tmp_path / "email_007"
    folder.mkdir()
    raw = folder / "raw.txt"
    raw.write_bytes(
        b"\xef\xbb\xbfFrom: a@example.com\r\nDate: Tue, 03 Nov 2026 21:30:00 -0500\r\n\r\nhi\r\n"
    )
    assert source_stamp(folder) == "20261104_0230"
    raw.write_text("From: a@example.com\n\nDate: 2026-11-01T00:00:00Z is in the body\n", "utf-8")
    assert source_stamp(folder) == ""  # a header block without a date: the oldest
    raw.unlink()
    assert source_stamp(folder) == ""
    assert source_stamp(tmp_path / "sms_20261103_1000") == "20261103_1000"  # no file read
