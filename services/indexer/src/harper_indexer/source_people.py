"""The people on the client's side of an account's sources, read from each summary.md.

summary.md lists a source's participants with the one who started the exchange first, and says
whether it came in or went out. So the first participant of an inbound source is the client's
side (the sender, the caller), and of an outbound one is ours (the broker); everyone else on an
outbound source is who we wrote to or called. Anyone who opened an outbound source of the
account is ours and left out, wherever else they appear.
"""

from __future__ import annotations

from pathlib import Path

from harper_common.memory.errors import HarperMemoryError
from harper_common.memory.files import read_memory_text
from harper_common.memory.models import SourceSummary
from harper_common.memory.paths import SOURCES
from harper_common.memory.sources import parse_summary

SUMMARY_FILE = "summary.md"


def read_summary(path: Path) -> SourceSummary | None:
    """A source's summary.md, or None when it is missing or not in the format."""
    try:
        return parse_summary(read_memory_text(path), path)
    except (OSError, HarperMemoryError):
        return None


def summaries(account_folder: Path) -> list[SourceSummary]:
    """Every readable summary.md of the account's sources, in folder order."""
    folder = account_folder / SOURCES
    if not folder.is_dir():
        return []
    found = (read_summary(path) for path in sorted(folder.glob(f"*/*/{SUMMARY_FILE}")))
    return [summary for summary in found if summary is not None]


def client_side_people(found: list[SourceSummary]) -> list[str]:
    """Names of the people who wrote or spoke for the client (or the carrier), first seen first."""
    ours: set[str] = set()
    theirs: list[str] = []
    for summary in found:
        people = [p.strip() for p in summary.participants or [] if p.strip()]
        if not people or summary.direction not in ("inbound", "outbound"):
            continue
        if summary.direction == "outbound":
            ours.add(people[0].casefold())
            theirs += people[1:]
        else:
            theirs.append(people[0])
    seen: set[str] = set()
    kept: list[str] = []
    for person in theirs:
        key = person.casefold()
        if key not in ours and key not in seen and any(c.isalpha() for c in person):
            seen.add(key)
            kept.append(person)
    return kept


def source_people(account_folder: Path) -> list[str]:
    """The client-side people of one account folder's sources."""
    return client_side_people(summaries(account_folder))
