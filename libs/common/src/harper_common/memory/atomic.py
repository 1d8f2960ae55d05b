"""Atomic file replacement: readers see the old file or the new one, never half of either."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically and durably.

    The text goes to a temporary file in the same folder, is flushed and fsynced, renamed over
    ``path``, and the folder is fsynced so the rename itself survives a crash.
    """
    folder = path.parent
    fd, temp_name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8"))
            handle.flush()
            os.fchmod(handle.fileno(), 0o644)
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp_name)
        raise
    fsync_folder(folder)


def fsync_folder(folder: Path) -> None:
    """Make a rename or a new file in ``folder`` durable."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def is_leftover_temp(name: str) -> bool:
    """Whether a file name is an interrupted atomic write's temporary file."""
    return name.startswith(".") and name.endswith(".tmp")


def atomic_write_texts(folder: Path, files: dict[str, str]) -> None:
    """Replace several files of one folder, each atomically, with one fsync of the folder.

    Each file is written to a temporary file, fsynced and renamed over its name in the order
    given; then the folder is fsynced once, so all the renames are durable together.
    """
    temps: list[tuple[str, Path]] = []
    try:
        for name, text in files.items():
            fd, temp_name = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
            temps.append((temp_name, folder / name))
            with os.fdopen(fd, "wb") as handle:
                handle.write(text.encode("utf-8"))
                handle.flush()
                os.fchmod(handle.fileno(), 0o644)
                os.fsync(handle.fileno())
        for temp_name, path in temps:
            os.replace(temp_name, path)
    except BaseException:
        for temp_name, _ in temps:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temp_name)
        raise
    fsync_folder(folder)
