"""Routes of an agent that has not landed yet: they answer ``not_implemented``, never a fake."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from harper_common.bus.routes import ServiceFailure
from harper_common.bus.service import BusService
from harper_common.messages.base import ErrorCode, WireModel


def add_not_implemented(
    service: BusService, routes: Sequence[tuple[str, type[WireModel]]], what: str
) -> None:
    """Each subject replies with a typed ``not_implemented`` error naming what is missing."""

    async def refuse(_: WireModel) -> BaseModel:
        raise ServiceFailure(
            ErrorCode.NOT_IMPLEMENTED,
            f"The {what} has not been built yet, so this request cannot be answered.",
            fix="Nothing to fix on your side; this part of Harper is still to come.",
        )

    for subject, request_type in routes:
        service.route(subject, request_type, refuse)
