"""The ``harper`` command: ``harper --help`` lists what it can do.

Run it from the workspace's virtual environment (``.venv/bin/harper``) or with ``uv run harper``.
"""

from __future__ import annotations

import typer

from harper_common.cli.demo_command import demo_data
from harper_common.cli.ingest_command import ingest
from harper_common.cli.keys_command import keys_app
from harper_common.cli.memory_command import check_memory_command
from harper_common.cli.probe_command import probe
from harper_common.cli.provision_command import provision_command
from harper_common.cli.reindex_command import reindex
from harper_common.cli.serve_command import serve
from harper_common.cli.skills_command import skills_command
from harper_common.cli.up_command import up

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


def main() -> None:
    app()
