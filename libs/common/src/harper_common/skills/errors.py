"""Errors of the skill loader. Each names the file (and line, when known) and what is wrong."""

from __future__ import annotations

from pathlib import Path


class SkillError(Exception):
    """A skill folder or file does not follow the Agent Skills format or Harper's rules."""

    def __init__(self, path: Path | str, problem: str, line: int | None = None) -> None:
        self.path = str(path)
        self.problem = problem
        self.line = line
        super().__init__(self.describe())

    def describe(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.problem}"


class ResourceRefused(SkillError):
    """A resource path that would leave the skill's references/ or assets/ folders."""
