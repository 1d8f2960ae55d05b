"""``harper status``: every replica of every bus service says what it is doing.

One request on ``subjects.STATUS`` (no queue group: every replica of every service hears it);
each replica replies with a ``ReplicaStatus``; the asker gathers replies until a short deadline.
"""

from __future__ import annotations

from pydantic import Field

from harper_common.messages.base import WireModel


class StatusRequest(WireModel):
    pass


class ServiceDetails(WireModel):
    """What only some services have to say; None where a service has no such thing."""

    consumer_lag: int | None = Field(default=None, ge=0)
    """Account events its JetStream consumer has not applied yet (delivered or not)."""
    dead_letters: int | None = Field(default=None, ge=0)
    """Account events it gave up on (in the dead-letter stream)."""
    notes: list[str] = Field(default_factory=list)
    """Anything else worth a line (its health detail when not ok)."""


class ReplicaStatus(WireModel):
    """One process of one service, from its own bus metrics since it started."""

    service: str
    instance: str
    """host:pid, so replicas can be told apart."""
    ok: bool
    requests: int = Field(ge=0)
    """Requests answered (health and status probes not counted)."""
    errors: int = Field(ge=0)
    """Of those, answered with an ErrorReply."""
    in_flight: int = Field(ge=0)
    """Requests being handled right now (this status request not counted)."""
    details: ServiceDetails = Field(default_factory=ServiceDetails)

    @property
    def error_rate(self) -> float:
        return self.errors / self.requests if self.requests else 0.0
