"""The account index answering in this process, with the same async calls as ``IndexClient``.

For tools and benchmarks that run an agent without the bus: the search agent's ``Directory``
protocol is satisfied by this and by ``IndexClient`` alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from harper_common.messages.index import (
    DescriptionFilters,
    DescriptionHit,
    NameMatch,
    PassageChannel,
    PassagesReply,
    PassagesRequest,
    ScanReply,
)
from harper_indexer.account_index import AccountIndex
from harper_indexer.passage_index import PassageIndex


class InProcessDirectory:
    """Name lookup, description search and payload scan over an ``AccountIndex`` in memory."""

    def __init__(self, index: AccountIndex, passages: PassageIndex | None = None) -> None:
        self.index = index
        self.passage_index = passages

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        return self.index.lookup(name, limit)

    async def lookup_many(self, names: Sequence[str], limit: int = 5) -> list[list[NameMatch]]:
        return [self.index.lookup(name, limit) for name in names]

    async def search(
        self, text: str, filters: DescriptionFilters | None = None, limit: int = 10
    ) -> list[DescriptionHit]:
        return self.index.search(text, filters, limit)

    async def scan(
        self, filters: DescriptionFilters | None = None, limit: int | None = None
    ) -> ScanReply:
        found = self.index.scan(filters, limit)
        return ScanReply(accounts=found, total=len(found))

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """The index's own embedder's vectors, as ``harper.index.embed`` answers them."""
        return [[float(x) for x in row] for row in self.index.embedder.embed(list(texts))]

    async def passages(
        self,
        text: str,
        account_ids: Sequence[str] = (),
        channels: Sequence[PassageChannel] | None = None,
        limit: int = 8,
    ) -> PassagesReply:
        """The passage index's answer; no hits when this directory was built without one."""
        if self.passage_index is None:
            return PassagesReply(hits=[], dense_complete=False)
        request = PassagesRequest(
            text=text,
            account_ids=list(account_ids),
            channels=list(channels) if channels else None,
            limit=limit,
        )
        return self.passage_index.search(request)
