"""Health probes: each service answers on ``health_subject(name)``."""

from __future__ import annotations

from harper_common.messages.base import WireModel


class HealthRequest(WireModel):
    pass


class ServiceHealth(WireModel):
    service: str
    ok: bool
    instance: str
    """Which process answered (host:pid), so replicas can be told apart."""
    detail: str = ""
