"""The text of each state.md as Harper last wrote or accepted it (``.updater/seen/<id>.md``).

The writer keeps it on every commit; the external-edit watcher compares the file with it, so a
change Harper did not make is told apart from Harper's own writes (and from a replica's).
"""

from __future__ import annotations

from pathlib import Path

from harper_common.memory.atomic import atomic_write_text


class SeenStates:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, account_id: str) -> Path:
        return self.folder / f"{account_id}.md"

    def get(self, account_id: str) -> str | None:
        try:
            return self._path(account_id).read_text(encoding="utf-8")
        except FileNotFoundError:
            return None

    def put(self, account_id: str, text: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self._path(account_id), text)
