"""``harper provision``: create the account stream and the key bucket as the ``provision`` NATS
user (services may not). ``harper up`` does it itself; compose and Kubernetes run it once."""

from __future__ import annotations

import asyncio

from harper_common.cli.console import out
from harper_common.servers.nats_auth import admin_credentials
from harper_common.servers.provision import provision
from harper_common.settings import HarperSettings


def provision_command() -> None:
    """Create what the services need on NATS (idempotent)."""
    settings = HarperSettings()
    password = admin_credentials(settings).get("password")
    asyncio.run(provision(settings.nats_url, password, settings.jetstream_replicas))
    out.print(f"provisioned NATS at {settings.nats_url}")
