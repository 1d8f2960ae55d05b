"""Fixtures shared by the starter's tests (``redis_url``, a real Redis, comes from the root)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
from redis.asyncio import Redis

from harper_common.messages.query import IntentInfo
from harper_common.sessions import PendingSession, SessionKind, SessionStore


@pytest.fixture
async def sessions(redis_url: str) -> AsyncIterator[SessionStore]:
    """Pending sessions in the real Redis, kept a minute."""
    redis = Redis.from_url(redis_url)
    yield SessionStore(redis, ttl_s=60)
    await redis.aclose()


@pytest.fixture
def save_session(sessions: SessionStore) -> Callable[..., Awaitable[str]]:
    """Save a pending session of ``kind`` about one account, as the starter would; its id."""

    async def save(
        kind: SessionKind,
        *,
        query: str,
        account: tuple[str, str],
        intent: IntentInfo,
        with_action: bool = False,
    ) -> str:
        session_id = sessions.new_id()
        name, account_id = account
        await sessions.save(
            PendingSession(
                session_id=session_id,
                kind=kind,
                original_query=query,
                account_name=name,
                account_id=account_id,
                intent=intent,
                context={"action_id": session_id} if with_action else {},
            )
        )
        return session_id

    return save
