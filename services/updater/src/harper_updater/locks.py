"""One writer per account at a time, across coroutines, processes and replicas.

Replicas share the memory root's file system, so the lock is an ``fcntl.flock`` on
``<root>/.updater/locks/<account>.lock``. Inside one process an asyncio lock per account comes
first, so at most one worker thread per account ever waits on the file lock.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import anyio.to_thread


class AccountLocks:
    """``async with locks.hold(account_id):`` serialises every write to that account."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self._local: dict[str, asyncio.Lock] = {}
        self._waiters: dict[str, int] = {}

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        lock = self._local.setdefault(key, asyncio.Lock())
        self._waiters[key] = self._waiters.get(key, 0) + 1
        try:
            async with lock:
                fd = await anyio.to_thread.run_sync(self._acquire, self.folder / f"{key}.lock")
                try:
                    yield
                finally:
                    os.close(fd)  # closing the descriptor releases the flock
        finally:
            self._waiters[key] -= 1
            if not self._waiters[key]:
                del self._waiters[key]
                self._local.pop(key, None)

    @staticmethod
    def _acquire(path: Path) -> int:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except BaseException:
            os.close(fd)
            raise
        return fd
