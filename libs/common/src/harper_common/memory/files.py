"""Read and write account files on disk, through the parsers and atomic replacement."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path

from harper_common.memory.atomic import atomic_write_text
from harper_common.memory.errors import MemoryFormatError
from harper_common.memory.history import chain_entry, parse_history, render_history
from harper_common.memory.models import (
    AccountState,
    Channel,
    Detail,
    FieldChange,
    History,
    HistoryEntry,
    RawCommunication,
    Source,
    SourceSummary,
)
from harper_common.memory.paths import RAW_FILE, SUMMARY_FILE
from harper_common.memory.sources import parse_raw, parse_summary
from harper_common.memory.state import parse_state, render_state

MEMORY_ENCODING = "utf-8-sig"
"""How every memory file is decoded: UTF-8, with the byte-order mark some editors (Notepad, Excel
exports) write at the start of a file dropped, so a hand-saved state.md still opens with its
``---`` fence and a raw.txt with its first header."""


WINDOWS_ENCODING = "cp1252"
"""What a line that is not UTF-8 is read as: Windows-1252, what Notepad saves as "ANSI" and
Windows mail and CRM exports write ("caf\xe9", "\x92" for ’)."""


def decode_memory(data: bytes) -> str:
    """A memory file's bytes as text: UTF-8 (a byte-order mark dropped); a file that is not
    UTF-8 is read line by line, each line that is not as Windows-1252, so a file pasted
    together from two tools keeps its UTF-8 lines as they are."""
    try:
        return data.decode(MEMORY_ENCODING)
    except UnicodeDecodeError:
        return "\n".join(_decoded_line(line) for line in data.split(b"\n")).removeprefix("\ufeff")


def is_utf8(data: bytes) -> bool:
    """Whether ``data`` is UTF-8 text (what Harper writes)."""
    try:
        data.decode(MEMORY_ENCODING)
    except UnicodeDecodeError:
        return False
    return True


def _decoded_line(line: bytes) -> str:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode(WINDOWS_ENCODING, errors="replace")


def read_memory_text(path: Path) -> str:
    """A memory file's text as ``decode_memory`` reads it, line ends made plain (CR LF and a
    lone CR read as LF, as Python's text mode reads them). OSError as opening raises it."""
    text = decode_memory(path.read_bytes())
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_memory_bytes(path: Path) -> bytes:
    """A memory file's bytes; a missing file is a MemoryFormatError, not a crash."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise MemoryFormatError(path, None, "file is missing") from None
    except IsADirectoryError:
        raise MemoryFormatError(path, None, "expected a file, found a folder") from None


def read_text(path: Path) -> str:
    """A memory file's text (``decode_memory``); a missing file is a MemoryFormatError."""
    return decode_memory(read_memory_bytes(path))


def read_state(
    path: Path,
    expected_id: str | None = None,
    missing_version: int | None = None,
    lenient_stage: bool = False,
) -> AccountState:
    """state.md; with ``expected_id``, its account_id must be that (the folder's name);
    ``missing_version`` and ``lenient_stage`` as `parse_state` takes them."""
    return parse_state(
        read_text(path),
        path,
        expected_id=expected_id,
        missing_version=missing_version,
        lenient_stage=lenient_stage,
    )


def write_state(path: Path, state: AccountState) -> None:
    atomic_write_text(path, render_state(state))


def read_history(path: Path) -> History:
    """history.md parsed; a missing file is an empty history (a new account has none yet)."""
    if not path.exists():
        return History()
    return parse_history(read_text(path), path)


def append_history(
    path: Path,
    *,
    at: datetime,
    summary: str,
    changes: Iterable[FieldChange] = (),
    details: Iterable[Detail] = (),
    evidence: str | None = None,
    by: str | None = None,
) -> HistoryEntry:
    """Append one linked entry to history.md and replace the file atomically.

    The caller serialises writers of one account (the updater holds the account lock).
    """
    history = read_history(path)
    entry = chain_entry(
        history,
        at=at,
        summary=summary,
        changes=changes,
        details=details,
        evidence=evidence,
        by=by,
    )
    atomic_write_text(path, render_history(history))
    return entry


def read_raw(path: Path, channel: Channel) -> RawCommunication:
    return parse_raw(read_text(path), channel, path)


def read_summary(path: Path) -> SourceSummary:
    return parse_summary(read_text(path), path)


def read_source(folder: Path, channel: Channel) -> Source:
    """One source folder (``sources/<channel folder>/<source_id>/``) with both its files."""
    return source_of(folder, channel, read_text)


def source_of(folder: Path, channel: Channel, text_of: Callable[[Path], str]) -> Source:
    """The source in ``folder`` from its files' texts as ``text_of`` gives them (summary.md
    first: its errors are named first)."""
    summary = parse_summary(text_of(folder / SUMMARY_FILE), folder / SUMMARY_FILE)
    if summary.channel is not channel:
        raise MemoryFormatError(
            folder / SUMMARY_FILE,
            2,
            f"channel is {summary.channel.value!r} but the source is filed under "
            f"{channel.folder!r} (expected {channel.value!r})",
        )
    raw = parse_raw(text_of(folder / RAW_FILE), channel, folder / RAW_FILE)
    return Source(source_id=folder.name, channel=channel, raw=raw, summary=summary)
