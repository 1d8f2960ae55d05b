"""The health report: every service, NATS, JetStream, Redis and the index, checked at once."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

from pydantic import BaseModel, Field

from harper_common.bus.broker import jetstream
from harper_common.bus.client import BusError
from harper_common.messages.subjects import ACCOUNT_STREAM, SERVICES
from harper_common.servers.supervisor import read_supervisor_status
from harper_gateway.state import GatewayState

PROBE_TIMEOUT_S = 2.0


class Component(BaseModel):
    ok: bool
    detail: str = ""


class HealthReport(BaseModel):
    ok: bool
    status: str
    services: dict[str, Component] = Field(default_factory=dict)
    dependencies: dict[str, Component] = Field(default_factory=dict)
    accounts_indexed: int = 0


async def check_health(state: GatewayState) -> HealthReport:
    names = [name for name in SERVICES if name != "gateway"]
    probed, nats, jetstream, redis, (index, indexed) = await asyncio.gather(
        asyncio.gather(*(_service(state, name) for name in names)),
        _nats(state),
        _jetstream(state),
        _redis(state),
        _index(state),
    )
    services = {"gateway": Component(ok=True, detail="answering")}
    services.update(zip(names, probed, strict=True))
    _note_restarts(services, read_supervisor_status(state.settings.data_dir))
    dependencies = {"nats": nats, "jetstream": jetstream, "redis": redis, "qdrant": index}
    ok = all(c.ok for c in services.values()) and all(c.ok for c in dependencies.values())
    return HealthReport(
        ok=ok,
        status="ok" if ok else "degraded",
        services=services,
        dependencies=dependencies,
        accounts_indexed=indexed,
    )


def _note_restarts(
    services: dict[str, Component], supervised: dict[str, dict[str, object]]
) -> None:
    """A service ``harper up`` is restarting is said to be restarting, not just down."""
    for name, child in supervised.items():
        service = name.rsplit("-", 1)[0] if name[-1:].isdigit() else name
        component = services.get(service)
        if component is None or component.ok or child.get("state") == "running":
            continue
        state = "restarting" if child.get("state") == "restarting" else "failed, not restarted"
        restarts = child.get("restarts", 0)
        component.detail = f"{state} by harper up ({name}, {restarts} restarts); {component.detail}"


async def _guard(check: Awaitable[Component], what: str) -> Component:
    try:
        return await asyncio.wait_for(check, PROBE_TIMEOUT_S)
    except TimeoutError:
        return Component(ok=False, detail=f"{what}: no answer within {PROBE_TIMEOUT_S:g} s")
    except BusError as exc:
        return Component(ok=False, detail=exc.reply.message)
    except Exception as exc:
        return Component(ok=False, detail=f"{what}: {type(exc).__name__}: {exc}")


async def _service(state: GatewayState, name: str) -> Component:
    async def probe() -> Component:
        reply = await state.bus.health(name, timeout_s=PROBE_TIMEOUT_S)
        return Component(ok=reply.ok, detail=reply.detail or f"answering ({reply.instance})")

    return await _guard(probe(), name)


async def _nats(state: GatewayState) -> Component:
    connected = state.bus.connected()
    url = state.settings.nats_url
    return Component(ok=connected, detail=url if connected else f"not connected to {url}")


async def _jetstream(state: GatewayState) -> Component:
    async def probe() -> Component:
        info = await jetstream(state.broker).stream_info(ACCOUNT_STREAM)
        messages = info.state.messages
        return Component(ok=True, detail=f"stream {ACCOUNT_STREAM}: {messages} events")

    return await _guard(probe(), "jetstream")


async def _redis(state: GatewayState) -> Component:
    async def probe() -> Component:
        await state.redis.ping()
        return Component(ok=True, detail="PONG")

    return await _guard(probe(), "redis")


async def _index(state: GatewayState) -> tuple[Component, int]:
    indexed = 0

    async def probe() -> Component:
        nonlocal indexed
        status = await state.index.status(timeout_s=PROBE_TIMEOUT_S)
        indexed = status.accounts_indexed
        detail = f"{status.store}; {status.accounts_indexed} accounts indexed"
        if status.detail:
            detail += f"; {status.detail}"
        if status.passages:  # the passages' fill after start-up, and when it ended
            detail += f"; {status.passages}"
        return Component(ok=status.ready, detail=detail)

    component = await _guard(probe(), "indexer")
    return component, indexed
