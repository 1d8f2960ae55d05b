"""The updater's per-account write lock: ``flock`` on the memory root vs the NATS KV lease, the
time to take and give back the lock (no write), one account and 20 accounts at once.

    .venv/bin/python tests/bench/bench_updater_locks.py [--rounds 300]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import nats

from harper_common.bus.buckets import UPDATER_LEASES
from harper_common.bus.kv import NatsKv
from harper_common.servers.nats_server import start_nats
from harper_common.servers.processes import free_port
from harper_updater.locks import AccountLocks, LeaseLocks, WriteLocks


async def cycles(locks: WriteLocks, keys: list[str], rounds: int) -> list[float]:
    took: list[float] = []

    async def one(key: str) -> None:
        for _ in range(rounds):
            start = time.perf_counter()
            async with locks.hold(key):
                pass
            took.append(time.perf_counter() - start)

    await asyncio.gather(*(one(key) for key in keys))
    return took


def report(name: str, took: list[float], wall: float) -> None:
    ms = sorted(t * 1000 for t in took)
    print(  # noqa: T201
        f"{name:28} {len(ms) / wall:8.0f} holds/s  median {statistics.median(ms):6.2f} ms  "
        f"p95 {ms[int(len(ms) * 0.95)]:6.2f} ms"
    )


async def main(rounds: int) -> None:
    base = Path(tempfile.mkdtemp(prefix="bench-locks-"))
    url = f"nats://127.0.0.1:{free_port()}"
    server = start_nats(url, base, base / "logs")
    connection = await nats.connect(url)
    try:
        kv = await NatsKv.open(connection.jetstream(), UPDATER_LEASES)
        kinds: dict[str, WriteLocks] = {
            "flock": AccountLocks(base / "locks"),
            "lease": LeaseLocks(kv, base / "fences"),
        }
        for name, locks in kinds.items():
            for width in (1, 20):
                keys = [f"{29000 + n}" for n in range(width)]
                start = time.perf_counter()
                took = await cycles(locks, keys, rounds)
                report(f"{name}, {width} account(s)", took, time.perf_counter() - start)
    finally:
        await connection.close()
        server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=300)
    asyncio.run(main(parser.parse_args().rounds))
