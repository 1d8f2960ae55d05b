"""``harper up``: run Harper. Today that is the memory root only; the services come with the bus."""

from __future__ import annotations

from datetime import date

import typer

from harper_common.cli.console import err, out, progress_bar
from harper_common.cli.demo_command import default_truth_path, write_demo
from harper_common.cli.memory_command import print_summary
from harper_common.memory import MemoryRoot, check_memory
from harper_common.settings import HarperSettings

NOT_YET_BUILT = (
    "Not running yet: the NATS bus, Redis, the six services and the gateway on port {port} "
    "arrive with the bus issue. Nothing is listening; `harper up` prepared the memory root only."
)


def up() -> None:
    """Prepare the memory root (demo data when it has no accounts), check it, report what runs."""
    settings = HarperSettings()
    root = settings.mem_root
    if not MemoryRoot(root).account_ids():
        out.print(f"{root} has no accounts: writing {settings.demo_accounts} demo accounts")
        write_demo(
            root,
            accounts=settings.demo_accounts,
            seed=settings.demo_seed,
            as_of=date.today(),
            truth=default_truth_path(root),
        )
    with progress_bar("checking accounts") as progress:
        report = check_memory(root, progress=progress)
    print_summary(report)
    if not report.ok:
        err.print("memory has errors: run `harper check-memory` for the list", highlight=False)
        raise typer.Exit(code=1)
    out.print(NOT_YET_BUILT.format(port=settings.port), highlight=False)
