"""The floor of one bus hop: a bare nats-py responder (no FastStream, no tracing) whose handler
spins as long as an in-process name look-up takes, asked by a bare nats-py client.

Run: ``.venv/bin/python tests/bench/bench_hop_floor.py [--handler-ms 0.43] [--n 3000]``.
Starts its own nats-server on a free loopback port and the responder in a process of its own
(as the indexer is), then prints one JSON line: the handler's time, the request/reply p50 with
that handler and with an empty one, and the ratio to the handler's time. The ratio is what the
issue's "bus cost per hop <= 1.5x the in-process call" compares; a framework can only add to it.
No assertions.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nats

from harper_common.servers.nats_server import start_nats
from harper_common.servers.processes import free_port

SUBJECT = "bench.hop.floor"


def spin(seconds: float) -> None:
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        pass


async def respond(url: str, handler_s: float) -> None:
    client = await nats.connect(url)

    async def answer(msg: nats.aio.msg.Msg) -> None:
        spin(handler_s)
        await msg.respond(msg.data)

    await client.subscribe(SUBJECT, queue="floor", cb=answer)
    await client.flush()
    print("ready", flush=True)
    await asyncio.Event().wait()


async def ask(url: str, n: int) -> list[float]:
    client = await nats.connect(url)
    body = json.dumps({"name": "Maple Avenue Dental", "limit": 5}).encode()
    for _ in range(200):  # warm-up
        await client.request(SUBJECT, body, timeout=5)
    samples = []
    for _ in range(n):
        started = time.perf_counter()
        await client.request(SUBJECT, body, timeout=5)
        samples.append((time.perf_counter() - started) * 1000)
    await client.close()
    return samples


def measure(url: str, handler_ms: float, n: int) -> float:
    """p50 (ms) of a request to a responder process whose handler spins ``handler_ms``."""
    here = Path(__file__).resolve()
    responder = subprocess.Popen(
        [sys.executable, str(here), "--serve", url, "--handler-ms", str(handler_ms)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert responder.stdout is not None and responder.stdout.readline().strip() == "ready"
        return statistics.median(asyncio.run(ask(url, n)))
    finally:
        responder.terminate()
        responder.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--handler-ms", type=float, default=0.43, help="the in-process look-up")
    parser.add_argument("--n", type=int, default=3000)
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(respond(args.serve, args.handler_ms / 1000))
        return
    with tempfile.TemporaryDirectory(prefix="harper-hop-floor-") as folder:
        base = Path(folder)
        url = f"nats://127.0.0.1:{free_port()}"
        server = start_nats(url, base, base / "logs")
        try:
            empty = measure(url, 0.0, args.n)
            busy = measure(url, args.handler_ms, args.n)
        finally:
            server.stop()
    print(
        json.dumps(
            {
                "handler_ms": args.handler_ms,
                "empty_handler_p50_ms": round(empty, 3),
                "busy_handler_p50_ms": round(busy, 3),
                "floor_ratio": round(busy / args.handler_ms, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
