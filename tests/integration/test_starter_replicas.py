"""Two starter replicas in one queue group share the requests."""

from __future__ import annotations

import time

import httpx
from harness import Harper
from sse import read_events


def intent_instance(client: httpx.Client, query: str) -> str:
    with client.stream("POST", "/query/stream", json={"query": query}) as response:
        for event in read_events(response):
            if event.kind == "intent":
                return str(event.data["instance"])
    raise AssertionError("no intent event")


def test_both_replicas_answer(client: httpx.Client, harper: Harper) -> None:
    replica = harper.start_service("starter")
    deadline = time.monotonic() + 60
    while "starter ready" not in replica.log_path.read_text(errors="replace"):
        assert replica.running, replica.log_tail()
        assert time.monotonic() < deadline, "the second starter did not start"
        time.sleep(0.2)
    instances = {
        intent_instance(client, f"What stage is account number {n} in?") for n in range(24)
    }
    assert len(instances) == 2, instances
