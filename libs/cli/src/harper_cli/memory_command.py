"""``harper check-memory``: validate a memory root and print a summary table."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from harper_cli.console import err, out, progress_bar
from harper_common.memory import MemoryReport, check_memory
from harper_common.settings import HarperSettings

MemOption = Annotated[
    Path | None,
    typer.Option("--mem", help="Memory root to check (default: HARPER_MEM_ROOT or ./mem)."),
]


def check_memory_command(
    mem: MemOption = None,
    max_problems: Annotated[int, typer.Option(help="Problems listed at most.")] = 200,
) -> None:
    """Validate every account folder: formats, history chains, ids, required fields, sources."""
    root = mem if mem is not None else HarperSettings().mem_root
    with progress_bar("checking accounts") as progress:
        report = check_memory(root, progress=progress)
    for problem in report.problems[:max_problems]:
        stream = err if problem.severity == "error" else out
        stream.print(problem.describe(), markup=False, highlight=False)
    hidden = len(report.problems) - max_problems
    if hidden > 0:
        err.print(f"… and {hidden} more problems", highlight=False)
    print_summary(report)
    if not report.ok:
        raise typer.Exit(code=1)


def print_summary(report: MemoryReport) -> None:
    """The memory root and a table of accounts, entries, sources by channel and problems."""
    out.print(f"memory root: {report.root}", highlight=False)
    out.print(summary_table(report))


def summary_table(report: MemoryReport) -> Table:
    table = Table(title="check-memory", show_header=False)
    table.add_column("what")
    table.add_column("count", justify="right")
    table.add_row("accounts", str(report.accounts))
    table.add_row("valid accounts", str(report.valid_accounts))
    table.add_row("history entries", str(report.history_entries))
    for channel in ("email", "call", "sms"):
        table.add_row(f"sources: {channel}", str(report.sources[channel]))
    table.add_row("errors", str(len(report.errors)), style="red" if report.errors else "green")
    table.add_row("warnings", str(len(report.warnings)))
    return table
