"""Telling a stopped service from a slow one, so that a caller gives up on the first at once.

A request still without its reply after ``check_after_s`` asks whether its service runs at all:
anything heard from the service since (another reply) says it does; otherwise one health probe
(one per service, however many requests wait), which every service answers on a subscription
of its own, beside its bounded work. A service that answers is slow, not stopped, and its
requests wait on until their deadline. One that leaves the probe unanswered for
``probe_timeout_s`` is taken as stopped (SIGSTOP, a hung process, cut off from NATS): the
requests waiting on it fail as unavailable, naming it, and for ``remember_s`` new requests fail
at once without being sent, each starting a new probe when none is under way, until one is
answered.
"""

from __future__ import annotations

import asyncio
import contextvars
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from harper_common.messages.base import ErrorCode, ErrorReply

T = TypeVar("T")


class HealthProbe(Protocol):
    """Asks a service's health subject (the seam tests replace)."""

    async def __call__(self, service: str, timeout_s: float) -> bool:
        """True when ``service`` answered within ``timeout_s``; never raises."""
        ...


@dataclass(frozen=True)
class LivenessPolicy:
    check_after_s: float = 1.0
    """How long a request waits for its reply before its service's life is checked."""
    probe_timeout_s: float = 1.5
    """How long a health probe may take; a service that does not answer is taken as stopped."""
    remember_s: float = 3.0
    """How long after an unanswered probe new requests fail at once (unless heard from since)."""


class ServiceStopped(Exception):
    """``service`` left its health probe unanswered; ``reply`` says so to the caller."""

    def __init__(self, service: str, reply: ErrorReply) -> None:
        super().__init__(reply.message)
        self.service = service
        self.reply = reply


class Liveness:
    """What one caller knows of the services it asks: when each was last heard from, and
    whether its last probe went unanswered."""

    def __init__(
        self,
        probe: HealthProbe,
        policy: LivenessPolicy | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.policy = policy or LivenessPolicy()
        self._probe = probe
        self._clock = clock
        self._heard: dict[str, float] = {}
        self._unanswered: dict[str, float] = {}
        self._probes: dict[str, asyncio.Task[bool]] = {}

    def heard(self, service: str) -> None:
        """Something came from ``service`` (a reply, a probe's answer): it runs."""
        self._heard[service] = self._clock()
        self._unanswered.pop(service, None)

    def refuse_if_stopped(self, service: str) -> None:
        """Raise ServiceStopped at once while ``service`` is known to be stopped (and probe it
        again, so that it is known to run again as soon as it does)."""
        since = self._unanswered.get(service)
        if since is None or self._clock() - since > self.policy.remember_s:
            return
        self._shared_probe(service)
        raise ServiceStopped(
            service,
            self._stopped(
                service,
                f"The {service} service did not answer its last health probe within "
                f"{self.policy.probe_timeout_s:g} s; the request was not sent.",
            ),
        )

    async def wait(self, service: str, reply: Awaitable[T]) -> T:
        """``reply``'s result, or ServiceStopped as soon as ``service`` leaves a probe
        unanswered while the reply is awaited. ``reply`` is cancelled when given up on."""
        started = self._clock()
        waiting = asyncio.ensure_future(reply)
        try:
            while True:
                checked = self._clock()
                done, _ = await asyncio.wait({waiting}, timeout=self.policy.check_after_s)
                if done:
                    return waiting.result()
                if self._heard.get(service, -math.inf) >= checked:
                    continue  # it answered something else meanwhile: busy, not stopped
                probe = self._shared_probe(service)
                await asyncio.wait({waiting, probe}, return_when=asyncio.FIRST_COMPLETED)
                if waiting.done():
                    return waiting.result()
                if not probe.result():
                    waited = self._clock() - started
                    raise ServiceStopped(
                        service,
                        self._stopped(
                            service,
                            f"The {service} service did not answer in {waited:.1f} s, nor its "
                            f"health probe within {self.policy.probe_timeout_s:g} s.",
                        ),
                    )
        finally:
            waiting.cancel()  # nothing when it is done

    def _shared_probe(self, service: str) -> asyncio.Task[bool]:
        """The probe of ``service`` under way, or a new one. It runs in a context of its own:
        the deadline of the request that happened to start it is not the probe's."""
        task = self._probes.get(service)
        if task is None:
            task = asyncio.create_task(
                self._run_probe(service), name=f"probe {service}", context=contextvars.Context()
            )
            self._probes[service] = task
            task.add_done_callback(lambda _: self._probes.pop(service, None))
        return task

    async def _run_probe(self, service: str) -> bool:
        started = self._clock()
        try:
            answered = await self._probe(service, self.policy.probe_timeout_s)
        except Exception:  # a probe that cannot be sent is not answered either
            answered = False
        if answered:
            self.heard(service)
            return True
        if self._heard.get(service, -math.inf) >= started:
            return True  # a reply came meanwhile
        self._unanswered[service] = self._clock()
        return False

    @staticmethod
    def _stopped(service: str, message: str) -> ErrorReply:
        return ErrorReply(
            code=ErrorCode.UNAVAILABLE,
            message=f"{message} It looks stopped, hung or cut off from NATS.",
            fix=f"Check the {service} service (`harper status`, its log); "
            "retry once it answers again.",
            service=service,
        )
