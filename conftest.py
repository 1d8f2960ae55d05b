"""Fixtures shared by every test tree: the async backend, the fake Messages API, NATS, Redis."""

from __future__ import annotations

import pytest

pytest_plugins = ["fake_anthropic", "real_nats", "real_redis"]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
