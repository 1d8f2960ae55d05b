"""A book saved by other tools (a byte-order mark, CR LF, Windows-1252 text, mail-client dates
and .eml files, a CRM's state.md, its stage notes and one-line contacts, a phone's SMS times,
WebVTT calls, numbered source folders) is answered as the book written as Harper writes it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from harper_eval.books import load_book
from harper_eval.other_tools import compare, resaved

from harper_common.memory import check_memory
from harper_common.memory.files import is_utf8


def test_the_resaved_copy_still_reads_and_says_the_same(tmp_path: Path) -> None:
    book = load_book("harbor")
    copy = resaved(book, tmp_path)
    first = next(p for p in sorted(copy.mem.rglob("raw.txt")) if p.parts[-3] == "sms")
    assert first.read_bytes().startswith(b"\xef\xbb\xbf")
    assert b"\r\n" in first.read_bytes() and (
        b" AM " in first.read_bytes() or b" PM " in first.read_bytes()
    )
    threads = [p.read_bytes() for p in sorted(copy.mem.rglob("raw.txt")) if p.parts[-3] == "sms"]
    assert any(re.search(rb"^\d{2}/\d{2}/\d{4}, \d{2}:\d{2} - ", t, re.M) for t in threads)
    emails = [p.read_bytes() for p in sorted(copy.mem.rglob("raw.txt")) if p.parts[-3] == "emails"]
    assert any(b"Content-Transfer-Encoding: quoted-printable" in e for e in emails)
    assert any(b"Content-Type: text/html" in e and b"multipart" not in e for e in emails)
    calls = [
        p.read_text("utf-8-sig")
        for p in sorted(copy.mem.rglob("raw.txt"))
        if p.parts[-3] == "calls"
    ]
    assert any("\n\nWEBVTT\n" in call for call in calls)
    assert any(copy.mem.glob("accounts/*/sources/emails/email_001"))
    assert any(not is_utf8(p.read_bytes()) for p in copy.mem.rglob("raw.txt"))
    states = [p.read_text("utf-8-sig") for p in copy.mem.rglob("state.md")]
    assert any(" - since " in state for state in states)
    assert any(re.search(r"^primary_contact: \S.*@", state, re.M) for state in states)
    report = check_memory(copy.mem)
    assert report.errors == [] and report.valid_accounts == report.accounts > 10


@pytest.mark.anyio
async def test_every_question_answered_on_the_book_is_answered_on_the_resaved_copy(
    tmp_path: Path,
) -> None:
    written, other = await compare("harbor", "dev", tmp_path)
    assert sum(written.values()) >= len(written) * 0.9
    assert [q for q, ok in written.items() if ok and not other[q]] == []
