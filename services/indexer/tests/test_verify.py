"""``harper reindex --verify``: every way the index and the files can disagree is named."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

from harper_common.demo import generate_demo
from harper_common.memory import MemoryRoot, read_state, write_state
from harper_indexer.account_index import AccountIndex
from harper_indexer.edge_store import EdgeStore
from harper_indexer.hash_embedder import WordHashEmbedder
from harper_indexer.ingest import ingest_memory_root
from harper_indexer.passage_index import PassageIndex
from harper_indexer.passage_store import EdgePassageStore
from harper_indexer.verify import differences


def test_missing_stale_and_gone_accounts_are_each_named(tmp_path: Path) -> None:
    generate_demo(
        tmp_path / "mem", accounts=4, seed=7, as_of=date(2026, 2, 20),
        truth_path=tmp_path / "truth.json", workers=1,
    )  # fmt: skip
    memory = MemoryRoot(tmp_path / "mem")
    first, second, third, fourth = memory.account_ids()
    embedder = WordHashEmbedder()
    store = EdgeStore(tmp_path / "index", dense_dim=embedder.dim)
    passages = PassageIndex(EdgePassageStore(tmp_path / "passages", dense_dim=embedder.dim),
                            embedder, memory)  # fmt: skip
    index = AccountIndex(store, embedder)
    try:
        ingest_memory_root(memory.root, index)
        for account_id in memory.account_ids():
            passages.refresh(account_id)
        passages.fill_complete = True
        clean = differences(memory, index, passages, limit=100)
        assert clean.total == 0 and clean.checked == 4 and not clean.passages_filling

        state = read_state(memory.state_path(first))
        write_state(memory.state_path(first), state.model_copy(update={"version": 9}))
        shutil.rmtree(memory.account_dir(second))
        index.remove(third)
        found = differences(memory, index, passages, limit=100)
        named = {(d.account_id, d.collection, d.problem) for d in found.differences}
        assert named == {
            (first, "accounts", "stale"),
            (first, "passages", "stale"),
            (second, "accounts", "not_in_files"),
            (third, "accounts", "missing"),
        }
        stale = next(d for d in found.differences if d.account_id == first)
        assert (stale.indexed_version, stale.file_version) == (state.version, 9)
        assert fourth not in {d.account_id for d in found.differences}
        assert differences(memory, index, passages, limit=1).total == 4
    finally:
        store.close()
