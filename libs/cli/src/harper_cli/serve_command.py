"""``harper serve NAME``: run one service against NATS_URL / REDIS_URL / QDRANT_URL."""

from __future__ import annotations

import typer

from harper_cli.console import err
from harper_cli.services import UnknownService, serve_function
from harper_common.servers.serving import run_service


def serve(
    name: str = typer.Argument(help="gateway, starter, search, updater, followup or indexer"),
) -> None:
    """Run one service until Ctrl-C (settings from the environment; see the README)."""
    try:
        serve = serve_function(name)
    except UnknownService as exc:
        err.print(str(exc), highlight=False)
        raise typer.Exit(code=2) from exc
    run_service(name, serve)
