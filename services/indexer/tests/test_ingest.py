"""Ingesting a memory root: batches, progress, bad files, removed folders, clean rebuilds."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from harper_indexer.account_index import AccountIndex
from harper_indexer.embedding import Embedder
from harper_indexer.ingest import ingest_memory_root
from harper_indexer.store import VectorStore


@pytest.fixture
def small_root(demo_root: Path, tmp_path: Path) -> Path:
    """Six accounts of the demo book, copied so tests may change them."""
    root = tmp_path / "mem"
    ids = sorted(p.name for p in (demo_root / "accounts").iterdir())[:5] + ["29041"]
    for account_id in ids:
        shutil.copytree(demo_root / "accounts" / account_id, root / "accounts" / account_id)
    return root


def test_ingest_indexes_in_batches_and_skips_what_is_current(
    small_root: Path, store: VectorStore, embedder: Embedder
) -> None:
    index = AccountIndex(store, embedder)
    seen: list[tuple[int, int]] = []
    report = ingest_memory_root(
        small_root, index, batch_size=4, progress=lambda d, t: seen.append((d, t))
    )
    assert (report.accounts, report.indexed, report.unchanged, report.skipped) == (6, 6, 0, 0)
    assert seen == [(4, 6), (6, 6)]
    again = ingest_memory_root(small_root, index)
    assert (again.indexed, again.unchanged) == (0, 6)
    assert "6 accounts: 0 indexed, 6 unchanged" in again.summary()
    rebuilt = ingest_memory_root(small_root, index, clean=True)
    assert rebuilt.indexed == 6 and index.count() == 6


def test_a_bad_file_is_a_problem_not_a_crash(
    small_root: Path, store: VectorStore, embedder: Embedder
) -> None:
    index = AccountIndex(store, embedder)
    ingest_memory_root(small_root, index)
    (small_root / "accounts" / "29041" / "state.md").write_text("---\nname: [broken\n---\n")
    report = ingest_memory_root(small_root, index)
    assert report.skipped == 1 and report.problems[0].account_id == "29041"
    assert "state.md" in report.problems[0].problem
    assert index.stored_version("29041") is not None, "the last good version stays indexed"


def test_accounts_whose_folders_are_gone_are_removed(
    small_root: Path, store: VectorStore, embedder: Embedder
) -> None:
    index = AccountIndex(store, embedder)
    ingest_memory_root(small_root, index)
    shutil.rmtree(small_root / "accounts" / "29041")
    report = ingest_memory_root(small_root, index)
    assert (report.accounts, report.removed) == (5, 1)
    assert index.stored_version("29041") is None and index.count() == 5


def test_an_empty_or_missing_root_indexes_nothing(
    tmp_path: Path, store: VectorStore, embedder: Embedder
) -> None:
    index = AccountIndex(store, embedder)
    report = ingest_memory_root(tmp_path / "nowhere", index)
    assert (report.accounts, report.indexed, report.skipped) == (0, 0, 0)
