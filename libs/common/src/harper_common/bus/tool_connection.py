"""The NATS connection of Harper's tools (``harper keys``, ``reindex``, ``status``, the probe):
the process's own user, else ``provision`` from the data dir, and a bounded wait when no server
answers (nats-py alone keeps retrying an unreachable first server)."""

from __future__ import annotations

import asyncio

import nats
from nats.aio.client import Client

from harper_common.servers.nats_auth import admin_credentials
from harper_common.settings import HarperSettings


class NatsUnreachable(ConnectionError):
    """No NATS server answered at the settings' URL; the message says where."""


async def _quiet(error: Exception) -> None:
    """Connection errors become NatsUnreachable below, not tracebacks on stderr."""


async def tool_connection(settings: HarperSettings, timeout_s: float = 3.0) -> Client:
    try:
        return await asyncio.wait_for(
            nats.connect(
                settings.nats_url,
                connect_timeout=timeout_s,
                allow_reconnect=False,
                error_cb=_quiet,
                **admin_credentials(settings),
            ),
            timeout_s + 0.5,
        )
    except Exception as exc:
        problem = str(exc) or type(exc).__name__
        raise NatsUnreachable(
            f"cannot reach NATS at {settings.nats_url}: {problem} (is Harper up?)"
        ) from exc
