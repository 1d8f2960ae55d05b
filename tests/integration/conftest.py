"""One real Harper for the integration tests of this session (NATS, Redis, six services)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from harness import Harper, start_harper


@pytest.fixture(scope="session")
def harper(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Harper]:
    running = start_harper(tmp_path_factory.mktemp("harper"))
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def client(harper: Harper) -> Iterator[httpx.Client]:
    with harper.client(timeout_s=30) as http:
        yield http
