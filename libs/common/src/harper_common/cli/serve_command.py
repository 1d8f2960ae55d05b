"""``harper serve NAME``: run one service against NATS_URL / REDIS_URL / QDRANT_URL."""

from __future__ import annotations

import asyncio

import typer

from harper_common.bus.logs import configure_logging
from harper_common.cli.console import err
from harper_common.servers.services import UnknownService, serve_function, serve_until_signalled
from harper_common.settings import HarperSettings


def serve(
    name: str = typer.Argument(help="gateway, starter, search, updater, followup or indexer"),
) -> None:
    """Run one service until Ctrl-C (settings from the environment; see the README)."""
    settings = HarperSettings()
    try:
        serve_function(name)
    except UnknownService as exc:
        err.print(str(exc), highlight=False)
        raise typer.Exit(code=2) from exc
    configure_logging(settings.log_level, settings.log_format)
    asyncio.run(serve_until_signalled([name], settings))
