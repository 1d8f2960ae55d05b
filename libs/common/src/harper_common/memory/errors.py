"""Errors raised by the memory library. Each names the file, the line and what is wrong."""

from __future__ import annotations

from pathlib import Path


class HarperMemoryError(Exception):
    """Base of every error the memory library raises on purpose."""


class MemoryFormatError(HarperMemoryError):
    """A memory file does not follow MEMORY_FORMAT.md.

    ``line`` is 1-based and counts from the top of the file; ``None`` when the problem is the
    file as a whole (missing, empty, wrong encoding).
    """

    def __init__(self, path: Path | str | None, line: int | None, problem: str) -> None:
        self.path = str(path) if path is not None else "<text>"
        self.line = line
        self.problem = problem
        super().__init__(self.describe())

    def describe(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.problem}"


class PathRefused(HarperMemoryError):
    """A path given for memory access is not a path inside an account folder of the root."""

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"refused memory path {path!r}: {reason}")


class UnknownStage(ValueError):
    """A stage name that is neither canonical nor a known alias."""
