"""When a source was sent, as a key that sorts an account's sources oldest first.

Harper names a source's folder by its channel, day and time (``email_20260105_1403``); the
format only asks for ``[a-z0-9_-]+``, and other tools name sources by number (``email_001``,
``call_150301``). The key comes from the folder's name when it carries a day, else from the
``Date:`` (or ``Sent:``) header of its raw.txt, read from the file's first lines only.
"""

from __future__ import annotations

import re
from datetime import UTC
from pathlib import Path

from harper_common.memory.files import decode_memory
from harper_common.memory.frontmatter import plain_text
from harper_common.memory.paths import RAW_FILE
from harper_common.memory.sources import sent_moment

HEAD_BYTES = 4096
"""Bytes of a raw.txt read for its headers."""
_DAY_STAMP = re.compile(r"(?<!\d)(20\d{6})(?:[_-]?(\d{4})\d{0,2})?(?!\d)")
"""A day written in a source id ("20260105"), with the time after it when there is one."""


def id_stamp(source_id: str) -> str:
    """``email_20260105_1403`` -> ``20260105_1403``; "" when the id carries no day."""
    found = _DAY_STAMP.search(source_id)
    if found is None:
        return ""
    return f"{found.group(1)}_{found.group(2) or '0000'}"


def source_stamp(folder: Path) -> str:
    """The sort key of the source in ``folder``: its id's day and time, else its raw.txt's
    header moment in UTC (``YYYYMMDD_HHMM``), else "" (sorts first, as the oldest)."""
    stamped = id_stamp(folder.name)
    if stamped:
        return stamped
    try:
        with (folder / RAW_FILE).open("rb") as raw:
            head = decode_memory(raw.read(HEAD_BYTES))
    except OSError:
        return ""
    lines = plain_text(head).split("\n")
    end = next((n for n, line in enumerate(lines) if not line.strip()), len(lines))
    names = (line.partition(":") for line in lines[:end])
    moment = sent_moment({name.strip().lower(): value.strip() for name, _, value in names})
    return moment.astimezone(UTC).strftime("%Y%m%d_%H%M") if moment is not None else ""


def source_order_key(folder: Path) -> tuple[str, str, str]:
    """How an account's source folders sort, oldest first: ``source_stamp``, then channel and
    id (the same moment in two channels keeps one order)."""
    return source_stamp(folder), folder.parent.name, folder.name
