"""``harper reindex --verify``: ask the running indexer where its index and the files disagree."""

from __future__ import annotations

import asyncio
from typing import Annotated

import typer

from harper_cli.console import err, out
from harper_common.bus.client import decode_reply
from harper_common.bus.tool_connection import tool_connection
from harper_common.messages import endpoints
from harper_common.messages.index import IndexVerifyReply
from harper_common.settings import HarperSettings


def reindex(
    verify: Annotated[
        bool,
        typer.Option("--verify", help="Compare every collection with the files; change nothing."),
    ] = False,
    limit: Annotated[int, typer.Option("--limit", help="Differences to list at most.")] = 200,
    timeout_s: Annotated[float, typer.Option("--timeout", help="Seconds to wait.")] = 120.0,
) -> None:
    """Check the index against the memory root (exit 1 when they differ). The indexer fixes a
    stale account on its next event or start; `harper ingest --clean` rebuilds everything."""
    if not verify:
        err.print("Say --verify: reindex only compares. `harper ingest --clean` rebuilds.")
        raise typer.Exit(code=2)
    settings = HarperSettings()
    try:
        reply = asyncio.run(_ask(settings, limit, timeout_s))
    except Exception as exc:
        err.print(f"The indexer did not answer on {settings.nats_url}: {exc}", markup=False)
        raise typer.Exit(code=1) from exc
    if reply.passages_filling:
        out.print("Passages are still being filled after start; accounts not reached yet are "
                  "not counted.")  # fmt: skip
    if not reply.total:
        out.print(f"The index matches the files: {reply.checked} accounts checked.")
        return
    out.print(f"{reply.total} differences in {reply.checked} accounts:", highlight=False)
    for d in reply.differences:
        versions = f"index v{d.indexed_version or '-'}, files v{d.file_version or '-'}"
        out.print(f"  {d.account_id}  {d.collection:9} {d.problem:13} ({versions})", markup=False)
    if reply.total > len(reply.differences):
        out.print(f"  ... and {reply.total - len(reply.differences)} more (--limit)")
    raise typer.Exit(code=1)


async def _ask(settings: HarperSettings, limit: int, timeout_s: float) -> IndexVerifyReply:
    connection = await tool_connection(settings, 5.0)
    endpoint = endpoints.INDEX_VERIFY
    try:
        request = endpoint.request(limit=limit).model_dump_json().encode()
        reply = await connection.request(endpoint.subject, request, timeout=timeout_s)
        verified: IndexVerifyReply = decode_reply(endpoint.subject, reply.data, endpoint.reply)
        return verified
    finally:
        await connection.close()
