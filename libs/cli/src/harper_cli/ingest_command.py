"""``harper ingest``: (re)build the account index from a memory root."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from harper_cli.console import err, out, progress_bar
from harper_common.settings import HarperSettings


def ingest(
    mem: Annotated[
        Path | None,
        typer.Option("--mem", help="Memory root to index (default: HARPER_MEM_ROOT, ./mem)."),
    ] = None,
    clean: Annotated[bool, typer.Option("--clean", help="Empty the index first.")] = False,
) -> None:
    """Index every account of the memory root; only changed accounts are re-embedded."""
    settings = HarperSettings()
    root = mem or settings.mem_root
    if not (root / "accounts").is_dir():
        err.print(f"{root} is not a memory root (it has no accounts/ folder)", highlight=False)
        raise typer.Exit(code=2)
    # The indexer package is loaded only here: other harper commands don't need numpy or a model.
    from harper_indexer import ingest_command as command

    try:
        with progress_bar("indexing accounts") as progress:
            report = command.run_ingest(settings, root, clean=clean, progress=progress)
    except command.IndexBusy as exc:
        err.print(str(exc), highlight=False, markup=False)
        raise typer.Exit(code=1) from exc
    out.print(report.summary(), highlight=False)
    for problem in report.problems:
        err.print(f"  {problem.account_id}: {problem.problem}", highlight=False, markup=False)
