"""The poison guard: retries with a growing delay, dead-letters at the limit, keeps a summary."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

import pytest

from harper_common.messages.dead_letters import DeadLetter, DeadLetterSummary
from harper_common.messages.events import AccountEvent, AccountEventKind
from harper_indexer.dead_letters import PoisonGuard, retry_delay

SUBJECT = "harper.account.state_changed.10001"


@dataclass
class FakeDelivery:
    deliveries: int
    subject: str = SUBJECT
    stream_sequence: int = 41
    retried_after: list[float] = field(default_factory=list)
    given_up: bool = False

    async def retry_after(self, delay_s: float) -> None:
        self.retried_after.append(delay_s)

    async def give_up(self) -> None:
        self.given_up = True


@dataclass
class FakeSink:
    kept: list[DeadLetter] = field(default_factory=list)
    broken: bool = False

    async def keep(self, letter: DeadLetter) -> None:
        if self.broken:
            raise ConnectionError("NATS is down")
        self.kept.append(letter)


def event(account_id: str = "10001") -> AccountEvent:
    return AccountEvent(
        kind=AccountEventKind.STATE_CHANGED,
        account_id=account_id,
        version=7,
        occurred_at=datetime(2026, 11, 22, tzinfo=UTC),
    )


async def failing(_: AccountEvent) -> None:
    raise ValueError("state.md: no frontmatter")


@pytest.mark.anyio
async def test_a_failure_below_the_limit_is_retried_later_not_dead_lettered() -> None:
    sink = FakeSink()
    guard = PoisonGuard(5, sink)
    deliveries = [FakeDelivery(n) for n in range(1, 5)]
    for delivery in deliveries:
        await guard.consume(failing, event(), delivery)
    assert [d.retried_after for d in deliveries] == [[0.2], [0.4], [0.8], [1.6]]
    assert not any(d.given_up for d in deliveries)
    assert sink.kept == [] and guard.summary.count == 0


@pytest.mark.anyio
async def test_the_last_delivery_is_kept_terminated_and_summarised() -> None:
    sink = FakeSink()
    guard = PoisonGuard(5, sink)
    last = FakeDelivery(5)
    await guard.consume(failing, event(), last)
    assert last.given_up and last.retried_after == []
    [letter] = sink.kept
    assert (letter.account_id, letter.version, letter.deliveries) == ("10001", 7, 5)
    assert letter.error == "ValueError: state.md: no frontmatter"
    assert letter.subject == SUBJECT and letter.stream_sequence == 41
    assert guard.summary.count == 1 and guard.summary.newest == [letter]
    line = guard.summary.describe()
    assert line.startswith("1 dead letter in stream HARPER_DEAD")
    assert "account 10001 state_changed v7 after 5 deliveries: ValueError" in line


@pytest.mark.anyio
async def test_a_dead_letter_that_cannot_be_kept_is_not_given_up_on() -> None:
    guard = PoisonGuard(2, FakeSink(broken=True))
    delivery = FakeDelivery(2)
    await guard.consume(failing, event(), delivery)
    assert not delivery.given_up and delivery.retried_after == [5.0]
    assert guard.summary.count == 0


@pytest.mark.anyio
async def test_a_handled_event_is_left_to_the_normal_ack() -> None:
    handled: list[str] = []

    async def fine(e: AccountEvent) -> None:
        handled.append(e.account_id)

    delivery = FakeDelivery(1)
    await PoisonGuard(5, FakeSink()).consume(fine, event(), delivery)
    assert handled == ["10001"] and not delivery.given_up and delivery.retried_after == []


def test_the_summary_keeps_the_newest_three_and_the_count() -> None:
    summary = DeadLetterSummary()
    for n in range(5):
        summary.add(
            DeadLetter(
                account_id=f"1000{n}",
                kind=AccountEventKind.STATE_CHANGED,
                version=n,
                subject=SUBJECT,
                stream_sequence=n,
                deliveries=5,
                error="boom",
                dead_at=datetime(2026, 11, 22, tzinfo=UTC),
            )
        )
    assert summary.count == 5
    assert [letter.account_id for letter in summary.newest] == ["10004", "10003", "10002"]
    assert DeadLetterSummary().describe() == ""


def test_the_retry_delay_doubles_up_to_five_seconds() -> None:
    assert [retry_delay(n) for n in (1, 2, 3, 10)] == [0.2, 0.4, 0.8, 5.0]
