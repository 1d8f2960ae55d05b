"""``harper ingest``: bulk-load a memory root into the index, in batches, with a progress bar.

Opens the store directly, so the indexer service must not be running against the same embedded
index (``harper up`` reconciles by itself at start; use this to rebuild, or to fill a Qdrant
server given by ``QDRANT_URL``). ``--clean`` empties both collections first: the accounts are
rebuilt here from the files, the passages by the indexer's fill when it next starts.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from harper_common.memory.paths import ACCOUNTS
from harper_common.settings import HarperSettings
from harper_indexer.account_index import AccountIndex
from harper_indexer.embedding import make_embedder
from harper_indexer.ingest import IngestReport, ingest_memory_root
from harper_indexer.passage_store import open_passage_store
from harper_indexer.source_people import source_people
from harper_indexer.store import DEFAULT_DENSE_DIM, open_store


class IndexBusy(RuntimeError):
    """The embedded index is open in another process (the indexer service)."""


def run_ingest(
    settings: HarperSettings,
    mem: Path,
    *,
    clean: bool,
    progress: Callable[[int, int], None] | None = None,
) -> IngestReport:
    try:
        store, _ = open_store(settings.qdrant_url, settings.index_dir)
    except Exception as exc:  # the engine's own error type for a second opener
        raise IndexBusy(
            f"could not open the index at {settings.index_dir}: {exc}. If Harper is running, "
            "stop it first (its indexer holds the embedded index)."
        ) from exc
    try:
        if clean:
            clear_passages(settings)
        index = AccountIndex(
            store,
            make_embedder(settings.data_dir / "models"),
            people_of=lambda account_id: source_people(mem / ACCOUNTS / account_id),
        )
        return ingest_memory_root(mem, index, progress=progress, clean=clean)
    finally:
        store.close()


def clear_passages(settings: HarperSettings) -> None:
    """Empty the passage collection too: the indexer refills it from the files when it starts."""
    passages = open_passage_store(
        settings.qdrant_url, settings.index_dir, dense_dim=DEFAULT_DENSE_DIM
    )
    try:
        passages.clear()
    finally:
        passages.close()
