"""IndexClient: how its calls are cut into requests the indexer accepts."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from harper_common.bus.client import BusClient
from harper_common.bus.index_client import IndexClient
from harper_common.messages import subjects
from harper_common.messages.index import (
    EMBED_BATCH,
    LOOKUP_MANY_BATCH,
    EmbedReply,
    EmbedRequest,
    LookupManyReply,
    LookupManyRequest,
    NameMatch,
)


class EchoEmbedBus:
    """Answers embed requests with one vector per text: [length of the text, its position]."""

    def __init__(self) -> None:
        self.sizes: list[int] = []

    async def call(self, endpoint: Any, request: Any, **_: Any) -> EmbedReply:
        return await self.request(endpoint.subject, request, endpoint.reply)

    async def request(self, subject: str, request: Any, reply_type: Any) -> EmbedReply:
        assert subject == subjects.INDEX_EMBED and isinstance(request, EmbedRequest)
        # validated again as the indexer would: a request over the limit is refused there
        checked = EmbedRequest.model_validate(request.model_dump())
        self.sizes.append(len(checked.texts))
        return EmbedReply(model="echo", vectors=[[float(len(t))] for t in checked.texts])


def test_many_texts_are_embedded_in_requests_the_indexer_accepts() -> None:
    bus = EchoEmbedBus()
    texts = ["x" * (i % 7 + 1) for i in range(2 * EMBED_BATCH + 25)]
    vectors = asyncio.run(IndexClient(cast(BusClient, bus)).embed(texts))
    assert bus.sizes == [EMBED_BATCH, EMBED_BATCH, 25]
    assert vectors == [[float(len(t))] for t in texts]


class EchoLookupBus:
    """Answers look-up-many requests with one match per name, named after it."""

    def __init__(self) -> None:
        self.sizes: list[int] = []

    async def call(self, endpoint: Any, request: Any, **_: Any) -> LookupManyReply:
        assert endpoint.subject == subjects.INDEX_LOOKUP_MANY
        checked = LookupManyRequest.model_validate(request.model_dump())
        self.sizes.append(len(checked.names))
        return LookupManyReply(
            matches=[[NameMatch(account_id="1", account_name=n, score=1.0)] for n in checked.names]
        )


def test_many_names_are_looked_up_in_requests_the_indexer_accepts() -> None:
    bus = EchoLookupBus()
    names = [f"name {i}" for i in range(LOOKUP_MANY_BATCH + 3)]
    found = asyncio.run(IndexClient(cast(BusClient, bus)).lookup_many(names, limit=3))
    assert bus.sizes == [LOOKUP_MANY_BATCH, 3]
    assert [matches[0].account_name for matches in found] == names
    assert asyncio.run(IndexClient(cast(BusClient, bus)).lookup_many([])) == []
    assert bus.sizes == [LOOKUP_MANY_BATCH, 3]  # nothing asked for no names
