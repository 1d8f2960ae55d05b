"""One writer per account at a time, across coroutines, processes, replicas and hosts.

``async with locks.hold(account_id) as fence:`` serialises every write to that account; the writer
calls ``fence.check(account_id)`` just before it renames the new files into place.

Two ways, chosen by ``HARPER_UPDATER_LOCK`` (``lock_kind``):

- ``lease`` (the default where NATS is reachable): a lease in the ``HARPER_UPDATER_LEASES`` KV
  bucket, taken with create-if-absent and a per-key TTL, renewed every third of the TTL while the
  write runs, deleted after. Works whatever the memory root's file system. The revision of the
  create is the fencing token: ``check`` refuses when the lease is no longer this holder's (it
  expired while the process was paused, and perhaps another replica took it), and when a write
  with a newer token is recorded beside the account (``<root>/.updater/fences/<account>``), so a
  writer that lost its lease can never overwrite a newer write.
- ``flock``: ``fcntl.flock`` on ``<root>/.updater/locks/<account>.lock``; only for one host (NFS
  and other network file systems do not honour it reliably). No fencing needed: the kernel drops
  the lock only when the process dies.

Inside one process an asyncio lock per account comes first either way, so at most one coroutine
per account ever waits on the shared lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Literal, Protocol

import anyio.from_thread
import anyio.to_thread

from harper_common.bus.kv import KvStore
from harper_common.memory.atomic import atomic_write_text

log = logging.getLogger(__name__)

LockKind = Literal["flock", "lease"]
LOCK_ENV = "HARPER_UPDATER_LOCK"
LEASE_TTL_S = 10
"""A paused or dead holder's lease runs out after this; a live one renews it every third."""


def lock_kind(default: LockKind = "lease") -> LockKind:
    value = os.environ.get(LOCK_ENV, "").strip().lower() or default
    if value not in ("flock", "lease"):
        raise ValueError(f"{LOCK_ENV}={value!r}: use 'lease' (several hosts) or 'flock' (one host)")
    return value  # type: ignore[return-value]


class LeaseLost(Exception):
    """The write lease ran out (or another writer holds a newer one): the write is refused."""


class Fence(Protocol):
    def check(self, key: str) -> None:
        """Raise ``LeaseLost`` unless this holder may still write ``key``; called from the
        writer's worker thread just before the rename."""
        ...


class NoFence:
    def check(self, key: str) -> None:
        return None


class WriteLocks(Protocol):
    def hold(self, key: str) -> contextlib.AbstractAsyncContextManager[Fence]: ...


class LocalLocks:
    """An asyncio lock per key, dropped when nobody waits for it."""

    def __init__(self) -> None:
        self._local: dict[str, asyncio.Lock] = {}
        self._waiters: dict[str, int] = {}

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        lock = self._local.setdefault(key, asyncio.Lock())
        self._waiters[key] = self._waiters.get(key, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._waiters[key] -= 1
            if not self._waiters[key]:
                del self._waiters[key]
                self._local.pop(key, None)


class AccountLocks:
    """``flock`` on a file per account: one host only."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.local = LocalLocks()

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[Fence]:
        async with self.local.hold(key):
            fd = await anyio.to_thread.run_sync(self._acquire, self.folder / f"{key}.lock")
            try:
                yield NoFence()
            finally:
                os.close(fd)  # closing the descriptor releases the flock

    @staticmethod
    def _acquire(path: Path) -> int:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except BaseException:
            os.close(fd)
            raise
        return fd


class LeaseFence:
    """The lease one ``hold`` took: ``token`` is the revision of its create."""

    def __init__(self, kv: KvStore, value: bytes, token: int, fences: Path) -> None:
        self.kv = kv
        self.value = value
        self.token = token
        self.fences = fences
        self.lost = False

    def check(self, key: str) -> None:
        current = anyio.from_thread.run(self.kv.get, key)
        if self.lost or current is None or current.value != self.value:
            raise LeaseLost(f"the write lease on {key} (token {self.token}) ran out; not written")
        path = self.fences / key
        try:
            recorded = int(path.read_text(encoding="ascii"))
        except FileNotFoundError:
            recorded = 0
        if recorded > self.token:
            raise LeaseLost(
                f"a write with a newer lease (token {recorded} > {self.token}) reached {key}"
            )
        if recorded != self.token:
            atomic_write_text(path, str(self.token))


class LeaseLocks:
    """A KV lease per key, fenced by its revision."""

    def __init__(
        self,
        kv: KvStore,
        fences: Path,
        ttl_s: int = LEASE_TTL_S,
        holder: str | None = None,
        poll_s: float = 0.01,
    ) -> None:
        self.kv = kv
        self.fences = fences
        self.fences.mkdir(parents=True, exist_ok=True)
        self.ttl_s = ttl_s
        self.holder = holder or uuid.uuid4().hex
        self.poll_s = poll_s
        self.local = LocalLocks()

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[Fence]:
        async with self.local.hold(key):
            fence = await self._acquire(key)
            renewing = asyncio.create_task(self._renew(key, fence))
            try:
                yield fence
            finally:
                renewing.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await renewing
                await self._release(key, fence)

    async def _acquire(self, key: str) -> LeaseFence:
        value = f"{self.holder}:{uuid.uuid4().hex}".encode()
        wait = self.poll_s
        while (token := await self.kv.create(key, value, self.ttl_s)) is None:
            await asyncio.sleep(wait)  # another replica writes this account: poll the bucket
            wait = min(wait * 2, 0.2)
        return LeaseFence(self.kv, value, token, self.fences)

    async def _renew(self, key: str, fence: LeaseFence) -> None:
        revision = fence.token
        while True:
            await asyncio.sleep(self.ttl_s / 3)
            renewed = await self.kv.update(key, fence.value, revision, self.ttl_s)
            if renewed is None:
                fence.lost = True
                log.warning("the write lease on %s was lost (token %d)", key, fence.token)
                return
            revision = renewed

    async def _release(self, key: str, fence: LeaseFence) -> None:
        current = await self.kv.get(key)
        if current is not None and current.value == fence.value:
            await self.kv.delete(key, current.revision)
