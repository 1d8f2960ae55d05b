"""The memory path guard: every path Harper reads or writes resolves inside an account folder.

Refused with a clear reason: empty paths, NUL bytes, absolute paths, '..' parts, backslashes,
paths outside ``accounts/<digits>/``, and symlinks that lead out of the memory root.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from harper_common.memory.errors import PathRefused
from harper_common.memory.models import Channel, is_account_id, is_source_id

ACCOUNTS = "accounts"
STATE_FILE = "state.md"
HISTORY_FILE = "history.md"
SOURCES = "sources"
RAW_FILE = "raw.txt"
SUMMARY_FILE = "summary.md"


class MemoryRoot:
    """A memory root folder (default ``./mem``) and the only way to turn names into paths in it."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root).resolve()
        self.accounts = self.root / ACCOUNTS

    def account_dir(self, account_id: str) -> Path:
        if not is_account_id(account_id):
            raise PathRefused(account_id, "an account id is a string of digits")
        return self.accounts / account_id

    def state_path(self, account_id: str) -> Path:
        return self.account_dir(account_id) / STATE_FILE

    def history_path(self, account_id: str) -> Path:
        return self.account_dir(account_id) / HISTORY_FILE

    def source_dir(self, account_id: str, channel: Channel, source_id: str) -> Path:
        if not is_source_id(source_id):
            raise PathRefused(source_id, "a source id is made of a-z, 0-9, '_' and '-'")
        return self.account_dir(account_id) / SOURCES / channel.folder / source_id

    def resolve(self, relative: str) -> Path:
        """The real path of ``accounts/<id>/...`` given relative to the root, or PathRefused."""
        parts = _checked_parts(relative)
        if len(parts) < 2 or parts[0] != ACCOUNTS or not is_account_id(parts[1]):
            raise PathRefused(relative, "memory paths start with 'accounts/<account id>/'")
        candidate = self.root.joinpath(*parts)
        real = candidate.resolve()
        if not real.is_relative_to(self.accounts / parts[1]):
            raise PathRefused(relative, "it leads out of its account folder (through a symlink)")
        return real

    def relative(self, path: Path) -> str:
        """A path inside the root as the root-relative POSIX string that ``resolve`` accepts."""
        real = path.resolve()
        if not real.is_relative_to(self.root):
            raise PathRefused(str(path), "it is not inside the memory root")
        return real.relative_to(self.root).as_posix()

    def account_ids(self) -> list[str]:
        """Ids of the account folders present, sorted numerically."""
        if not self.accounts.is_dir():
            return []
        ids = [p.name for p in self.accounts.iterdir() if p.is_dir() and is_account_id(p.name)]
        return sorted(ids, key=lambda i: (len(i), i))


def _checked_parts(relative: str) -> tuple[str, ...]:
    if not relative or not relative.strip():
        raise PathRefused(relative, "the path is empty")
    if "\x00" in relative:
        raise PathRefused(relative, "the path contains a NUL byte")
    if "\\" in relative:
        raise PathRefused(relative, "use '/' to separate folders")
    posix = PurePosixPath(relative)
    if posix.is_absolute() or relative.startswith("~"):
        raise PathRefused(relative, "absolute paths are not allowed; give it relative to the root")
    if ".." in posix.parts:
        raise PathRefused(relative, "'..' is not allowed in memory paths")
    return tuple(part for part in posix.parts if part != ".")
