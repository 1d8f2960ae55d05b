"""Publishing the progress events of one request (core NATS, fire and forget)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Protocol

from faststream.nats import NatsBroker

from harper_common.bus.telemetry import instance_name
from harper_common.messages.progress import ProgressEvent, Step
from harper_common.messages.subjects import progress_subject

log = logging.getLogger(__name__)


class Progress(Protocol):
    """Where an agent reports its steps."""

    async def step(self, step: Step) -> None: ...


class BusProgress:
    """Reports the steps of ``request_id`` on its progress subject."""

    def __init__(self, broker: NatsBroker, request_id: str, service: str) -> None:
        self.broker = broker
        self.request_id = request_id
        self.service = service
        self.subject = progress_subject(request_id)
        self.instance = instance_name()

    async def step(self, step: Step) -> None:
        event = ProgressEvent(
            request_id=self.request_id,
            service=self.service,
            instance=self.instance,
            at=datetime.now(UTC),
            step=step,
        )
        try:
            await self.broker.publish(event.model_dump(mode="json"), self.subject)
        except Exception:  # progress is best effort; the answer still goes back
            log.warning("could not publish progress for %s", self.request_id, exc_info=True)


class NoProgress:
    """For callers that don't watch progress."""

    async def step(self, step: Step) -> None:
        return None
