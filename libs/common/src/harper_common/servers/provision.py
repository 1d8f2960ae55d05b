"""What only the ``provision`` identity may do: create the account stream and the KV buckets,
before any service starts (services then only read stream info, consume and use the bucket)."""

from __future__ import annotations

from faststream.nats import NatsBroker

from harper_common.auth.keys import KeyStore
from harper_common.bus.broker import ensure_account_stream, jetstream, nats_security
from harper_common.bus.buckets import ensure_service_buckets
from harper_common.servers.nats_auth import PROVISION


async def provision(url: str, password: str | None, replicas: int = 1) -> None:
    credentials = {"user": PROVISION, "password": password} if password else {}
    broker = NatsBroker(url, logger=None, connect_timeout=5, security=nats_security(credentials))
    await broker.connect()
    try:
        await ensure_account_stream(broker, replicas)
        await KeyStore.open(jetstream(broker), replicas=replicas)
        await ensure_service_buckets(jetstream(broker), replicas)
    finally:
        await broker.stop()
