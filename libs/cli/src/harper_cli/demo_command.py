"""``harper demo-data``: write a deterministic demo brokerage into a memory root."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Annotated

import typer

from harper_cli.console import err, out, progress_bar
from harper_common.settings import HarperSettings


def default_truth_path(mem_root: Path) -> Path:
    """The ground truth sits beside the memory root, never in it: ``<root>-ground-truth.json``."""
    resolved = mem_root.resolve()
    return resolved.parent / f"{resolved.name}-ground-truth.json"


def write_demo(mem_root: Path, *, accounts: int, seed: int, as_of: date, truth: Path) -> None:
    """Generate the demo data with a progress bar and print what was written."""
    from harper_common.demo import generate_demo  # the generator's vocabulary loads on use

    with progress_bar("writing demo accounts") as progress:
        result = generate_demo(
            mem_root, accounts=accounts, seed=seed, as_of=as_of, truth_path=truth, progress=progress
        )
    out.print(
        f"wrote {result.accounts} accounts ({result.files} files) to {mem_root} "
        f"in {result.seconds:.1f} s; ground truth: {truth}",
        highlight=False,
    )


def demo_data(
    accounts: Annotated[int, typer.Option(min=1, help="How many accounts.")] = 60,
    seed: Annotated[int, typer.Option(help="Same seed, same data.")] = 7,
    out_dir: Annotated[
        Path | None, typer.Option("--out", help="Memory root to fill (default: HARPER_MEM_ROOT).")
    ] = None,
    as_of: Annotated[
        datetime | None,
        typer.Option(formats=["%Y-%m-%d"], help="The day the data is 'today' (default: today)."),
    ] = None,
    truth: Annotated[
        Path | None, typer.Option(help="Ground-truth JSON (default: <out>-ground-truth.json).")
    ] = None,
) -> None:
    """Write realistic, deterministic brokerage accounts for demos, tests and benchmarks."""
    mem_root = out_dir if out_dir is not None else HarperSettings().mem_root
    day = as_of.date() if as_of is not None else date.today()
    try:
        write_demo(
            mem_root,
            accounts=accounts,
            seed=seed,
            as_of=day,
            truth=truth if truth is not None else default_truth_path(mem_root),
        )
    except ValueError as exc:
        err.print(f"demo-data: {exc}", highlight=False)
        raise typer.Exit(code=2) from None
