"""fsck for account memory: validate every account folder and report every problem found."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from harper_common.memory.atomic import is_leftover_temp
from harper_common.memory.errors import MemoryFormatError
from harper_common.memory.files import (
    MEMORY_ENCODING,
    decode_memory,
    is_utf8,
    read_memory_bytes,
    read_text,
    source_of,
)
from harper_common.memory.history import parse_history, verify_chain
from harper_common.memory.models import Channel, is_account_id, is_source_id
from harper_common.memory.paths import (
    ACCOUNTS,
    HISTORY_FILE,
    RAW_FILE,
    SOURCES,
    STATE_FILE,
    SUMMARY_FILE,
)
from harper_common.memory.stages import STAGES, Stage
from harper_common.memory.state import parse_state, unreadable_values
from harper_common.parallel import mapper, worker_count


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    path: str
    """Relative to the memory root."""
    line: int | None
    message: str
    severity: Severity = Severity.ERROR

    def describe(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{self.severity.value}: {where}: {self.message}"


@dataclass
class MemoryReport:
    root: Path
    accounts: int = 0
    valid_accounts: int = 0
    history_entries: int = 0
    sources: Counter[str] = field(default_factory=Counter)
    problems: list[Problem] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.WARNING]

    @property
    def ok(self) -> bool:
        return not self.errors

    def merge(self, other: MemoryReport) -> None:
        """Add another report's counts and problems (used to join parallel chunks in order)."""
        self.accounts += other.accounts
        self.valid_accounts += other.valid_accounts
        self.history_entries += other.history_entries
        self.sources.update(other.sources)
        self.problems.extend(other.problems)


class _Checker:
    """Collects problems for one memory root; never lets a bad file stop the walk."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.report = MemoryReport(root=root)

    def problem(
        self, path: Path, line: int | None, message: str, severity: Severity = Severity.ERROR
    ) -> None:
        self.report.problems.append(Problem(self._rel(path), line, message, severity))

    def format_problem(self, exc: MemoryFormatError) -> None:
        self.problem(Path(exc.path), exc.line, exc.problem)

    def _rel(self, path: Path) -> str:
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return str(path)

    def account(self, folder: Path) -> None:
        before = len(self.report.errors)
        self._state(folder)
        self._history(folder)
        self._sources(folder)
        self._strays(folder)
        self.report.accounts += 1
        if len(self.report.errors) == before:
            self.report.valid_accounts += 1

    def _read(self, path: Path) -> str | None:
        """A file's text, read once, with a warning when it is not UTF-8 (read as Windows-1252,
        line by line); None when it cannot be read (its parse names why)."""
        try:
            data = read_memory_bytes(path)
        except (MemoryFormatError, OSError):
            return None
        try:
            return data.decode(MEMORY_ENCODING)
        except UnicodeDecodeError:
            pass
        line = next(n for n, raw in enumerate(data.split(b"\n"), 1) if not is_utf8(raw))
        self.problem(
            path,
            line,
            "not UTF-8 text (first at this line): its lines that are not UTF-8 are read as"
            " Windows-1252; Harper writes UTF-8",
            Severity.WARNING,
        )
        return decode_memory(data)

    @staticmethod
    def _text(path: Path, text: str | None) -> str:
        """The text ``_read`` gave; a file it could not read raises the reader's
        MemoryFormatError."""
        return text if text is not None else read_text(path)

    def _state(self, folder: Path) -> None:
        path = folder / STATE_FILE
        data = self._read(path)
        try:
            state = parse_state(
                self._text(path, data), path, expected_id=folder.name, lenient_stage=True
            )
        except MemoryFormatError as exc:
            self.format_problem(exc)
            return
        for key, value in unreadable_values(state).items():
            if key == "stage":
                self.problem(path, None, stage_not_known(value, state.stage), Severity.WARNING)
                continue
            self.problem(
                path,
                None,
                f"{key}: {value!r} is not a value of its kind; Harper reads the account"
                " without it and writes the line back as it is",
                Severity.WARNING,
            )

    def _history(self, folder: Path) -> None:
        path = folder / HISTORY_FILE
        if not path.exists():
            self.problem(
                path,
                None,
                "no history.md yet (the account has no recorded changes)",
                Severity.WARNING,
            )
            return
        data = self._read(path)
        try:
            history = parse_history(self._text(path, data), path)
        except MemoryFormatError as exc:
            self.format_problem(exc)
            return
        self.report.history_entries += len(history.entries)
        for broken in verify_chain(history):
            self.problem(
                path, broken.line, f"history chain broken at {broken.entry_id}: {broken.problem}"
            )

    def _sources(self, folder: Path) -> None:
        sources = folder / SOURCES
        if not sources.exists():
            return
        if not sources.is_dir():
            self.problem(sources, None, "'sources' must be a folder")
            return
        for channel_dir in sorted(sources.iterdir()):
            try:
                channel = Channel.from_folder(channel_dir.name)
            except ValueError as exc:
                self.stray(channel_dir, str(exc))
                continue
            if not channel_dir.is_dir():
                self.problem(channel_dir, None, f"'{channel_dir.name}' must be a folder")
                continue
            for source_dir in sorted(channel_dir.iterdir()):
                self._source(source_dir, channel)

    def _source(self, source_dir: Path, channel: Channel) -> None:
        if not source_dir.is_dir() or not is_source_id(source_dir.name):
            self.stray(source_dir, "a source is a folder named with a-z, 0-9, '_' and '-'")
            return
        found = {name: self._read(source_dir / name) for name in (RAW_FILE, SUMMARY_FILE)}
        try:
            source_of(source_dir, channel, lambda path: self._text(path, found[path.name]))
        except MemoryFormatError as exc:
            self.format_problem(exc)
            return
        self.report.sources[channel.value] += 1

    def _strays(self, folder: Path) -> None:
        for entry in folder.iterdir():
            if entry.name not in (STATE_FILE, HISTORY_FILE, SOURCES):
                self.stray(entry, "not part of an account folder (state.md, history.md, sources/)")

    def stray(self, path: Path, message: str) -> None:
        if is_leftover_temp(path.name):
            self.problem(
                path, None, "temporary file left by an interrupted write", Severity.WARNING
            )
        elif path.name.startswith("."):
            self.problem(path, None, "hidden file ignored", Severity.WARNING)
        else:
            self.problem(path, None, message)


PARALLEL_FROM = 1000
"""Trees with at least this many entries under accounts/ are checked on every core."""
_CHUNK = 250


def check_memory(
    root: Path,
    progress: Callable[[int, int], None] | None = None,
    workers: int | None = None,
) -> MemoryReport:
    """Validate every account folder under ``root/accounts``; the report lists every problem.

    Problems come in folder order whatever ``workers`` is (default: one process per core for
    large trees, a single process otherwise).
    """
    accounts = root / ACCOUNTS
    if not accounts.is_dir():
        checker = _Checker(root)
        checker.problem(accounts, None, "no 'accounts' folder: this is not a memory root")
        return checker.report
    folders = sorted(accounts.iterdir())
    workers = worker_count(len(folders), PARALLEL_FROM, workers)
    chunks = [folders[i : i + _CHUNK] for i in range(0, len(folders), _CHUNK)]
    report = MemoryReport(root=root)
    done = 0
    with mapper(workers) as pool:
        for chunk, part in zip(
            chunks, pool.map(_check_folders, [root] * len(chunks), chunks), strict=True
        ):
            report.merge(part)
            done += len(chunk)
            if progress is not None:
                progress(done, len(folders))
    return report


def _check_folders(root: Path, folders: Sequence[Path]) -> MemoryReport:
    checker = _Checker(root)
    for folder in folders:
        if folder.is_dir() and is_account_id(folder.name):
            checker.account(folder)
        else:
            checker.stray(folder, "not an account folder (account folders are named by digits)")
    return checker.report


def stage_not_known(written: object, read_as: Stage) -> str:
    """check-memory's word on a stage that is no stage's name or alias."""
    known = ", ".join(stage.value for stage in STAGES)
    return (
        f"stage: {written!r} is not a known stage; Harper answers from the account taking it as"
        f" {read_as.value!r}, and changes it only once it is one of: {known}"
    )
