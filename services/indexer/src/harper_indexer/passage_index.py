"""``PassageIndex``: the passages of every account's sources, kept in line with the memory root.

``refresh(account_id)`` re-cuts the account's sources and writes only what changed: a passage
whose file, line and text are unchanged keeps its point (no embedding), new ones are embedded
(dense MiniLM + BM25), vanished ones are deleted. The accounts done since start are remembered
with the state version they were cut at, so a question about an account not yet done (while
the background fill runs) refreshes that account first. All methods are blocking: call them
from the indexer's worker thread.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from harper_common.memory.files import decode_memory, read_memory_text
from harper_common.memory.models import SourceSummary
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import PassageHit, PassagesReply, PassagesRequest
from harper_indexer.embedding import Embedder
from harper_indexer.lexical import Bm25Vectors
from harper_indexer.passage_cuts import CutPassage, cut_source, cut_state_notes
from harper_indexer.passage_store import PassagePoint, PassageStore, passage_point_id
from harper_indexer.source_people import read_summary

EMBED_BATCH = 64
TIE_SPARE = 8
"""Passages asked of the store beyond the limit, so that ties at the cut are broken by file
and line like the others, not by the store's own order."""
_CHANNEL = {
    "emails": "email",
    "calls": "call",
    "sms": "sms",
    "summary": "summary",
    "state": "state",
}
log = logging.getLogger(__name__)


class PassageIndex:
    def __init__(self, store: PassageStore, embedder: Embedder, memory: MemoryRoot) -> None:
        self.store = store
        self.embedder = embedder
        self.memory = memory
        self._lexical = Bm25Vectors()
        self.done: dict[str, int] = {}
        """Account id -> the state version its passages were last cut at (since start)."""
        self.fill_complete = False
        self.embedded = 0
        """Passages embedded since start (for status and benchmarks)."""

    def refresh(self, account_id: str) -> int:
        """Bring one account's passages in line with its files; returns passages embedded."""
        folder = self.memory.account_dir(account_id)
        if not folder.is_dir():
            self.store.delete_account(account_id)
            self.done.pop(account_id, None)
            return 0
        version = state_version(folder / "state.md")
        stored = self.store.point_ids(account_id)
        passages = _account_passages(self.memory.root, folder)
        wanted = {passage_point_id(cut.key): (cut, direction) for cut, direction in passages}
        fresh = [(pid, found) for pid, found in wanted.items() if pid not in stored]
        for start in range(0, len(fresh), EMBED_BATCH):
            batch = fresh[start : start + EMBED_BATCH]
            vectors = self.embedder.embed([cut.embed_text for _, (cut, _direction) in batch])
            points = [
                PassagePoint(
                    point_id=pid,
                    dense=vector.tolist(),
                    lexical=self._lexical.document(cut.lexical_text),
                    payload=_payload(account_id, cut, version, direction),
                )
                for (pid, (cut, direction)), vector in zip(batch, vectors, strict=True)
            ]
            self.store.upsert(points)
        self.store.delete(sorted(stored - set(wanted)))
        self.done[account_id] = version
        self.embedded += len(fresh)
        return len(fresh)

    def is_current(self, account_id: str) -> bool:
        folder = self.memory.account_dir(account_id)
        known = self.done.get(account_id)
        return known is not None and known >= state_version(folder / "state.md")

    def search(self, request: PassagesRequest) -> PassagesReply:
        """The best passages for the question, within the accounts and channels asked."""
        for account_id in request.account_ids:
            if not self.is_current(account_id):
                self.refresh(account_id)
        match: dict[str, Sequence[str]] = {}
        if request.account_ids:
            match["account_id"] = list(request.account_ids)
        if request.channels:
            match["channel"] = list(request.channels)
        dense = self.embedder.embed([request.text])[0].tolist()
        found = self.store.search(
            dense, self._lexical.query(request.text), match, request.limit + TIE_SPARE
        )
        # RRF gives equal scores to passages at the same ranks of the two lists; the store
        # returns those in an order of its own, so ties are broken by file and line
        hits = sorted((_hit(p.score, p.payload) for p in found), key=_hit_order)[: request.limit]
        if request.account_ids:
            complete = all(a in self.done for a in request.account_ids)
        else:
            complete = self.fill_complete
        return PassagesReply(hits=hits, dense_complete=complete)


STATE_HEAD_BYTES = 8192
"""Bytes of a state.md read for its version (its frontmatter opens the file)."""


def state_version(path: Path) -> int:
    """The ``version:`` of a state.md's frontmatter, read cheaply (0 when unreadable)."""
    try:
        with path.open("rb") as handle:
            head = decode_memory(handle.read(STATE_HEAD_BYTES))
        for line in head.splitlines()[:40]:
            if line.startswith("version:"):
                return int(line.partition(":")[2].strip() or 0)
    except (OSError, ValueError):
        return 0
    return 0


def _account_passages(root: Path, folder: Path) -> list[tuple[CutPassage, str | None]]:
    """The notes of the account's state.md and every passage of its sources, each with its
    direction (the summary of a source is read once, for all of that source's passages)."""
    found: list[tuple[CutPassage, str | None]] = []
    state = folder / "state.md"
    if state.is_file():
        text = read_memory_text(state)
        found += [(cut, None) for cut in cut_state_notes(str(state.relative_to(root)), text)]
    sources = folder / "sources"
    if not sources.is_dir():
        return found
    for source in sorted(p for p in sources.glob("*/*") if p.is_dir()):
        summary = read_summary(source / "summary.md")
        for name in ("raw.txt", "summary.md"):
            path = source / name
            if path.is_file():
                text = read_memory_text(path)
                people = summary.participants or () if summary else ()
                cuts = cut_source(str(path.relative_to(root)), text, people)
                found += [(cut, _direction(cut, summary)) for cut in cuts]
    return found


def _direction(cut: CutPassage, summary: SourceSummary | None) -> str | None:
    """inbound or outbound: the source's own (its summary says), for one-voice sources; for
    talk, whether the speaker is the one who opened an outbound source or wrote an inbound one."""
    if summary is None or summary.direction is None:
        return None
    direction = summary.direction.value
    if cut.channel in ("emails", "summary") or cut.kind == "subject":
        return None if cut.kind == "quoted" else direction
    people = summary.participants or []
    if not cut.speaker or not people:
        return None
    # participants list the one who started the exchange first
    same = cut.speaker.split()[0].lower() == people[0].split()[0].lower()
    if direction == "outbound":
        return "outbound" if same else "inbound"
    return "inbound" if same else "outbound"


def _payload(
    account_id: str, cut: CutPassage, version: int, direction: str | None
) -> dict[str, Any]:
    return {
        "account_id": account_id,
        "path": cut.path,
        "channel": _CHANNEL.get(cut.channel, "summary"),
        "kind": cut.kind,
        "date": cut.date.isoformat() if cut.date else None,
        "speaker": cut.speaker,
        "direction": direction,
        "line": cut.line,
        "text": cut.text,
        "after": cut.after,
        "version": version,
    }


def _hit_order(hit: PassageHit) -> tuple[float, str, int]:
    return (-hit.score, hit.path, hit.line)


def _hit(score: float, payload: dict[str, Any]) -> PassageHit:
    return PassageHit(
        score=score,
        account_id=payload["account_id"],
        path=payload["path"],
        channel=payload["channel"],
        kind=payload.get("kind", "paragraph"),
        date=payload.get("date"),
        speaker=payload.get("speaker"),
        direction=payload.get("direction"),
        line=int(payload.get("line", 0)),
        text=payload["text"],
        after=payload.get("after", ""),
        version=int(payload.get("version", 0)),
    )
