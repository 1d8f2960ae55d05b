"""The indexer's engine room: one thread owns the vector store and the model.

The embedded engine has a single opener and the model is CPU-bound, so every index operation
runs on one worker thread, in order, keeping the event loop free to answer the bus. Work that
someone waits on (an account event, a question, a look-up) goes first: background work (the
passage fill after start-up) is handed to the thread only when no such work is in flight, so
an update or a question waits at most for the one background piece already running.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, suppress
from typing import TypeVar

T = TypeVar("T")

BACKGROUND_PATIENCE_S = 1.0
"""Longest a piece of background work waits for the foreground to fall idle: under a steady
stream of questions the passage fill still moves on, a piece at least this often."""


class IndexWorker:
    def __init__(self, patience_s: float = BACKGROUND_PATIENCE_S) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="harper-index")
        self.patience_s = patience_s
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def run(self, work: Callable[[], T]) -> T:
        """``work`` on the worker thread, ahead of any background work not yet handed over."""
        async with self.foreground():
            return await asyncio.get_running_loop().run_in_executor(self._pool, work)

    async def run_in_background(self, work: Callable[[], T]) -> T:
        """``work`` on the worker thread once no foreground work is in flight (or after
        ``patience_s``, whichever comes first)."""
        if self._in_flight:
            with suppress(TimeoutError):
                await asyncio.wait_for(self._idle.wait(), self.patience_s)
        return await asyncio.get_running_loop().run_in_executor(self._pool, work)

    @asynccontextmanager
    async def foreground(self) -> AsyncIterator[None]:
        """Keeps background work off the thread between several runs that belong together
        (the steps of one account event)."""
        self._in_flight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._in_flight -= 1
            if not self._in_flight:
                self._idle.set()

    def close(self) -> None:
        self._pool.shutdown(wait=True)


class VersionWaiters:
    """Lets callers wait until the index holds a given version of an account."""

    def __init__(self) -> None:
        self._changed = asyncio.Condition()
        self._versions: dict[str, int] = {}

    async def applied(self, account_id: str, version: int) -> None:
        async with self._changed:
            self._versions[account_id] = max(version, self._versions.get(account_id, -1))
            self._changed.notify_all()

    async def wait(
        self, account_id: str, version: int, timeout_s: float, current: Callable[[], int]
    ) -> bool:
        """True once ``current()`` or an announced apply reaches ``version``; False at timeout."""

        def reached() -> bool:
            return self._versions.get(account_id, -1) >= version or current() >= version

        async with self._changed:
            try:
                await asyncio.wait_for(self._changed.wait_for(reached), timeout_s)
            except TimeoutError:
                return False
        return True
