"""One pass over an account folder: every text file with its root-relative path and its text.

Paths are built from the walk itself (``accounts/<id>/...``), so nothing is resolved per file;
symbolic links are skipped, so nothing outside the account folder is ever read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from harper_common.memory.files import read_memory_text
from harper_common.memory.paths import ACCOUNTS, MemoryRoot

TEXT_SUFFIXES = (".md", ".txt")


@dataclass(frozen=True)
class AccountText:
    account_id: str
    files: dict[str, str]
    """Root-relative path -> text, sorted by path."""


def read_account(memory: MemoryRoot, account_id: str) -> AccountText:
    """Every ``.md``/``.txt`` file under ``accounts/<account_id>/`` (empty when it is gone)."""
    folder = memory.account_dir(account_id)
    found: dict[str, str] = {}
    for directory, dirs, files in os.walk(folder, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not os.path.islink(os.path.join(directory, d)))
        relative_dir = os.path.relpath(directory, folder).replace(os.sep, "/")
        prefix = f"{ACCOUNTS}/{account_id}/" + ("" if relative_dir == "." else relative_dir + "/")
        for name in sorted(files):
            path = os.path.join(directory, name)
            if not name.endswith(TEXT_SUFFIXES) or os.path.islink(path):
                continue
            try:
                found[prefix + name] = read_memory_text(Path(path))
            except OSError:
                continue
    return AccountText(account_id=account_id, files=dict(sorted(found.items())))
