"""Write rendered accounts to disk: plain creates into an empty tree, one process or two."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path

from pydantic import TypeAdapter

from harper_common.demo.plan import AccountPlan
from harper_common.demo.render import render_account
from harper_common.demo.truth import AccountTruth
from harper_common.parallel import mapper, worker_count

PARALLEL_FROM = 1500
"""Books with at least this many accounts are written by one process per core."""
_CHUNK = 250


_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)


@dataclass(frozen=True)
class Written:
    truths: list[str]
    """Each account's truth as JSON (cheap to send between processes)."""
    files: int


@dataclass(frozen=True)
class WrittenBook:
    truths: list[AccountTruth]
    files: int


@cache
def _truth_list() -> TypeAdapter[list[AccountTruth]]:
    return TypeAdapter(list[AccountTruth])


def write_accounts(root: Path, plans: Sequence[AccountPlan], seed: int, as_of: date) -> Written:
    """Render and write ``plans`` under ``root`` (which must exist); never overwrites a file."""
    truths: list[str] = []
    files = 0
    prefix = os.fspath(root) + os.sep
    for plan in plans:
        account = render_account(plan, seed, as_of)
        for folder in account.folders:
            os.mkdir(prefix + folder)
        for path, text in account.files:
            _create(prefix + path, text.encode("utf-8"))
        files += len(account.files)
        truths.append(account.truth.model_dump_json())
    return Written(truths, files)


def _create(path: str, data: bytes) -> None:
    """A new file with ``data``: one open, one write, one close (no fsync: bulk generation)."""
    fd = os.open(path, _CREATE, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def write_book(
    root: Path,
    plans: list[AccountPlan],
    *,
    seed: int,
    as_of: date,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> WrittenBook:
    """Write every account, in chunks; truths come back in plan order whatever ``workers`` is.

    Each chunk's truths are read back while the workers go on with the next chunks.
    """
    workers = worker_count(len(plans), PARALLEL_FROM, workers)
    chunks = [plans[i : i + _CHUNK] for i in range(0, len(plans), _CHUNK)]
    truths: list[AccountTruth] = []
    files = done = 0
    with mapper(workers) as pool:
        n = len(chunks)
        parts = pool.map(write_accounts, [root] * n, chunks, [seed] * n, [as_of] * n)
        for chunk, part in zip(chunks, parts, strict=True):
            truths += _truth_list().validate_json(f"[{','.join(part.truths)}]")
            files += part.files
            done += len(chunk)
            if progress is not None:
                progress(done, len(plans))
    return WrittenBook(truths, files)
