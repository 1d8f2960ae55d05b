"""The indexer's engine room: one thread owns the vector store and the model.

The embedded engine has a single opener and the model is CPU-bound, so every index operation
runs on one worker thread, in order, keeping the event loop free to answer the bus.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


class IndexWorker:
    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="harper-index")

    async def run(self, work: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool, work)

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
