"""The indexer as other services see it: typed calls over the bus."""

from __future__ import annotations

from collections.abc import Sequence

from harper_common.bus.client import BusClient
from harper_common.messages import endpoints
from harper_common.messages.index import (
    EMBED_BATCH,
    LOOKUP_MANY_BATCH,
    DescriptionFilters,
    DescriptionHit,
    EmbedRequest,
    IndexApplied,
    IndexStatus,
    IndexStatusRequest,
    IndexWaitRequest,
    LookupManyRequest,
    LookupRequest,
    NameMatch,
    PassageChannel,
    PassagesReply,
    PassagesRequest,
    ScanReply,
    ScanRequest,
    SearchRequest,
)


class IndexClient:
    """Name lookup, description search, payload scan and embeddings, answered by the indexer."""

    def __init__(self, bus: BusClient) -> None:
        self.bus = bus

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        request = LookupRequest(name=name[:300], limit=limit)
        reply = await self.bus.call(endpoints.INDEX_LOOKUP, request)
        return reply.matches

    async def lookup_many(self, names: Sequence[str], limit: int = 5) -> list[list[NameMatch]]:
        """Each name's matches, as `lookup` finds them, in order: one request per
        `LOOKUP_MANY_BATCH` names rather than one per name."""
        found: list[list[NameMatch]] = []
        for start in range(0, len(names), LOOKUP_MANY_BATCH):
            batch = [name[:300] for name in names[start : start + LOOKUP_MANY_BATCH]]
            request = LookupManyRequest(names=batch, limit=limit)
            reply = await self.bus.call(endpoints.INDEX_LOOKUP_MANY, request)
            found += reply.matches
        return found

    async def search(
        self, text: str, filters: DescriptionFilters | None = None, limit: int = 10
    ) -> list[DescriptionHit]:
        request = SearchRequest(text=text, filters=filters or DescriptionFilters(), limit=limit)
        reply = await self.bus.call(endpoints.INDEX_SEARCH, request)
        return reply.hits

    async def scan(
        self, filters: DescriptionFilters | None = None, limit: int | None = None
    ) -> ScanReply:
        request = ScanRequest(filters=filters or DescriptionFilters(), limit=limit)
        return await self.bus.call(endpoints.INDEX_SCAN, request)

    async def passages(
        self,
        text: str,
        account_ids: Sequence[str] = (),
        channels: Sequence[PassageChannel] | None = None,
        limit: int = 8,
    ) -> PassagesReply:
        """The best passages of these accounts' sources for ``text`` (all accounts when none)."""
        request = PassagesRequest(
            text=text[:2000],
            account_ids=list(account_ids),
            channels=list(channels) if channels else None,
            limit=limit,
        )
        return await self.bus.call(endpoints.INDEX_PASSAGES, request)

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, in order; sent in requests of at most `EMBED_BATCH` texts."""
        vectors: list[list[float]] = []
        for start in range(0, len(texts), EMBED_BATCH):
            request = EmbedRequest(texts=list(texts[start : start + EMBED_BATCH]))
            reply = await self.bus.call(endpoints.INDEX_EMBED, request)
            vectors += reply.vectors
        return vectors

    async def status(self, timeout_s: float = 2.0) -> IndexStatus:
        return await self.bus.call(
            endpoints.INDEX_STATUS, IndexStatusRequest(), timeout_s=timeout_s
        )

    async def wait_for(self, account_id: str, version: int, timeout_s: float = 5.0) -> IndexApplied:
        """Once the index holds ``version`` of the account; ``applied`` is False on timeout."""
        request = IndexWaitRequest(account_id=account_id, version=version, timeout_s=timeout_s)
        return await self.bus.call(endpoints.INDEX_WAIT, request, timeout_s=timeout_s + 2.0)
