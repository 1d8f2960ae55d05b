"""The updater in a real Harper (NATS, Redis, every service as a process), through HTTP and NATS:
the spec's update, the vague form, new accounts, 3 replicas x 100 concurrent updates to one
account, and a crash between the file write and the publish."""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Iterator
from typing import Any

import httpx
import nats
import pytest
from harness import Harper, start_harper

from harper_common.memory import check_memory, read_history, read_state, verify_chain
from harper_common.messages.events import AccountEvent, AccountEventKind
from harper_common.messages.index import IndexApplied, IndexWaitRequest, ScanReply, ScanRequest
from harper_common.messages.query import AccountRef, AgentRequest, IntentInfo
from harper_common.messages.subjects import (
    ACCOUNT_STREAM,
    INDEX_SCAN,
    INDEX_WAIT,
    UPDATER_APPLY,
    account_event_subject,
)
from harper_common.servers.processes import ManagedProcess

SUNNY = "29119"
MAPLE = "29041"


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Harper]:
    harper = start_harper(tmp_path_factory.mktemp("updater"), accounts=30)
    try:
        yield harper
    finally:
        harper.stop()


@pytest.fixture
def http(running: Harper) -> Iterator[httpx.Client]:
    with running.client(timeout_s=60) as client:
        yield client


def state_of(harper: Harper, account_id: str) -> Any:
    return read_state(harper.settings.mem_root / "accounts" / account_id / "state.md", account_id)


async def nats_request(harper: Harper, subject: str, body: bytes, wait_s: float) -> bytes:
    connection = await nats.connect(harper.settings.nats_url)
    try:
        return (await connection.request(subject, body, timeout=wait_s)).data
    finally:
        await connection.drain()


def scan(harper: Harper, account_id: str) -> ScanReply:
    request = ScanRequest.model_validate(
        {"filters": {"stage": ["Quoted"], "account_id": [account_id]}}
    )
    raw = asyncio.run(nats_request(harper, INDEX_SCAN, request.model_dump_json().encode(), 10))
    return ScanReply.model_validate_json(raw)


def test_the_spec_update_through_query(running: Harper, http: httpx.Client) -> None:
    before = state_of(running, SUNNY)
    response = http.post(
        "/query", json={"query": "Mark Sunny Days Childcare as Quoted, $2,600 premium"}
    )
    body = response.json()
    assert response.status_code == 200, body
    assert (body["type"], body["routed_to"], body["account_id"]) == (
        "success",
        "updater_agent",
        SUNNY,
    )
    assert body["qdrant_updated"] is True and "Quoted" in body["new_description"]
    assert body["changes"] == [{"field": "premium", "old_value": "5350", "new_value": "2600"}]
    after = state_of(running, SUNNY)
    assert (after.premium, after.version) == (2600, before.version + 1)
    history = read_history(running.settings.mem_root / "accounts" / SUNNY / "history.md")
    assert history.last is not None and history.last.id == body["history_entry_id"]
    assert history.last.evidence == (
        'User command: "Mark Sunny Days Childcare as Quoted, $2,600 premium"'
    )
    found = scan(running, SUNNY)
    assert [a.premium for a in found.accounts] == [2600]  # the indexer applied the event


def test_vague_update_form_then_confirm(running: Harper, http: httpx.Client) -> None:
    body = http.post("/query", json={"query": "Update Maple Avenue Dental"}).json()
    assert body["type"] == "vague_update_clarification", body
    session = body["session_id"]
    empty = http.post("/confirm", json={"session_id": session, "clarification_data": {}})
    assert empty.status_code == 400 and "empty" in empty.json()["message"]
    filled = http.post(
        "/confirm",
        json={
            "session_id": session,
            "clarification_data": {"stage": "Bound", "note": "Policy bound effective 2/1/2026"},
        },
    ).json()
    assert filled["type"] == "success", filled
    assert [c["field"] for c in filled["changes"]] == ["stage", "note"]
    assert state_of(running, MAPLE).stage.value == "Bound"
    again = http.post("/confirm", json={"session_id": session, "clarification_data": {"note": "x"}})
    assert again.status_code == 409 and "already confirmed" in again.json()["message"]


def test_new_account_then_the_original_request(running: Harper, http: httpx.Client) -> None:
    body = http.post("/query", json={"query": "Add a note to New Company LLC"}).json()
    assert body["type"] == "confirmation_required", body
    confirm = {
        "session_id": body["session_id"],
        "confirmed": True,
        "industry": "Healthcare",
        "location": "Austin, TX",
        "primary_email": "contact@newcompany.com",
        "insurance_types": ["Workers' Compensation", "General Liability"],
        "notes": "Referred by existing client",
    }
    created = http.post("/confirm", json=confirm).json()
    assert created["type"] == "success", created
    new_id = created["account_id"]
    assert created["message"].startswith(f"Created new account: New Company LLC (ID: {new_id})")
    assert created["qdrant_updated"] is True
    state = state_of(running, new_id)
    assert state.version == 2 and "Referred by existing client" in state.body
    second = http.post("/confirm", json=confirm)
    assert second.status_code == 409 and "already confirmed" in second.json()["message"]
    assert state_of(running, new_id).version == 2
    routed = http.post("/query", json={"query": "Mark New Company LLC as Intake"}).json()
    assert routed.get("account_id") == new_id, routed  # found by name in the index


def test_communications_endpoints(running: Harper, http: httpx.Client) -> None:
    raw = (
        "From: Someone <nobody@unknown-sender.com>\nTo: Jordan Hale <jordan@northgateins.com>\n"
        "Date: 2026-11-22T10:00:00Z\nSubject: Quote?\n\nDo you quote bakeries?\n"
    )
    queued = http.post("/communications", json={"channel": "email", "raw": raw})
    assert queued.status_code == 202, queued.text
    listed = http.get("/communications/unmatched").json()
    assert queued.json()["unmatched_id"] in [i["unmatched_id"] for i in listed["items"]]
    filed = http.post("/communications", json={"channel": "email", "raw": raw, "account_id": MAPLE})
    assert filed.status_code == 201, filed.text
    assert filed.json()["source_path"].startswith(f"accounts/{MAPLE}/sources/emails/")
    bad = http.post("/communications", json={"channel": "email", "raw": "no headers"})
    assert bad.status_code == 400


async def _burst(harper: Harper, account_id: str, count: int) -> list[dict[str, Any]]:
    connection = await nats.connect(harper.settings.nats_url)
    account = AccountRef(account_id=account_id, account_name="x")
    intent = IntentInfo(intent="update", confidence=1.0)

    async def one(n: int) -> dict[str, Any]:
        request = AgentRequest(
            request_id=f"burst{n}", query=f"add a note: burst {n}", intent=intent, account=account
        )
        reply = await connection.request(
            UPDATER_APPLY, request.model_dump_json().encode(), timeout=90
        )
        return dict(json.loads(reply.data))

    try:
        return await asyncio.gather(*(one(n) for n in range(count)))
    finally:
        await connection.drain()


async def _events_on(harper: Harper, kind: AccountEventKind, account_id: str) -> int:
    connection = await nats.connect(harper.settings.nats_url)
    try:
        subject = account_event_subject(kind, account_id)
        info = await connection.jetstream().stream_info(ACCOUNT_STREAM, subjects_filter=subject)
        return int((info.state.subjects or {}).get(subject, 0))
    finally:
        await connection.drain()


def _start_updater(harper: Harper) -> ManagedProcess:
    """A new updater replica, once it answers (its log may hold an earlier run's lines)."""
    log = harper.log_dir / f"updater-{len(harper.services.get('updater', []))}.log"
    offset = log.stat().st_size if log.exists() else 0
    process = harper.start_service("updater")
    deadline = time.monotonic() + 60
    while "updater ready" not in log.read_bytes()[offset:].decode(errors="replace"):
        assert process.running, process.log_tail()
        assert time.monotonic() < deadline, "an updater replica did not start"
        time.sleep(0.2)
    return process


@pytest.mark.slow
def test_three_replicas_and_a_hundred_concurrent_updates(running: Harper) -> None:
    account = sorted(p.name for p in (running.settings.mem_root / "accounts").iterdir())[3]
    _start_updater(running)
    _start_updater(running)
    before = state_of(running, account).version
    events_before = asyncio.run(_events_on(running, AccountEventKind.STATE_CHANGED, account))
    replies = asyncio.run(_burst(running, account, 100))
    errors = [r for r in replies if r.get("type") != "success"]
    assert errors == []
    state = state_of(running, account)
    assert state.version == before + 100
    assert all(f": burst {n}\n" in state.body for n in range(100))
    history = read_history(running.settings.mem_root / "accounts" / account / "history.md")
    assert verify_chain(history) == []
    assert sorted(r["history_entry_id"] for r in replies) == [e.id for e in history.entries[-100:]]
    assert check_memory(running.settings.mem_root).ok
    events = asyncio.run(_events_on(running, AccountEventKind.STATE_CHANGED, account))
    assert events - events_before == 100


def _last_event(harper: Harper, account_id: str) -> AccountEvent | None:
    async def get() -> AccountEvent | None:
        connection = await nats.connect(harper.settings.nats_url)
        try:
            subject = account_event_subject(AccountEventKind.STATE_CHANGED, account_id)
            message = await connection.jetstream().get_last_msg(ACCOUNT_STREAM, subject)
            return AccountEvent.model_validate_json(message.data or b"")
        except nats.js.errors.NotFoundError:
            return None
        finally:
            await connection.drain()

    return asyncio.run(get())


@pytest.mark.slow
def test_a_crash_between_write_and_publish_loses_no_event(running: Harper) -> None:
    account = sorted(p.name for p in (running.settings.mem_root / "accounts").iterdir())[5]
    running.stop_service("updater")
    os.environ["HARPER_UPDATER_CRASH_AFTER_WRITE"] = "1"
    try:
        crashing = _start_updater(running)
    finally:
        del os.environ["HARPER_UPDATER_CRASH_AFTER_WRITE"]
    before = state_of(running, account).version
    request = AgentRequest(
        request_id="crash",
        query="next step: call about the crash test",
        intent=IntentInfo(intent="update", confidence=1.0),
        account=AccountRef(account_id=account, account_name="x"),
    )
    with pytest.raises(nats.errors.TimeoutError):
        asyncio.run(nats_request(running, UPDATER_APPLY, request.model_dump_json().encode(), 5))
    deadline = time.monotonic() + 10
    while crashing.running:
        assert time.monotonic() < deadline, "the updater did not exit"
        time.sleep(0.1)
    assert state_of(running, account).version == before + 1  # the files were written
    last = _last_event(running, account)
    assert last is None or last.version < before + 1  # ... and the event was not published
    count_before = asyncio.run(_events_on(running, AccountEventKind.STATE_CHANGED, account))

    running.stop_service("updater")
    _start_updater(running)
    deadline = time.monotonic() + 30
    while (last := _last_event(running, account)) is None or last.version < before + 1:
        assert time.monotonic() < deadline, "the relay did not publish the event"
        time.sleep(0.2)
    assert last.version == before + 1
    after = asyncio.run(_events_on(running, AccountEventKind.STATE_CHANGED, account))
    assert after - count_before == 1  # delivered once
    wait = IndexWaitRequest(account_id=account, version=before + 1, timeout_s=10)
    raw = asyncio.run(nats_request(running, INDEX_WAIT, wait.model_dump_json().encode(), 15))
    assert IndexApplied.model_validate_json(raw).applied
