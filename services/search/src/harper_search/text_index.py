"""An in-memory inverted index of the memory root's text: which files hold which words.

Built once at service start (in a worker thread, with progress in the log) and refreshed one
account at a time when account events arrive. It only narrows a search across every account down
to the files worth scanning; the lines themselves are read from disk, so hits are never stale
text. A search inside one account does not need it (see file_search.py).
"""

from __future__ import annotations

import heapq
import logging
import math
import threading
import time
from array import array
from collections.abc import Callable, Iterable

from harper_common.memory.paths import MemoryRoot
from harper_search.account_files import AccountText, read_account
from harper_search.terms import stem, term_set

log = logging.getLogger(__name__)

COMMON_SHARE = 0.2
"""A term in more than this share of files only counts when no rarer term was asked for."""


class TextIndex:
    """Term -> ids of the files containing it; file id -> root-relative path."""

    def __init__(self, memory: MemoryRoot) -> None:
        self.memory = memory
        self.paths: list[str | None] = []
        self.postings: dict[str, array[int]] = {}
        self.by_account: dict[str, list[int]] = {}
        self.ready = False
        self._lock = threading.Lock()

    @property
    def file_count(self) -> int:
        return sum(1 for path in self.paths if path is not None)

    def build(self, report: Callable[[int, int], None] | None = None) -> None:
        """Index every account of the memory root (call from a worker thread)."""
        started = time.perf_counter()
        ids = self.memory.account_ids()
        for done, account_id in enumerate(ids, start=1):
            self.add(read_account(self.memory, account_id))
            if report is not None and (done % 1000 == 0 or done == len(ids)):
                report(done, len(ids))
        self.ready = True
        log.info(
            "text index: %d accounts, %d files, %d terms in %.1f s",
            len(ids),
            self.file_count,
            len(self.postings),
            time.perf_counter() - started,
        )

    def refresh_account(self, account_id: str) -> None:
        """Re-read one account's files (after an account event); a removed folder is dropped."""
        self.add(read_account(self.memory, account_id))

    def add(self, account: AccountText) -> None:
        """Replace what the index holds for one account with these files."""
        with self._lock:
            for old in self.by_account.pop(account.account_id, []):
                self.paths[old] = None
            ids: list[int] = []
            for relative, text in account.files.items():
                file_id = len(self.paths)
                self.paths.append(relative)
                ids.append(file_id)
                for term in term_set(text):
                    postings = self.postings.get(term)
                    if postings is None:
                        postings = self.postings[term] = array("I")
                    postings.append(file_id)
            if ids:
                self.by_account[account.account_id] = ids

    def has_word(self, word: str) -> bool:
        """Whether the word occurs anywhere in the memory (so it is no typo)."""
        return stem(word.lower()) in self.postings

    def candidates(
        self, query_terms: Iterable[str], prefix: str = "", limit: int = 200
    ) -> list[str]:
        """Paths of the files that best match the terms (rarer terms weigh more), best first."""
        total = max(1, len(self.paths))
        known = sorted(
            {t for t in query_terms if t in self.postings}, key=lambda t: len(self.postings[t])
        )
        if not known:
            return []
        rare = [t for t in known if len(self.postings[t]) <= COMMON_SHARE * total]
        scores: dict[int, float] = {}
        for term in rare or known[:1]:
            weight = math.log(1 + total / len(self.postings[term]))
            for file_id in self.postings[term]:
                scores[file_id] = scores.get(file_id, 0.0) + weight
        ranked: list[str] = []
        best = heapq.nlargest(limit * 2, scores, key=scores.__getitem__)
        for file_id in best:
            path = self.paths[file_id]
            if path is not None and path.startswith(prefix):
                ranked.append(path)
                if len(ranked) >= limit:
                    break
        return ranked
