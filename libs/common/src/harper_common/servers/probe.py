"""``harper-probe NAME``: exit 0 when that service answers, for container health checks.

A bus service is asked its health on the bus (any replica answers); the gateway is asked over
HTTP (any answer counts: /health may be 503 while a dependency is down, the process is alive).
It lives here, not in the ``harper`` command, so a service's slim image (one service and
harper_common) has it; ``harper probe`` is the same.
"""

from __future__ import annotations

import asyncio
import sys
import urllib.error
import urllib.request
from typing import Annotated

import typer

from harper_common.bus.tool_connection import NatsUnreachable, tool_connection
from harper_common.messages.health import HealthRequest, ServiceHealth
from harper_common.messages.subjects import SERVICES, health_subject
from harper_common.settings import HarperSettings


def probe(
    name: Annotated[
        str, typer.Argument(help="gateway, starter, search, updater, followup, indexer")
    ],
    timeout_s: Annotated[float, typer.Option("--timeout", help="Seconds to wait.")] = 3.0,
) -> None:
    """Exit 0 when the service answers within the timeout, 1 otherwise (with the reason)."""
    if name not in SERVICES:
        sys.stderr.write(f"{name!r} is not a Harper service ({', '.join(SERVICES)})\n")
        raise typer.Exit(code=2)
    problem = probe_problem(HarperSettings(), name, timeout_s)
    if problem:
        sys.stderr.write(f"{name}: {problem}\n")
        raise typer.Exit(code=1)


def probe_problem(settings: HarperSettings, name: str, timeout_s: float) -> str | None:
    """Why the service did not answer, or None when it did."""
    if name == "gateway":
        return _gateway(settings, timeout_s)
    return asyncio.run(_bus(settings, name, timeout_s))


def _gateway(settings: HarperSettings, timeout_s: float) -> str | None:
    url = f"http://127.0.0.1:{settings.port}/health"
    try:
        with urllib.request.urlopen(url, timeout=timeout_s):
            return None
    except urllib.error.HTTPError:
        return None  # it answered: alive, whatever its dependencies say
    except OSError as exc:
        return f"no answer on {url}: {exc}"


async def _bus(settings: HarperSettings, name: str, timeout_s: float) -> str | None:
    try:
        connection = await tool_connection(settings, timeout_s)
    except NatsUnreachable as exc:
        return str(exc)
    try:
        reply = await connection.request(
            health_subject(name), HealthRequest().model_dump_json().encode(), timeout=timeout_s
        )
        health = ServiceHealth.model_validate_json(reply.data)
    except Exception as exc:
        return f"no health answer: {type(exc).__name__}: {exc}"
    finally:
        await connection.close()
    return None if health.ok else f"not ok: {health.detail}"


def main() -> None:
    typer.run(probe)
