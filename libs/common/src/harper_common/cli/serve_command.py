"""``harper serve NAME``: run one service against NATS_URL / REDIS_URL / QDRANT_URL."""

from __future__ import annotations

import asyncio
import logging

import typer

from harper_common.cli.console import err
from harper_common.servers.services import UnknownService, serve_function, serve_until_signalled
from harper_common.settings import HarperSettings


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )


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
    configure_logging(settings.log_level)
    asyncio.run(serve_until_signalled([name], settings))
