"""The ``harper`` command: ``harper --help`` lists what it can do.

Run it from the workspace's virtual environment (``.venv/bin/harper``) or with ``uv run harper``.
"""

from __future__ import annotations

import typer

from harper_cli.demo_command import demo_data
from harper_cli.ingest_command import ingest
from harper_cli.keys_command import keys_app
from harper_cli.memory_command import check_memory_command
from harper_cli.reindex_command import reindex
from harper_cli.serve_command import serve
from harper_cli.skills_command import skills_command
from harper_cli.status_command import status
from harper_cli.up_command import up
from harper_common.servers.probe import probe
from harper_common.servers.provision import provision_command

app = typer.Typer(
    name="harper",
    help="Harper: the account memory of an insurance brokerage.",
    no_args_is_help=True,
    add_completion=False,
)
app.command("demo-data")(demo_data)
app.command("check-memory")(check_memory_command)
app.command("up")(up)
app.command("serve")(serve)
app.command("ingest")(ingest)
app.command("reindex")(reindex)
app.command("skills")(skills_command)
app.add_typer(keys_app, name="keys")
app.command("probe")(probe)
app.command("provision")(provision_command)
app.command("status")(status)


def main() -> None:
    app()
