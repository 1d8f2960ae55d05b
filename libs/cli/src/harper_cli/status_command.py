"""``harper status``: every service's replicas, requests in flight, error rate and consumer lag.

One request on the bus (``endpoints.STATUS``, no queue group), every replica of every bus service
replies; replies are gathered until ``--wait`` seconds have passed. The gateway serves HTTP, not
the bus: it is asked over HTTP as ``harper probe gateway`` does. Exit 1 when a service answers
not at all.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import Annotated

import typer
from nats.aio.client import Client
from nats.aio.msg import Msg
from rich.table import Table

from harper_cli.console import err, out
from harper_common.bus.client import BusError, decode_reply
from harper_common.bus.tool_connection import NatsUnreachable, tool_connection
from harper_common.messages.endpoints import STATUS
from harper_common.messages.status import ReplicaStatus
from harper_common.messages.subjects import SERVICES
from harper_common.servers.probe import probe_problem
from harper_common.settings import HarperSettings

BUS_SERVICES = tuple(name for name in SERVICES if name != "gateway")
NONE = "-"


async def gather_status(connection: Client, wait_s: float) -> list[ReplicaStatus]:
    """Ask every replica once; the replies that arrive within ``wait_s`` seconds."""
    replies: list[ReplicaStatus] = []
    inbox = connection.new_inbox()

    async def on_reply(message: Msg) -> None:
        try:
            reply: ReplicaStatus = decode_reply(STATUS.subject, message.data, STATUS.reply)
        except BusError as exc:  # that replica counts as not answering; say why
            err.print(f"a replica's status was refused: {exc}", highlight=False, markup=False)
            return
        replies.append(reply)

    subscription = await connection.subscribe(inbox, cb=on_reply)
    try:
        await connection.publish(
            STATUS.subject, STATUS.request().model_dump_json().encode(), reply=inbox
        )
        await connection.flush()
        await asyncio.sleep(wait_s)  # the deadline of a scatter-gather: replies come until then
    finally:
        await subscription.unsubscribe()
    return replies


def by_service(replies: Sequence[ReplicaStatus]) -> dict[str, list[ReplicaStatus]]:
    grouped: dict[str, list[ReplicaStatus]] = {name: [] for name in BUS_SERVICES}
    for reply in sorted(replies, key=lambda r: (r.service, r.instance)):
        grouped.setdefault(reply.service, []).append(reply)
    return grouped


def status_table(grouped: dict[str, list[ReplicaStatus]], gateway_problem: str | None) -> Table:
    """One row per service (totals over its replicas), then one per replica when it has several."""
    table = Table(title="harper status")
    for column in ("service", "replicas", "in flight", "requests", "error rate", "consumer lag"):
        table.add_column(column, justify="left" if column == "service" else "right")
    table.add_column("notes")
    gateway = "no answer: " + gateway_problem if gateway_problem else "answers on HTTP"
    table.add_row("gateway", "1" if not gateway_problem else "0", *[NONE] * 4, gateway)
    for name, replicas in grouped.items():
        table.add_row(*_row(name, replicas), style=None if replicas else "red")
        if len(replicas) > 1:
            for replica in replicas:
                table.add_row(*_row(f"  {replica.instance}", [replica]), style="dim")
    return table


def _row(label: str, replicas: Sequence[ReplicaStatus]) -> list[str]:
    if not replicas:
        return [label, "0", NONE, NONE, NONE, NONE, "no replica answered"]
    requests = sum(r.requests for r in replicas)
    errors = sum(r.errors for r in replicas)
    lags = [r.details.consumer_lag for r in replicas if r.details.consumer_lag is not None]
    dead = [r.details.dead_letters for r in replicas if r.details.dead_letters is not None]
    notes = [note for r in replicas for note in r.details.notes]
    if dead:
        notes.insert(0, f"dead letters: {max(dead)}")  # one stream, every replica reads it
    if not all(r.ok for r in replicas):
        notes.insert(0, "not ok")
    return [
        label,
        str(len(replicas)),
        str(sum(r.in_flight for r in replicas)),
        str(requests),
        f"{errors / requests:.1%}" if requests else NONE,
        str(max(lags)) if lags else NONE,  # one durable consumer, shared by the replicas
        "; ".join(dict.fromkeys(notes)),
    ]


async def _ask(settings: HarperSettings, wait_s: float) -> list[ReplicaStatus]:
    connection = await tool_connection(settings)
    try:
        return await gather_status(connection, wait_s)
    finally:
        await connection.close()


def status(
    wait_s: Annotated[
        float, typer.Option("--wait", min=0.05, help="Seconds to gather replies.")
    ] = 1.0,
) -> None:
    """Every service's replicas, requests in flight, error rate and consumer lag (exit 1 when
    a service answers not at all)."""
    settings = HarperSettings()
    started = time.monotonic()
    try:
        replies = asyncio.run(_ask(settings, wait_s))
    except NatsUnreachable as exc:
        err.print(str(exc), highlight=False, markup=False)
        raise typer.Exit(code=1) from exc
    grouped = by_service(replies)
    gateway_problem = probe_problem(settings, "gateway", timeout_s=wait_s + 1.0)
    out.print(status_table(grouped, gateway_problem))
    silent = [name for name, replicas in grouped.items() if not replicas]
    if gateway_problem:
        silent.insert(0, "gateway")
    if silent:
        err.print(
            f"no answer from: {', '.join(silent)} (within {time.monotonic() - started:.1f} s)",
            highlight=False,
        )
        raise typer.Exit(code=1)
