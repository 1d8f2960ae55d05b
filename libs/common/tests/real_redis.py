"""A real Redis for tests (Debian's redis-server on a free loopback port), one per test session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from harper_common.servers.processes import free_port
from harper_common.servers.redis_server import start_redis


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    base: Path = tmp_path_factory.mktemp("redis")
    url = f"redis://127.0.0.1:{free_port()}/0"
    server = start_redis(url, base, base / "logs")
    try:
        yield url
    finally:
        server.stop()
