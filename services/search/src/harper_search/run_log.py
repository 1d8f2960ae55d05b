"""What one run has seen: the files it read (with their text) and the accounts it listed.

The evidence checker accepts a citation only when the file is in here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SOURCE_FOLDERS = ("/sources/emails/", "/sources/calls/", "/sources/sms/")


def is_source_path(path: str) -> bool:
    """True for a file of an email, call or text under an account's sources/."""
    return path.startswith("accounts/") and any(folder in path for folder in SOURCE_FOLDERS)


def raw_of(path: str) -> str:
    """The raw.txt a source's summary.md summarises (any other path as it is)."""
    return path[: -len("summary.md")] + "raw.txt" if path.endswith("/summary.md") else path


@dataclass
class RunLog:
    """Files read in this run, root-relative path -> text as read."""

    read: dict[str, str] = field(default_factory=dict)
    question: str = ""
    """The broker's question (a long file shows the lines closest to it first)."""
    listed_accounts: set[str] = field(default_factory=set)
    """Account ids search_descriptions returned, with their state.md fields (the index payload
    of that version): a listing may cite those state.md files without reading each one."""
    skills_read: list[str] = field(default_factory=list)
    empty_listing: bool = False
    """A search_descriptions call found no account at all (an answer may then cite nothing)."""
    searched: list[str] = field(default_factory=list)
    """Queries given to search_files, in order."""

    def record(self, path: str, text: str) -> None:
        self.read[path] = text

    def has_seen(self, path: str) -> bool:
        """Read in this run, or the state.md of an account a listing returned."""
        if path in self.read:
            return True
        parts = path.split("/")
        return len(parts) == 3 and parts[2] == "state.md" and parts[1] in self.listed_accounts

    def sources_read(self) -> list[str]:
        return [path for path in self.read if is_source_path(path)]
