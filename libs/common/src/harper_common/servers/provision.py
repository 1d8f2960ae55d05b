"""What only the ``provision`` identity may do: create the account stream and the KV buckets,
before any service starts (services then only read stream info, consume and use the bucket).

``harper-provision`` (and ``harper provision``) does it once against NATS_URL: ``harper up`` does
it itself; compose and Kubernetes run it from a service's image, which has no ``harper`` command.
"""

from __future__ import annotations

import asyncio
import sys

from faststream.nats import NatsBroker

from harper_common.auth.keys import KeyStore
from harper_common.bus.broker import ensure_account_stream, jetstream, nats_security
from harper_common.bus.buckets import ensure_service_buckets
from harper_common.servers.nats_auth import PROVISION, admin_credentials
from harper_common.settings import HarperSettings


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


def provision_command() -> None:
    """Create what the services need on NATS (idempotent)."""
    settings = HarperSettings()
    password = admin_credentials(settings).get("password")
    asyncio.run(provision(settings.nats_url, password, settings.jetstream_replicas))
    sys.stdout.write(f"provisioned NATS at {settings.nats_url}\n")


def main() -> None:
    provision_command()
