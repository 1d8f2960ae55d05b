"""Fixtures shared by every test tree: the async backend and the fake Messages API server."""

from __future__ import annotations

import pytest

pytest_plugins = ["fake_anthropic"]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
