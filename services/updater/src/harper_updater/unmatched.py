"""Communications no account claimed, kept on disk until someone files them.

One JSON file per communication under ``<root>/.updater/unmatched``; they survive restarts.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from pathlib import Path

import anyio.to_thread
from pydantic import BaseModel

from harper_common.memory.atomic import atomic_write_text
from harper_common.messages.communications import (
    CommunicationRequest,
    UnmatchedCommunication,
    UnmatchedListReply,
)


class _Stored(BaseModel):
    item: UnmatchedCommunication
    request: CommunicationRequest


class UnmatchedQueue:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)

    async def put(
        self, request: CommunicationRequest, email: str | None, reason: str, now: datetime
    ) -> UnmatchedCommunication:
        item = UnmatchedCommunication(
            unmatched_id=f"{now:%Y%m%d%H%M%S}-{uuid.uuid4().hex[:8]}",
            received_at=now,
            channel=request.channel,
            direction=request.direction,
            email=email,
            phone=request.phone,
            preview=" ".join(request.raw.split())[:160],
            reason=reason,
        )
        stored = _Stored(item=item, request=request)
        path = self.folder / f"{item.unmatched_id}.json"
        await anyio.to_thread.run_sync(atomic_write_text, path, stored.model_dump_json())
        return item

    async def list(self, limit: int) -> UnmatchedListReply:
        return await anyio.to_thread.run_sync(self._list, limit)

    def _list(self, limit: int) -> UnmatchedListReply:
        paths = sorted(self.folder.glob("*.json"))
        items = []
        for path in paths[:limit]:
            try:
                items.append(_Stored.model_validate_json(path.read_bytes()).item)
            except (OSError, ValueError):
                continue
        return UnmatchedListReply(items=items, total=len(paths))
