"""``python -m harper_eval`` (``make eval``): run every set and write the reports.

Starts its own Harper (NATS, Redis, six services) on free ports with fresh demo data in a
temporary folder, unless ``HARPER_URL`` is set; then it uses that Harper, whose memory root is
``HARPER_MEM_ROOT`` (default ``./mem``) with the ground truth beside it
(``<mem>-ground-truth.json``, or ``HARPER_TRUTH``). That memory must be fresh demo data: the
update and follow-up sets write to it.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tests" / "integration"))

from harper_common.memory import check_memory  # noqa: E402
from harper_eval.books import BookResult, available_books, load_book, run_book  # noqa: E402
from harper_eval.client import HarperClient  # noqa: E402
from harper_eval.questions_intent import build_intent_probes  # noqa: E402
from harper_eval.questions_search import build_search_questions  # noqa: E402
from harper_eval.report import build_report, render_markdown, write_reports  # noqa: E402
from harper_eval.runner import run_intent, run_scenarios, run_search  # noqa: E402
from harper_eval.scenario import Memory  # noqa: E402
from harper_eval.scenarios_followup import FollowupScenarios  # noqa: E402
from harper_eval.scenarios_update import UpdateScenarios  # noqa: E402
from harper_eval.truth import load_truth, reserve_accounts  # noqa: E402

SETS = ("search", "intent", "update", "followup", "books")


@dataclass
class Target:
    url: str
    mem: Path
    truth: Path
    description: str
    today: date | None = None
    """The day follow-up is counted from, when the Harper is pinned to one."""


def say(text: str) -> None:
    print(f"[eval {time.strftime('%H:%M:%S')}] {text}", flush=True)


@contextmanager
def harper_target(accounts: int) -> Iterator[Target]:
    url = os.environ.get("HARPER_URL")  # with HARPER_API_KEY: a key of that Harper
    if url:
        mem = Path(os.environ.get("HARPER_MEM_ROOT", "mem")).resolve()
        truth = Path(os.environ.get("HARPER_TRUTH", f"{mem}-ground-truth.json"))
        pinned = os.environ.get("HARPER_FOLLOWUP_TODAY")
        today = date.fromisoformat(pinned) if pinned else None
        yield Target(url, mem, truth, f"{url} (HARPER_URL)", today)
        return
    from harness import start_harper, use_key_of

    with tempfile.TemporaryDirectory(prefix="harper-eval-") as folder:
        started = time.perf_counter()
        say(f"starting Harper with {accounts} demo accounts in {folder}")
        harper = start_harper(Path(folder), accounts=accounts, otel_exporter="none")
        use_key_of(harper)
        say(f"Harper up at {harper.base_url} in {time.perf_counter() - started:.0f} s")
        try:
            base = Path(folder)
            pinned = getattr(harper.settings, "followup_today", None)
            yield Target(harper.base_url, base / "mem", base / "truth.json", "own Harper", pinned)
        finally:
            harper.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="harper_eval", description=__doc__)
    parser.add_argument("--accounts", type=int, default=200)
    parser.add_argument("--out", type=Path, default=ROOT / "reports")
    parser.add_argument(
        "--sets", default=",".join(SETS), help="comma-separated: " + ", ".join(SETS)
    )
    parser.add_argument(
        "--per-level", type=int, nargs=3, default=(60, 60, 40), metavar=("L1", "L2", "L3")
    )
    parser.add_argument(
        "--splits",
        default="dev,test",
        help="halves of the hand-written books to score (dev may be fixed against; test never)",
    )
    args = parser.parse_args(argv)
    chosen = set(args.sets.split(","))
    started = datetime.now(UTC)
    books = _run_books(args.splits.split(",")) if "books" in chosen else []
    if chosen == {"books"}:
        report = build_report([], [], [], [], {"started": started.isoformat()}, books)
        json_path, md_path = write_reports(report, args.out)
        print(render_markdown(report).split("\n## Intent by category")[0])
        say(f"wrote {json_path} and {md_path}")
        return 0
    with harper_target(args.accounts) as target:
        truth = load_truth(target.truth)
        today = target.today or date.today()
        reservation = reserve_accounts(truth, today)
        questions = build_search_questions(
            truth, today, tuple(args.per_level), reserved=reservation.ids
        )
        probes = build_intent_probes(truth, reservation)
        memory = Memory(target.mem)
        client = HarperClient(target.url)
        followup = FollowupScenarios(client, memory, reservation.followup, today)
        try:
            scan = run_scenarios(followup.before_writes(), say) if "followup" in chosen else []
            search = run_search(client, questions, say) if "search" in chosen else []
            intent = run_intent(client, probes, say) if "intent" in chosen else []
            updates = (
                run_scenarios(UpdateScenarios(client, memory, reservation.update).all(), say)
                if "update" in chosen
                else []
            )
            followups = scan + (run_scenarios(followup.all(), say) if "followup" in chosen else [])
        finally:
            client.close()
        check = check_memory(target.mem)
        meta = {
            "memory_after_run": {
                "accounts": check.accounts,
                "errors": len(check.errors),
                "first_errors": [p.describe() for p in check.errors[:5]],
            },
            "started": started.isoformat(timespec="seconds"),
            "seconds": round((datetime.now(UTC) - started).total_seconds(), 1),
            "target": target.description,
            "accounts": len(truth.accounts),
            "seed": truth.seed,
            "as_of": truth.as_of.isoformat(),
            "today": today.isoformat(),
            "reserved_accounts": sorted(reservation.ids),
        }
    report = build_report(search, intent, updates, followups, meta, books)
    json_path, md_path = write_reports(report, args.out)
    print(render_markdown(report).split("\n## Intent by category")[0])
    say(f"wrote {json_path} and {md_path} in {meta['seconds']} s")
    return 0


def _run_books(splits: list[str]) -> list[BookResult]:
    """Every hand-written book, each on a Harper of its own (never the HARPER_URL one, whose
    memory is demo data)."""
    results = []
    for name in available_books():
        book = load_book(name)
        say(f"book {name}: {len(book.questions)} questions, starting its Harper")
        results.append(run_book(book, splits, say))
    return results


if __name__ == "__main__":
    sys.exit(main())
