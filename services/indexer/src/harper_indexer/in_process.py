"""The account index answering in this process, with the same async calls as ``IndexClient``.

For tools and benchmarks that run an agent without the bus: the search agent's ``Directory``
protocol is satisfied by this and by ``IndexClient`` alike.
"""

from __future__ import annotations

from harper_common.messages.index import DescriptionFilters, DescriptionHit, NameMatch, ScanReply
from harper_indexer.account_index import AccountIndex


class InProcessDirectory:
    """Name lookup, description search and payload scan over an ``AccountIndex`` in memory."""

    def __init__(self, index: AccountIndex) -> None:
        self.index = index

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        return self.index.lookup(name, limit)

    async def search(
        self, text: str, filters: DescriptionFilters | None = None, limit: int = 10
    ) -> list[DescriptionHit]:
        return self.index.search(text, filters, limit)

    async def scan(
        self, filters: DescriptionFilters | None = None, limit: int | None = None
    ) -> ScanReply:
        found = self.index.scan(filters, limit)
        return ScanReply(accounts=found, total=len(found))
