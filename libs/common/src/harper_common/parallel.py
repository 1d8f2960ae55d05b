"""Map work over chunks on every core for large jobs, or in this process for small ones."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager
from typing import Any, Protocol


class Mapper(Protocol):
    """The part of an executor Harper uses: ``map``, results in input order."""

    def map(self, fn: Callable[..., Any], *iterables: Iterable[Any]) -> Iterator[Any]: ...


class InProcess(AbstractContextManager["InProcess"]):
    """The executor interface, run lazily in this process (small jobs, and tests)."""

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn: Callable[..., Any], *iterables: Iterable[Any]) -> Iterator[Any]:
        return map(fn, *iterables)


def worker_count(jobs: int, parallel_from: int, workers: int | None = None) -> int:
    """``workers`` if given, else one per core once ``jobs`` reaches ``parallel_from``, else 1."""
    if workers is not None:
        return workers
    return (os.cpu_count() or 1) if jobs >= parallel_from else 1


def mapper(workers: int) -> AbstractContextManager[Mapper]:
    """A process pool of ``workers`` processes, or this process when ``workers`` is 1."""
    return ProcessPoolExecutor(workers) if workers > 1 else InProcess()
