"""Write a deterministic demo brokerage into a memory root, and its ground truth beside it.

Run it through the command line (``harper demo-data --accounts 200 --seed 7``) or call
``generate_demo(Path("mem"), accounts=200, seed=7, as_of=date(2026, 2, 20),
truth_path=Path("mem-ground-truth.json"))``. Same accounts, seed and as-of day: same bytes.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from datetime import date
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from harper_common.demo.roster import plan_accounts
from harper_common.demo.truth import AccountTruth, GroundTruth
from harper_common.demo.writer import write_book
from harper_common.memory.models import Channel

MAX_ACCOUNTS = 50_000
"""Account ids have five digits; beyond this many, drawing unused ones gets slow."""


class DemoResult(BaseModel):
    """What ``generate_demo`` wrote."""

    model_config = ConfigDict(frozen=True)

    accounts: int
    sources: dict[Channel, int]
    """Sources written per channel."""
    files: int
    """Files under the memory root (the ground truth not included)."""
    seconds: float
    truth_path: Path


def generate_demo(
    out: Path,
    *,
    accounts: int,
    seed: int,
    as_of: date,
    truth_path: Path,
    progress: Callable[[int, int], None] | None = None,
    workers: int | None = None,
) -> DemoResult:
    """Fill the empty memory root ``out``; write the ground truth to ``truth_path``.

    ValueError when ``out`` holds accounts, ``truth_path`` is inside ``out`` or ``accounts`` is out
    of range. ``workers``: processes (default one per core for large books); same output always.
    """
    started = time.perf_counter()
    _refuse_unsafe(out, truth_path, accounts)
    plans = plan_accounts(accounts, seed)
    (out / "accounts").mkdir(parents=True, exist_ok=True)
    written = write_book(out, plans, seed=seed, as_of=as_of, workers=workers, progress=progress)
    truth = GroundTruth(as_of=as_of, seed=seed, accounts=written.truths)
    _write_truth(truth_path, truth)
    return DemoResult(
        accounts=len(plans),
        sources=_count_sources(truth.accounts),
        files=written.files,
        seconds=round(time.perf_counter() - started, 3),
        truth_path=truth_path,
    )


def _count_sources(accounts: list[AccountTruth]) -> dict[Channel, int]:
    sources: Counter[Channel] = Counter()
    for account in accounts:
        sources.update(account.sources)
    return {channel: sources[channel] for channel in Channel}


def _write_truth(path: Path, truth: GroundTruth) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(truth.model_dump_json(indent=2) + "\n", encoding="utf-8")


def _refuse_unsafe(out: Path, truth_path: Path, accounts: int) -> None:
    if not 1 <= accounts <= MAX_ACCOUNTS:
        raise ValueError(f"accounts must be between 1 and {MAX_ACCOUNTS}, got {accounts}")
    root = out.resolve()
    truth = truth_path.resolve()
    if truth == root or root in truth.parents:
        raise ValueError(
            f"the ground truth {truth_path} must be outside the memory root {out}: "
            "nothing but account folders belongs there"
        )
    folder = out / "accounts"
    if folder.is_dir() and any(folder.iterdir()):
        raise ValueError(f"{folder} already holds accounts; demo data goes into an empty root")
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"{folder} exists and is not a folder")
