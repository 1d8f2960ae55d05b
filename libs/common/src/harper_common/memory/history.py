"""Read, write, extend and verify history.md (MEMORY_FORMAT.md, "history.md").

Entries are oldest first; each is headed by its UTC timestamp id and names the entry above it in
its ``Previous`` line. Ids rise strictly, even when two writes fall in the same microsecond.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from pydantic import ValidationError

from harper_common.memory import bullets
from harper_common.memory.errors import MemoryFormatError
from harper_common.memory.frontmatter import plain_text, timestamp
from harper_common.memory.models import (
    Detail,
    FieldChange,
    History,
    HistoryEntry,
    parse_entry_id,
)

_HEADING = "## "
_RULE = "---"
_BULLET = re.compile(r"^- \*\*([^*]+?):?\*\*:?[ \t]?(.*)$")
_LINK = re.compile(r"^\[([^\]]+)\]\(#[^)]*\)$")
_ONE_MICROSECOND = timedelta(microseconds=1)


def format_entry_id(moment: datetime) -> str:
    """The id of an entry made at ``moment``: ISO 8601 UTC with 'Z'."""
    return timestamp(moment)


def anchor(entry_id: str) -> str:
    """The markdown anchor of an entry heading: lower case, only letters, digits and '-'."""
    return re.sub(r"[^a-z0-9\-_ ]", "", entry_id.lower()).replace(" ", "-")


def next_entry_id(previous_id: str | None, now: datetime) -> str:
    """An id later than ``previous_id``: ``now``, or one microsecond after the previous entry."""
    moment = now.astimezone(UTC)
    if previous_id is not None:
        moment = max(moment, parse_entry_id(previous_id).astimezone(UTC) + _ONE_MICROSECOND)
    return format_entry_id(moment)


def chain_entry(
    history: History,
    *,
    at: datetime,
    summary: str,
    changes: Iterable[FieldChange] = (),
    details: Iterable[Detail] = (),
    evidence: str | None = None,
    by: str | None = None,
) -> HistoryEntry:
    """Append an entry linked to the last one, with a strictly later id; return it."""
    last = history.last
    entry = HistoryEntry(
        id=next_entry_id(last.id if last else None, at),
        summary=summary,
        changes=list(changes),
        details=list(details),
        evidence=evidence,
        by=by,
        previous=last.id if last else None,
    )
    history.entries.append(entry)
    return entry


def iter_entries(history: History) -> Iterator[HistoryEntry]:
    """Entries in chain order, oldest first."""
    return iter(history.entries)


# --- rendering -------------------------------------------------------------------------------


def render_entry(entry: HistoryEntry) -> str:
    """One entry, ending with its '---' rule and a newline."""
    bullet_lines = [
        *(
            f"- **{c.field}**: {bullets.write_value(c.old_value)}{bullets.ARROW}"
            f"{bullets.write_value(c.new_value)}"
            for c in entry.changes
        ),
        *(f"- **{d.key}**: {bullets.write_value(d.value)}" for d in entry.details),
    ]
    if entry.evidence is not None:
        bullet_lines.append(f"- **Evidence**: {bullets.write_value(entry.evidence)}")
    if entry.by is not None:
        bullet_lines.append(f"- **By**: {bullets.write_value(entry.by)}")
    if entry.previous is not None:
        bullet_lines.append(f"- **Previous**: [{entry.previous}](#{anchor(entry.previous)})")
    blocks = [f"{_HEADING}{entry.id}"]
    if entry.summary:
        blocks.append(entry.summary)
    if bullet_lines:
        blocks.append("\n".join(bullet_lines))
    blocks.append(_RULE)
    return "\n\n".join(blocks) + "\n"


def render_history(history: History) -> str:
    """The whole of history.md: the preamble, then every entry separated by a blank line."""
    return history.preamble + "\n".join(render_entry(entry) for entry in history.entries)


# --- parsing ---------------------------------------------------------------------------------


def parse_history(text: str, path: Path | str | None = None) -> History:
    """Parse history.md; raise MemoryFormatError naming the line of the first problem."""
    text = plain_text(text)
    lines = text.split("\n")
    headings = [i for i, line in enumerate(lines) if line.startswith(_HEADING)]
    if not headings:
        return History(preamble=text)
    preamble = "".join(line + "\n" for line in lines[: headings[0]])
    entries = []
    for index, start in enumerate(headings):
        end = headings[index + 1] if index + 1 < len(headings) else len(lines)
        entries.append(_parse_entry(lines, start, end, path))
    return History(preamble=preamble, entries=entries, entry_lines=[h + 1 for h in headings])


def _parse_entry(lines: list[str], start: int, end: int, path: Path | str | None) -> HistoryEntry:
    entry_id = lines[start][len(_HEADING) :].strip()
    try:
        parse_entry_id(entry_id)
    except ValueError:
        raise MemoryFormatError(
            path,
            start + 1,
            f"history heading {entry_id!r} is not an entry id (a UTC timestamp such as "
            "2026-01-21T14:30:00Z)",
        ) from None
    body = _trim_block(lines, start + 1, end)
    summary_lines: list[str] = []
    bullet_items: list[tuple[int, str, str]] = []
    for number, line in body:
        match = _BULLET.match(line)
        if match:
            bullet_items.append((number, match.group(1).strip(), match.group(2)))
        elif bullet_items and line.strip():
            number0, key, value = bullet_items[-1]
            bullet_items[-1] = (number0, key, f"{value} {line.strip()}")
        elif not bullet_items:
            summary_lines.append(line)
    return _build_entry(entry_id, summary_lines, bullet_items, start, path)


def _trim_block(lines: list[str], start: int, end: int) -> list[tuple[int, str]]:
    """The entry's lines (with 1-based numbers) without the closing rule and outer blank lines."""
    block = [(i + 1, lines[i].rstrip("\r")) for i in range(start, end)]
    while block and not block[-1][1].strip():
        block.pop()
    if block and block[-1][1].strip() == _RULE:
        block.pop()
    while block and not block[-1][1].strip():
        block.pop()
    while block and not block[0][1].strip():
        block.pop(0)
    return block


def _build_entry(
    entry_id: str,
    summary_lines: list[str],
    items: list[tuple[int, str, str]],
    start: int,
    path: Path | str | None,
) -> HistoryEntry:
    summary = re.sub(r"\n{3,}", "\n\n", "\n".join(summary_lines)).strip("\n ")
    changes: list[FieldChange] = []
    details: list[Detail] = []
    evidence: str | None = None
    by: str | None = None
    previous: str | None = None
    for number, key, value in items:
        if key.lower() == "evidence":
            evidence = bullets.read_value(value) or ""
        elif key.lower() == "by":
            by = bullets.read_value(value) or ""
        elif key.lower() == "previous":
            previous = _previous_id(value, number, path)
        elif (pair := bullets.split_change(value)) is not None:
            changes.append(FieldChange(field=key, old_value=pair[0], new_value=pair[1]))
        else:
            details.append(Detail(key=key, value=bullets.read_value(value) or ""))
    try:
        return HistoryEntry(
            id=entry_id,
            summary=summary,
            changes=changes,
            details=details,
            evidence=evidence,
            by=by,
            previous=previous,
        )
    except ValidationError as exc:
        problem = exc.errors()[0]["msg"].removeprefix("Value error, ")
        raise MemoryFormatError(path, start + 1, f"entry {entry_id}: {problem}") from None


def _previous_id(value: str, number: int, path: Path | str | None) -> str:
    match = _LINK.match(value.strip())
    target = match.group(1).strip() if match else value.strip()
    try:
        parse_entry_id(target)
    except ValueError:
        raise MemoryFormatError(
            path,
            number,
            f"Previous must link to an entry id like [2026-01-15T10:00:00Z](#...), got {value!r}",
        ) from None
    return target


# --- verification ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ChainBreak:
    """A place where the history chain is not intact."""

    line: int
    entry_id: str
    problem: str


def verify_chain(history: History) -> list[ChainBreak]:
    """Every break in the chain: wrong or missing links, duplicate or out-of-order ids."""
    breaks: list[ChainBreak] = []
    seen: dict[str, int] = {}
    lines = history.entry_lines or [0] * len(history.entries)
    for index, (entry, line) in enumerate(zip(history.entries, lines, strict=True)):
        above = history.entries[index - 1] if index else None
        breaks.extend(ChainBreak(line, entry.id, p) for p in _link_problems(entry, above))
        if entry.id in seen:
            breaks.append(
                ChainBreak(line, entry.id, f"id already used by the entry at line {seen[entry.id]}")
            )
        seen.setdefault(entry.id, line)
    return breaks


def _link_problems(entry: HistoryEntry, above: HistoryEntry | None) -> list[str]:
    if above is None:
        if entry.previous is not None:
            return [f"first entry links to {entry.previous} but there is no entry above it"]
        return []
    problems = []
    if entry.previous is None:
        problems.append(f"has no Previous line (the entry above is {above.id})")
    elif parse_entry_id(entry.previous) != above.at:
        problems.append(f"Previous names {entry.previous}, but the entry above is {above.id}")
    if entry.at <= above.at and entry.id != above.id:
        problems.append(f"id is not later than the entry above ({above.id})")
    return problems
