"""A service's life cycle on a real NATS server: background work starts after the start hooks
and is cancelled before the stop hooks run."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from harper_common.bus.service import BusService
from harper_common.servers.nats_server import start_nats
from harper_common.servers.processes import free_port
from harper_common.settings import HarperSettings


@pytest.mark.anyio
async def test_background_work_runs_between_start_and_stop(tmp_path: Path) -> None:
    url = f"nats://127.0.0.1:{free_port()}"
    server = start_nats(url, tmp_path, tmp_path / "logs")
    try:
        settings = HarperSettings(nats_url=url, mem_root=tmp_path / "mem", data_dir=tmp_path)
        service = BusService("search", settings)
        seen: list[str] = []
        running = asyncio.Event()

        async def started() -> None:
            seen.append("start hook")

        async def stopped() -> None:
            seen.append("stop hook")

        async def work() -> None:
            seen.append("work began")
            running.set()
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                seen.append("work cancelled")
                raise

        service.on_start.append(started)
        service.on_stop.append(stopped)
        service.in_background("forever", work)
        stop = asyncio.Event()
        serving = asyncio.create_task(service.run(stop))
        await asyncio.wait_for(running.wait(), timeout=20)
        stop.set()
        await asyncio.wait_for(serving, timeout=20)
        assert seen == ["start hook", "work began", "work cancelled", "stop hook"]
    finally:
        server.stop()
