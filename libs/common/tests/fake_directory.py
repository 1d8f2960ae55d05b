"""A directory (the index seam the search tools call) that knows no account and answers
passage searches with hits a test chooses; tests subclass it for what they need."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from harper_common.messages.index import (
    DescriptionFilters,
    DescriptionHit,
    NameMatch,
    PassageChannel,
    PassageHit,
    PassagesReply,
    ScanReply,
)


class FakeDirectory:
    """No names, no descriptions; ``hits(text)`` answers every passage search (none here), cut
    to the search's limit as the index cuts it. Every passage query is recorded in ``asked``."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def hits(self, text: str) -> list[PassageHit]:
        return []

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        return []

    async def search(
        self, text: str, filters: DescriptionFilters | None = None, limit: int = 10
    ) -> list[DescriptionHit]:
        return []

    async def scan(
        self, filters: DescriptionFilters | None = None, limit: int | None = None
    ) -> ScanReply:
        return ScanReply(accounts=[], total=0)

    async def passages(
        self,
        text: str,
        account_ids: Sequence[str] = (),
        channels: Sequence[PassageChannel] | None = None,
        limit: int = 8,
    ) -> PassagesReply:
        self.asked.append(text)
        return PassagesReply(hits=self.hits(text)[:limit], dense_complete=True)


def email_hit(account_id: str, text: str, folder: str = "email_20261008_0900") -> PassageHit:
    """A paragraph of an email of ``account_id`` (the folder's day, 9 am) as the index finds it."""
    day = datetime.strptime(folder.split("_")[1], "%Y%m%d").replace(hour=9, tzinfo=UTC)
    return PassageHit(
        score=0.5,
        account_id=account_id,
        path=f"accounts/{account_id}/sources/emails/{folder}/raw.txt",
        channel="email",
        kind="paragraph",
        date=day,
        line=5,
        text=text,
    )
