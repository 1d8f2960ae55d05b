"""The Claude brain's first turn when the starter already resolved the account: what it would
otherwise fetch with tools, handed over in the first message (issue: a lean first turn).

The brief holds the account's state.md (recorded as read, so it may be cited) and one line per
source: its raw.txt path, date, direction and the first line of its summary.md. A question about
a state field then needs one read of the backing source; a question about the messages, a few.
"""

from __future__ import annotations

import re
from pathlib import Path

import anyio.to_thread

from harper_common.memory.errors import HarperMemoryError
from harper_common.memory.files import read_memory_text
from harper_common.memory.paths import ACCOUNTS, RAW_FILE, SOURCES, STATE_FILE
from harper_common.memory.sources import parse_summary
from harper_common.messages.query import AccountRef
from harper_search.run_log import RunLog
from harper_search.toolbox import Toolbox, wrap_file

MAX_SOURCES = 40
"""The newest sources listed; older ones are still reachable with list_files."""
SUMMARY_LINE_CHARS = 160


async def account_brief(toolbox: Toolbox, account: AccountRef, log: RunLog) -> str:
    """The brief of one account, or "" when its state.md cannot be read (the tools still can)."""
    return await anyio.to_thread.run_sync(_brief, toolbox, account, log)


def _brief(toolbox: Toolbox, account: AccountRef, log: RunLog) -> str:
    base = f"{ACCOUNTS}/{account.account_id}"
    state_path = f"{base}/{STATE_FILE}"
    try:
        state = read_memory_text(toolbox.memory.resolve(state_path))
    except (HarperMemoryError, OSError):
        return ""
    log.record(state_path, state)
    sources = _source_lines(toolbox.memory.resolve(base), base)
    listing = "\n".join(sources) if sources else "(no sources on file)"
    return (
        f"Read for you: {state_path}, and its sources newest first (path, date, direction, "
        f"summary.md's first sentence). Read a source before citing it.\n"
        f"{wrap_file(state_path, state)}\n<sources>\n{listing}\n</sources>"
    )


SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def first_sentence(line: str) -> str:
    """The first sentence of a summary's first line (the rest is in the file)."""
    return SENTENCE_END.split(line, maxsplit=1)[0]


def _source_lines(folder: Path, base: str) -> list[str]:
    found: list[tuple[str, str]] = []
    for summary_path in (folder / SOURCES).glob("*/*/summary.md"):
        source = summary_path.parent
        raw = f"{base}/{SOURCES}/{source.parent.name}/{source.name}/{RAW_FILE}"
        try:
            summary = parse_summary(read_memory_text(summary_path))
        except (OSError, HarperMemoryError):
            found.append(("", f"{raw}\t(summary unreadable)"))
            continue
        first = first_sentence(
            next((line.strip() for line in summary.body.splitlines() if line.strip()), "")
        )
        when = summary.date.date().isoformat()
        line = f"{raw}\t{when}\t{summary.direction or ''}\t{first[:SUMMARY_LINE_CHARS]}"
        found.append((summary.date.isoformat(), line))
    found.sort(key=lambda item: item[0], reverse=True)
    return [line for _, line in found[:MAX_SOURCES]]
