"""API keys in a NATS JetStream KV bucket, so every gateway replica and the CLI share them.

A key is 192 random bits (``hk_…``), shown once when it is made; the bucket keeps only its
SHA-256 (a key is random, so a fast hash is enough) under ``hash.<sha>`` → name and the record
under ``name.<name>``. Checking a key looks its hash up and compares it in constant time.
Revoking deletes both entries; the bucket keeps a short history of every change.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from datetime import UTC, datetime

from nats.js.api import KeyValueConfig
from nats.js.client import JetStreamContext
from nats.js.errors import BucketNotFoundError, KeyNotFoundError, NoKeysError
from nats.js.kv import KeyValue
from pydantic import BaseModel, Field

from harper_common.messages.base import Caller, Role

BUCKET = "HARPER_KEYS"
KEY_PREFIX = "hk_"
NAME_PATTERN = re.compile(r"^(?=.{1,63}$)[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*$")
"""A key name is part of a KV key ("name.<name>"), so a dot only between two words: "name." or
"a..b" would be an empty token, which the bucket refuses."""


class KeyRecord(BaseModel):
    """What is kept of a key: never the key itself."""

    name: str
    role: Role
    key_hash: str
    created_at: datetime = Field(default_factory=lambda: datetime.now(UTC))
    created_by: str | None = None


class KeyNameTaken(ValueError):
    pass


class BadKeyName(ValueError):
    pass


def new_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(24)


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def check_name(name: str) -> str:
    if not NAME_PATTERN.match(name):
        raise BadKeyName(
            f"{name[:40]!r} is not a key name: use 1-63 lower-case letters, digits, '.', '_' or "
            "'-', starting with a letter or digit, a '.' only between two of the others"
        )
    return name


class KeyStore:
    def __init__(self, kv: KeyValue) -> None:
        self.kv = kv

    @classmethod
    async def open(cls, js: JetStreamContext, replicas: int = 1) -> KeyStore:
        """The bucket, created on first use (history kept for audit)."""
        try:
            kv = await js.key_value(BUCKET)
        except BucketNotFoundError:
            config = KeyValueConfig(
                bucket=BUCKET,
                history=10,
                replicas=replicas,
                description="Harper API keys (hashed)",
            )
            kv = await js.create_key_value(config)
        return cls(kv)

    async def add(self, name: str, role: Role, by: str | None = None) -> tuple[KeyRecord, str]:
        """A new key for ``name``; the key is returned here and never again."""
        key = new_key()
        record = await self._put_new(name, role, key, by)
        return record, key

    async def install(self, name: str, role: Role, key: str, by: str | None = None) -> KeyRecord:
        """Make ``key`` the key of ``name`` (the admin key ``harper up`` was given), replacing
        an older key of that name."""
        current = await self.get(name)
        if current is not None and hmac.compare_digest(current.key_hash, hash_key(key)):
            return current
        if current is not None:
            await self.revoke(name)
        return await self._put_new(name, role, key, by)

    async def _put_new(self, name: str, role: Role, key: str, by: str | None) -> KeyRecord:
        record = KeyRecord(name=check_name(name), role=role, key_hash=hash_key(key), created_by=by)
        try:
            await self.kv.create(f"name.{name}", record.model_dump_json().encode())
        except Exception as exc:
            if await self.get(name) is not None:
                raise KeyNameTaken(f"a key named {name!r} exists; revoke it first") from exc
            raise
        await self.kv.put(f"hash.{record.key_hash}", name.encode())
        return record

    async def get(self, name: str) -> KeyRecord | None:
        if not NAME_PATTERN.match(name):
            return None  # no key can have it (and the bucket would refuse it as a key)
        try:
            entry = await self.kv.get(f"name.{name}")
        except KeyNotFoundError:
            return None
        return KeyRecord.model_validate_json(entry.value) if entry.value else None

    async def verify(self, key: str) -> Caller | None:
        """The caller this key belongs to, or None for an unknown or revoked key."""
        if not key.startswith(KEY_PREFIX) or len(key) > 200:
            return None
        return await self.verify_hash(hash_key(key))

    async def verify_hash(self, digest: str) -> Caller | None:
        """Like ``verify``, from the key's hash (what a browser session keeps)."""
        try:
            entry = await self.kv.get(f"hash.{digest}")
        except KeyNotFoundError:
            return None
        record = await self.get((entry.value or b"").decode())
        if record is None or not hmac.compare_digest(record.key_hash, digest):
            return None
        return Caller(name=record.name, role=record.role)

    async def list(self) -> list[KeyRecord]:
        try:
            names = [k for k in await self.kv.keys() if k.startswith("name.")]
        except NoKeysError:
            return []
        records = [await self.get(k.removeprefix("name.")) for k in sorted(names)]
        return [r for r in records if r is not None]

    async def revoke(self, name: str) -> bool:
        """False when there is no key of that name."""
        record = await self.get(name)
        if record is None:
            return False
        await self.kv.delete(f"hash.{record.key_hash}")
        await self.kv.delete(f"name.{name}")
        return True
