"""An indexer process over a real NATS, for `bench_starter_decide --bus`: the index as the
starter sees it in production (`IndexClient`, one bus round trip per call)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from harper_cli.stack import service_env
from harper_common.bus.broker import make_broker
from harper_common.bus.client import BusClient
from harper_common.bus.index_client import IndexClient
from harper_common.servers.nats_server import start_nats
from harper_common.servers.processes import ManagedProcess, free_port
from harper_common.settings import HarperSettings

READY_S = 300.0


@asynccontextmanager
async def indexer_over_bus(mem: Path, folder: Path, models: Path) -> AsyncIterator[IndexClient]:
    """NATS and an indexer over ``mem``; yields a client once its accounts and passages are in."""
    data = _data_dir(folder, models)
    settings = HarperSettings(
        mem_root=mem,
        data_dir=data,
        nats_url=f"nats://127.0.0.1:{free_port()}",
        otel_exporter="none",
    )
    logs = folder / "logs"
    nats = start_nats(settings.nats_url, data, logs)
    env = service_env(settings, "indexer") | {"HARPER_OTEL_EXPORTER": "none"}
    argv = [sys.executable, "-m", "harper_cli", "serve", "indexer"]
    indexer = ManagedProcess("indexer", argv, logs / "indexer.log", env=env)
    indexer.start()
    broker = make_broker(settings, "bench")
    try:
        await broker.connect()
        index = IndexClient(BusClient(broker, timeout_s=30.0))
        await _filled(index)
        yield index
    finally:
        await broker.stop()
        indexer.stop()
        nats.stop()


def _data_dir(folder: Path, models: Path) -> Path:
    """The indexer's data folder, its model kept in ``models`` between runs."""
    data = folder / "data"
    data.mkdir(parents=True, exist_ok=True)
    models.mkdir(parents=True, exist_ok=True)
    (data / "models").symlink_to(models.resolve())
    return data


async def _filled(index: IndexClient) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + READY_S
    while loop.time() < deadline:
        try:
            status = await index.status()
            if status.ready and "embedded in" in status.passages:
                return
        except Exception:  # not up yet
            pass
        await asyncio.sleep(0.5)
    raise TimeoutError("the indexer did not fill its index in time")
