"""`harper status` in process, on a real NATS server: every replica answers the one request with
its own counts; a service that answers not at all makes the command exit 1, naming it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import nats
import pytest
from typer.testing import CliRunner

from harper_cli import app
from harper_cli.status_command import gather_status
from harper_common.bus.routes import ServiceFailure
from harper_common.bus.service import BusService
from harper_common.messages.base import ErrorCode, WireModel
from harper_common.messages.endpoint import Endpoint
from harper_common.messages.status import ReplicaStatus, ServiceDetails
from harper_common.servers.nats_server import start_nats
from harper_common.servers.processes import free_port
from harper_common.settings import HarperSettings


class Ask(WireModel):
    fail: bool = False


class Answer(WireModel):
    pass


ASK: Endpoint[Ask, Answer] = Endpoint("test.status.ask", Ask, Answer, "search")


async def answer(request: Ask) -> Answer:
    if request.fail:
        raise ServiceFailure(ErrorCode.BAD_REQUEST, "asked to fail")
    return Answer()


@pytest.fixture
async def running(tmp_path: Path) -> AsyncIterator[HarperSettings]:
    """A search and an updater service on a fresh NATS server; the indexer's kind of details."""
    url = f"nats://127.0.0.1:{free_port()}"
    server = start_nats(url, tmp_path, tmp_path / "logs")
    settings = HarperSettings(
        nats_url=url, mem_root=tmp_path / "mem", data_dir=tmp_path, port=free_port()
    )
    search, updater = BusService("search", settings), BusService("updater", settings)
    search.serve(ASK, answer)

    async def details() -> ServiceDetails:
        return ServiceDetails(consumer_lag=7, dead_letters=2)

    updater.status_details = details
    stop = asyncio.Event()
    tasks = [asyncio.create_task(service.run(stop)) for service in (search, updater)]
    try:
        yield settings
    finally:
        stop.set()
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=20)
        server.stop()


async def statuses(settings: HarperSettings) -> dict[str, ReplicaStatus]:
    connection = await nats.connect(settings.nats_url)
    try:
        replies = await gather_status(connection, wait_s=0.5)
    finally:
        await connection.close()
    assert len(replies) == len({r.service for r in replies}), replies
    return {reply.service: reply for reply in replies}


async def until_both_answer(settings: HarperSettings) -> dict[str, ReplicaStatus]:
    for _ in range(40):  # the services subscribe once connected: ask until both have
        replies = await statuses(settings)
        if {"search", "updater"} <= set(replies):
            return replies
    raise AssertionError(f"only {sorted(replies)} answered")


@pytest.mark.anyio
async def test_every_replica_reports_its_own_requests_errors_and_details(
    running: HarperSettings,
) -> None:
    before = (await until_both_answer(running))["search"]
    connection = await nats.connect(running.nats_url)
    try:
        for fail in (False, False, True):
            await connection.request(ASK.subject, Ask(fail=fail).model_dump_json().encode(), 5)
    finally:
        await connection.close()
    after = await statuses(running)
    search, updater = after["search"], after["updater"]
    assert (search.requests - before.requests, search.errors - before.errors) == (3, 1)
    assert search.in_flight == 0 and search.ok
    assert search.details == ServiceDetails()
    assert (updater.details.consumer_lag, updater.details.dead_letters) == (7, 2)


@pytest.mark.anyio
async def test_the_command_names_the_services_that_did_not_answer(
    running: HarperSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    await until_both_answer(running)
    monkeypatch.setenv("NATS_URL", running.nats_url)
    monkeypatch.setenv("HARPER_PORT", str(running.port))
    monkeypatch.setenv("HARPER_DATA_DIR", str(running.data_dir))
    monkeypatch.setenv("COLUMNS", "200")
    result = await asyncio.to_thread(CliRunner().invoke, app, ["status", "--wait", "0.5"])
    assert result.exit_code == 1, result.output
    assert "no answer from: gateway, starter, followup, indexer" in result.output
    assert "│ updater " in result.output and "dead letters: 2" in result.output
    search_row = next(line for line in result.output.splitlines() if "│ search " in line)
    assert search_row.split("│")[2].strip() == "1"  # one replica


def test_a_bad_wait_is_refused_naming_it() -> None:
    result = CliRunner().invoke(app, ["status", "--wait", "0"])
    assert result.exit_code == 2
    assert "--wait" in result.output
