"""Poison events: an account event the indexer fails to apply ``max_deliveries`` times goes to
the dead-letter stream, is terminated so the consumer moves on, and is logged.

Each failure before that is negatively acknowledged with a growing delay, so a passing problem
(a file caught mid-write) is retried while the events behind it are applied meanwhile.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Protocol

from faststream.nats import NatsBroker
from faststream.nats.message import NatsMessage as FastStreamNatsMessage
from nats.js import JetStreamContext
from nats.js.errors import NotFoundError

from harper_common.messages.dead_letters import NEWEST_SHOWN, DeadLetter, DeadLetterSummary
from harper_common.messages.events import AccountEvent
from harper_common.messages.subjects import DEAD_LETTER_STREAM, dead_letter_subject

log = logging.getLogger(__name__)

FIRST_RETRY_DELAY_S = 0.2
MAX_RETRY_DELAY_S = 5.0


class Delivery(Protocol):
    """One delivery of a JetStream message, as the poison guard needs it."""

    @property
    def subject(self) -> str: ...

    @property
    def deliveries(self) -> int:
        """How many times it has been delivered, this time included (1 the first time)."""

    @property
    def stream_sequence(self) -> int: ...

    async def retry_after(self, delay_s: float) -> None:
        """Negative acknowledgement: deliver it again after ``delay_s``."""

    async def give_up(self) -> None:
        """Terminate it: never deliver it again."""


class DeadLetterSink(Protocol):
    async def keep(self, letter: DeadLetter) -> None:
        """Store ``letter`` durably (at most once per stream sequence)."""


def retry_delay(deliveries: int) -> float:
    """0.2 s after the first failure, doubling, at most 5 s."""
    return min(FIRST_RETRY_DELAY_S * 2.0 ** (deliveries - 1), MAX_RETRY_DELAY_S)


class PoisonGuard:
    """Runs an event handler on one delivery; counts failures, dead-letters at the limit."""

    def __init__(self, max_deliveries: int, sink: DeadLetterSink) -> None:
        self.max_deliveries = max_deliveries
        self.sink = sink
        self.summary = DeadLetterSummary()

    def restore(self, kept: DeadLetterSummary) -> None:
        """Start from what the stream kept (earlier runs), unless this run already added more."""
        if kept.count >= self.summary.count:
            self.summary.count = kept.count
            self.summary.newest = list(kept.newest)

    async def consume(
        self,
        handle: Callable[[AccountEvent], Awaitable[None]],
        event: AccountEvent,
        delivery: Delivery,
    ) -> None:
        try:
            await handle(event)
        except Exception as exc:
            await self._failed(event, delivery, exc)

    async def _failed(self, event: AccountEvent, delivery: Delivery, exc: Exception) -> None:
        error = f"{type(exc).__name__}: {exc}"[:300]
        if delivery.deliveries < self.max_deliveries:
            log.warning(
                "account %s %s v%d: delivery %d of %d failed (%s); retrying",
                event.account_id,
                event.kind.value,
                event.version,
                delivery.deliveries,
                self.max_deliveries,
                error,
            )
            await delivery.retry_after(retry_delay(delivery.deliveries))
            return
        letter = DeadLetter(
            account_id=event.account_id,
            kind=event.kind,
            version=event.version,
            subject=delivery.subject,
            stream_sequence=delivery.stream_sequence,
            deliveries=delivery.deliveries,
            error=error,
            dead_at=datetime.now(UTC),
        )
        try:
            await self.sink.keep(letter)
        except Exception:
            # Not kept, so not given up on: the event comes back and is dead-lettered then.
            log.exception("account %s: could not keep the dead letter", event.account_id)
            await delivery.retry_after(MAX_RETRY_DELAY_S)
            return
        await delivery.give_up()
        self.summary.add(letter)
        log.error(
            "account %s %s v%d failed %d times; moved to %s (%s)",
            event.account_id,
            event.kind.value,
            event.version,
            delivery.deliveries,
            dead_letter_subject(delivery.subject),
            error,
        )


class JetStreamDelivery:
    """A FastStream NATS message as a ``Delivery``."""

    def __init__(self, message: FastStreamNatsMessage) -> None:
        self.message = message
        self.metadata = message.raw_message.metadata

    @property
    def subject(self) -> str:
        return self.message.raw_message.subject

    @property
    def deliveries(self) -> int:
        return self.metadata.num_delivered or 1

    @property
    def stream_sequence(self) -> int:
        return self.metadata.sequence.stream

    async def retry_after(self, delay_s: float) -> None:
        await self.message.nack(delay=delay_s)

    async def give_up(self) -> None:
        await self.message.reject()


class DeadLetterStream:
    """The ``HARPER_DEAD`` stream as a ``DeadLetterSink``."""

    def __init__(self, broker: NatsBroker) -> None:
        self.broker = broker

    async def keep(self, letter: DeadLetter) -> None:
        await self.broker.publish(
            letter.model_dump(mode="json"),
            dead_letter_subject(letter.subject),
            headers={"Nats-Msg-Id": f"dead:{letter.stream_sequence}"},
            stream=DEAD_LETTER_STREAM,
            timeout=5.0,
        )


async def read_summary(js: JetStreamContext) -> DeadLetterSummary:
    """What the stream already holds (dead letters of earlier runs), newest first."""
    try:
        info = await js.stream_info(DEAD_LETTER_STREAM)
    except NotFoundError:
        log.warning("no dead-letter stream %s: run `harper provision`", DEAD_LETTER_STREAM)
        return DeadLetterSummary()
    newest: list[DeadLetter] = []
    sequence = info.state.last_seq
    while sequence >= max(info.state.first_seq, 1) and len(newest) < NEWEST_SHOWN:
        try:
            message = await js.get_msg(DEAD_LETTER_STREAM, sequence)
            newest.append(DeadLetter.model_validate_json(message.data or b""))
        except (NotFoundError, ValueError):
            log.warning("dead letter %d unreadable; not shown", sequence)
        sequence -= 1
    return DeadLetterSummary(count=info.state.messages, newest=newest)
