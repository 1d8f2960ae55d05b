"""Reliability against a real Harper: a retried write is applied once (at the gateway, and at the
updater when the gateway never saw the first result), and with NATS down the gateway answers
503 at once, then everything reconnects by itself when NATS is back."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from harness import Harper, start_harper

from harper_common.memory.files import read_history, read_state

ACCOUNT = "29041"


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Harper]:
    harper = start_harper(tmp_path_factory.mktemp("reliability"), accounts=12)
    try:
        yield harper
    finally:
        harper.stop()


def version(harper: Harper) -> int:
    return read_state(harper.settings.mem_root / "accounts" / ACCOUNT / "state.md").version


def update(
    harper: Harper, key: str, headers: dict[str, str], premium: str = "$2,480"
) -> httpx.Response:
    return httpx.post(
        f"{harper.base_url}/query",
        json={"query": f"Mark Maple Avenue Dental premium {premium}"},
        headers={**headers, "Idempotency-Key": key},
        timeout=60,
    )


def test_a_retry_with_the_same_key_gets_the_first_result(running: Harper) -> None:
    before = version(running)
    first = update(running, "retry-1", running.headers)
    again = update(running, "retry-1", running.headers)
    assert first.status_code == again.status_code == 200, first.text
    assert again.headers.get("idempotent-replayed") == "true"
    assert again.json()["history_entry_id"] == first.json()["history_entry_id"]
    assert version(running) == before + 1


def test_the_updater_refuses_to_apply_a_key_twice_whatever_the_gateway_kept(
    running: Harper,
) -> None:
    with running.client() as admin:
        made = admin.post("/admin/keys", json={"name": "retrier", "role": "broker"}).json()
    other = {"Authorization": f"Bearer {made['key']}"}
    before = version(running)
    first = update(running, "retry-2", running.headers, premium="$2,390")
    # Another credential: the gateway's kept reply is not this caller's, so the request
    # reaches the updater, which finds the key in the account's history.
    again = update(running, "retry-2", other, premium="$2,390")
    assert first.status_code == again.status_code == 200, again.text
    assert "Already applied" in again.json()["message"]
    assert version(running) == before + 1
    history = read_history(running.settings.mem_root / "accounts" / ACCOUNT / "history.md")
    tagged = [e for e in history.entries if any(d.value == "retry-2" for d in e.details)]
    assert len(tagged) == 1


def test_with_nats_down_requests_fail_fast_and_recover(running: Harper) -> None:
    nats = running.servers[0]
    assert nats.name == "nats-server"
    nats.stop()
    try:
        started = time.monotonic()
        reply = httpx.post(
            f"{running.base_url}/query",
            json={"query": "what stage is Maple Avenue Dental at"},
            headers=running.headers,
            timeout=30,
        )
        elapsed = time.monotonic() - started
        assert reply.status_code == 503, reply.text
        assert "NATS" in reply.json()["message"]
        assert elapsed < 3.0
    finally:
        nats.start()
    running.wait_healthy(120)
    with running.client(timeout_s=60) as client:
        answered = client.post("/query", json={"query": "what stage is Maple Avenue Dental at"})
    assert answered.status_code == 200, answered.text
