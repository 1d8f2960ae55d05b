"""A poison account event (a state.md the indexer cannot read) is retried, then moved to the
dead-letter stream after HARPER_INDEXER_MAX_DELIVERIES deliveries, while the events behind it
are applied; /health lists it, also after the indexer restarts (it is kept in the stream)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import nats
import pytest
from harness import Harper
from test_indexer_events import consumer_backlog, publish, rename, some_account, wait_indexed

from harper_common.messages.dead_letters import DeadLetter
from harper_common.messages.events import AccountEvent, AccountEventKind
from harper_common.messages.subjects import (
    DEAD_LETTER_STREAM,
    account_event_subject,
    dead_letter_subject,
)

POISON_VERSION = 9_000


@pytest.fixture
def unreadable_account(harper: Harper) -> Iterator[str]:
    """An account whose state.md is garbage for the test's duration (restored after)."""
    account_id = some_account(harper, 5)
    path: Path = harper.settings.mem_root / "accounts" / account_id / "state.md"
    kept = path.read_bytes()
    path.write_text("this is no state file: no frontmatter at all\n")
    try:
        yield account_id
    finally:
        path.write_bytes(kept)


def indexer_detail(harper: Harper) -> str:
    response = httpx.get(f"{harper.base_url}/health", timeout=10)
    try:
        return str(response.json()["services"]["indexer"]["detail"])
    except (ValueError, KeyError):
        return f"HTTP {response.status_code}: {response.text[:300]}"


def wait_for_detail(harper: Harper, needle: str, timeout_s: float = 60) -> str:
    deadline = time.monotonic() + timeout_s
    detail = ""
    while time.monotonic() < deadline:
        detail = indexer_detail(harper)
        if needle in detail:
            return detail
        time.sleep(0.2)
    raise AssertionError(f"/health never said {needle!r}; last indexer detail: {detail!r}")


async def dead_letters_for(harper: Harper, account_id: str) -> list[DeadLetter]:
    connection = await nats.connect(harper.settings.nats_url)
    try:
        js = connection.jetstream()
        subject = dead_letter_subject(
            account_event_subject(AccountEventKind.STATE_CHANGED, account_id)
        )
        info = await js.stream_info(DEAD_LETTER_STREAM, subjects_filter=subject)
        if not (info.state.subjects or {}).get(subject):
            return []
        message = await js.get_last_msg(DEAD_LETTER_STREAM, subject)
        return [DeadLetter.model_validate_json(message.data or b"")]
    finally:
        await connection.drain()


def test_a_poison_event_is_dead_lettered_and_the_others_are_applied(
    harper: Harper, unreadable_account: str
) -> None:
    poison = AccountEvent(
        kind=AccountEventKind.STATE_CHANGED,
        account_id=unreadable_account,
        version=POISON_VERSION,
        occurred_at=datetime.now(UTC),
    )
    assert asyncio.run(publish(harper, poison)) == 1
    others = [
        rename(harper, some_account(harper, 6), "Saltmarsh Kite Works"),
        rename(harper, some_account(harper, 7), "Bramblegate Cooperage"),
    ]
    for event in others:
        assert asyncio.run(publish(harper, event)) == 1
    for event in others:  # applied while the poison event waits for its next delivery
        assert asyncio.run(wait_indexed(harper, event.account_id, event.version)).applied

    detail = wait_for_detail(harper, f"account {unreadable_account} state_changed")
    assert f"v{POISON_VERSION} after 5 deliveries" in detail
    [letter] = asyncio.run(dead_letters_for(harper, unreadable_account))
    assert (letter.version, letter.deliveries) == (POISON_VERSION, 5)
    assert "frontmatter" in letter.error or "state.md" in letter.error, letter.error
    assert asyncio.run(consumer_backlog(harper)) == (0, 0)  # terminated, not blocking

    harper.stop_service("indexer")
    harper.start_service("indexer")
    harper.wait_healthy()
    wait_for_detail(harper, f"account {unreadable_account} state_changed", timeout_s=10)
