"""``harper keys add|list|revoke``: API keys in the shared store, as ``/admin/keys`` does.

Talks to the NATS server of ``NATS_URL`` (the store is a JetStream KV bucket every gateway reads).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Annotated, TypeVar

import typer

from harper_cli.console import err, out
from harper_common.auth.keys import BadKeyName, KeyNameTaken, KeyStore
from harper_common.bus.tool_connection import NatsUnreachable, tool_connection
from harper_common.messages.base import Role
from harper_common.settings import HarperSettings

keys_app = typer.Typer(help="API keys: add, list, revoke (roles: viewer, broker, admin).")
T = TypeVar("T")


def _with_store(work: Callable[[KeyStore], Awaitable[T]]) -> T:
    async def run() -> T:
        settings = HarperSettings()
        try:
            connection = await tool_connection(settings)
        except NatsUnreachable as exc:
            err.print(str(exc), highlight=False, markup=False)
            raise typer.Exit(code=1) from exc
        try:
            return await work(await KeyStore.open(connection.jetstream()))
        finally:
            await connection.close()

    return asyncio.run(run())


@keys_app.command("add")
def add(
    name: Annotated[str, typer.Argument(help="Who the key is for (a-z 0-9 . _ -).")],
    role: Annotated[str, typer.Option("--role", help="viewer, broker or admin.")] = "viewer",
) -> None:
    """Make a key; it is printed once and kept only as a hash."""
    if role not in ("viewer", "broker", "admin"):
        err.print(f"--role {role!r}: choose viewer, broker or admin")
        raise typer.Exit(code=2)
    chosen: Role = role  # type: ignore[assignment]
    try:
        record, key = _with_store(lambda store: store.add(name, chosen, by="harper keys"))
    except (BadKeyName, KeyNameTaken) as exc:
        err.print(str(exc))
        raise typer.Exit(code=1) from exc
    out.print(f"{record.name} ({record.role}): {key}", highlight=False)
    out.print("Keep it now: it is not shown again.")


@keys_app.command("list")
def list_keys() -> None:
    """Every key's name, role and when it was made (never the keys)."""
    for record in _with_store(lambda store: store.list()):
        made = record.created_at.strftime("%Y-%m-%d %H:%M")
        out.print(f"{record.name:<24} {record.role:<7} {made}  by {record.created_by or '-'}")


@keys_app.command("revoke")
def revoke(name: Annotated[str, typer.Argument(help="The key's name.")]) -> None:
    """Revoke a key: requests with it are refused within seconds."""
    if not _with_store(lambda store: store.revoke(name)):
        err.print(f"no key is named {name!r}")
        raise typer.Exit(code=1)
    out.print(f"revoked {name}")
