"""Key-value state shared by every replica of a service: NATS JetStream KV buckets.

``KvStore`` is the seam: ``NatsKv`` over a JetStream bucket in production, ``MemoryKv`` in unit
tests. Writes that two replicas may race on are compare-and-set on the key's revision:
``create`` succeeds only for an absent key, ``update`` only when the key is still at the revision
read; both return None when another writer got there first. Revisions rise across the whole
bucket, so a later write always has a larger revision than an earlier one.

The buckets themselves are declared here (``BucketSpec``) and made by ``provision`` (services may
not create streams); ``open_bucket`` also makes one on an open server (tests, ``harper up``
without users).
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from nats.js import api
from nats.js.api import KeyValueConfig
from nats.js.client import JetStreamContext
from nats.js.errors import (
    APIError,
    BucketNotFoundError,
    KeyDeletedError,
    KeyNotFoundError,
    KeyWrongLastSequenceError,
)
from nats.js.kv import KeyValue

_WRONG_LAST_SEQUENCE = (10071, 10164)


class Versioned(NamedTuple):
    value: bytes
    revision: int


class KvStore(Protocol):
    """One bucket: values by key, each write with a rising revision."""

    async def get(self, key: str) -> Versioned | None: ...

    async def create(self, key: str, value: bytes, ttl_s: int | None = None) -> int | None:
        """Write ``value`` only if ``key`` has none; its revision, or None when it has one."""
        ...

    async def update(
        self, key: str, value: bytes, revision: int, ttl_s: int | None = None
    ) -> int | None:
        """Write ``value`` only if ``key`` is still at ``revision``; else None."""
        ...

    async def put(self, key: str, value: bytes) -> int: ...

    async def delete(self, key: str, revision: int | None = None) -> bool:
        """Remove ``key`` (only at ``revision`` when given); False when it had moved on."""
        ...

    async def items(self) -> dict[str, Versioned]:
        """Every key's current value."""
        ...


@dataclass(frozen=True)
class BucketSpec:
    name: str
    description: str
    history: int = 10


async def open_bucket(js: JetStreamContext, spec: BucketSpec, replicas: int = 1) -> KeyValue:
    """The bucket, made on first use with ``replicas`` copies and ``history`` kept per key (nats-py
    makes every bucket with ``allow_msg_ttl``: a write may carry its own TTL, nats-server 2.11+)."""
    try:
        return await js.key_value(spec.name)
    except BucketNotFoundError:
        config = KeyValueConfig(
            bucket=spec.name,
            description=spec.description,
            history=spec.history,
            replicas=replicas,
        )
        return await js.create_key_value(config)


class NatsKv:
    """``KvStore`` over a JetStream KV bucket."""

    def __init__(self, kv: KeyValue, js: JetStreamContext) -> None:
        self.kv = kv
        self.js = js
        self.prefix = f"$KV.{kv._name}."

    @classmethod
    async def open(cls, js: JetStreamContext, spec: BucketSpec, replicas: int = 1) -> NatsKv:
        return cls(await open_bucket(js, spec, replicas), js)

    async def get(self, key: str) -> Versioned | None:
        try:
            entry = await self.kv.get(key)
        except (KeyNotFoundError, KeyDeletedError):
            return None
        return Versioned(entry.value or b"", entry.revision or 0)

    async def create(self, key: str, value: bytes, ttl_s: int | None = None) -> int | None:
        try:
            return await self.kv.create(key, value, msg_ttl=ttl_s)
        except KeyWrongLastSequenceError:
            return None

    async def update(
        self, key: str, value: bytes, revision: int, ttl_s: int | None = None
    ) -> int | None:
        headers: dict[str, Any] = {api.Header.EXPECTED_LAST_SUBJECT_SEQUENCE: str(revision)}
        try:
            ack = await self.js.publish(self.prefix + key, value, headers=headers, msg_ttl=ttl_s)
        except APIError as error:
            if error.err_code in _WRONG_LAST_SEQUENCE:
                return None
            raise
        return ack.seq

    async def put(self, key: str, value: bytes) -> int:
        return await self.kv.put(key, value)

    async def delete(self, key: str, revision: int | None = None) -> bool:
        try:
            return await self.kv.delete(key, last=revision)
        except KeyWrongLastSequenceError:
            return False
        except APIError as error:
            if error.err_code in _WRONG_LAST_SEQUENCE:
                return False
            raise

    async def items(self) -> dict[str, Versioned]:
        watcher = await self.kv.watchall(ignore_deletes=True)
        found: dict[str, Versioned] = {}
        try:
            async for entry in watcher:
                if entry is None:
                    break
                found[entry.key] = Versioned(entry.value or b"", entry.revision or 0)
        finally:
            await watcher.stop()  # type: ignore[no-untyped-call]
        return found


class BucketOnUse:
    """``KvStore`` of a bucket opened on first use, when the connection (``js``) is up: a
    service builds its stores before it connects."""

    def __init__(
        self, js: Callable[[], JetStreamContext], spec: BucketSpec, replicas: int = 1
    ) -> None:
        self.js = js
        self.spec = spec
        self.replicas = replicas
        self._store: NatsKv | None = None
        self._lock = asyncio.Lock()

    async def opened(self) -> NatsKv:
        if self._store is None:
            async with self._lock:
                if self._store is None:
                    self._store = await NatsKv.open(self.js(), self.spec, self.replicas)
        return self._store

    async def get(self, key: str) -> Versioned | None:
        return await (await self.opened()).get(key)

    async def create(self, key: str, value: bytes, ttl_s: int | None = None) -> int | None:
        return await (await self.opened()).create(key, value, ttl_s)

    async def update(
        self, key: str, value: bytes, revision: int, ttl_s: int | None = None
    ) -> int | None:
        return await (await self.opened()).update(key, value, revision, ttl_s)

    async def put(self, key: str, value: bytes) -> int:
        return await (await self.opened()).put(key, value)

    async def delete(self, key: str, revision: int | None = None) -> bool:
        return await (await self.opened()).delete(key, revision)

    async def items(self) -> dict[str, Versioned]:
        return await (await self.opened()).items()


class MemoryKv:
    """``KvStore`` in a dict, for unit tests; the same compare-and-set rules as NATS, one
    revision counter per bucket, TTLs against ``clock``."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._values: dict[str, tuple[Versioned, float | None]] = {}
        self._revisions = itertools.count(1)

    def _live(self, key: str) -> Versioned | None:
        kept = self._values.get(key)
        if kept is None:
            return None
        value, expires = kept
        if expires is not None and self.clock() >= expires:
            del self._values[key]
            return None
        return value

    def _write(self, key: str, value: bytes, ttl_s: int | None) -> int:
        revision = next(self._revisions)
        expires = None if ttl_s is None else self.clock() + ttl_s
        self._values[key] = (Versioned(value, revision), expires)
        return revision

    async def get(self, key: str) -> Versioned | None:
        return self._live(key)

    async def create(self, key: str, value: bytes, ttl_s: int | None = None) -> int | None:
        if self._live(key) is not None:
            return None
        return self._write(key, value, ttl_s)

    async def update(
        self, key: str, value: bytes, revision: int, ttl_s: int | None = None
    ) -> int | None:
        current = self._live(key)
        if (current.revision if current else 0) != revision:
            return None
        return self._write(key, value, ttl_s)

    async def put(self, key: str, value: bytes) -> int:
        return self._write(key, value, None)

    async def delete(self, key: str, revision: int | None = None) -> bool:
        current = self._live(key)
        if revision is not None and (current.revision if current else 0) != revision:
            return False
        self._values.pop(key, None)
        next(self._revisions)
        return True

    async def items(self) -> dict[str, Versioned]:
        return {key: value for key in list(self._values) if (value := self._live(key))}


__all__ = ["BucketOnUse", "BucketSpec", "KvStore", "MemoryKv", "NatsKv", "Versioned", "open_bucket"]
