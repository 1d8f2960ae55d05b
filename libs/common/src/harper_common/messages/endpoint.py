"""A bus endpoint declared once: its subject, the request it takes and the reply it gives.

Servers subscribe with ``BusService.serve(ENDPOINT, handler)`` and callers ask with
``BusClient.call(ENDPOINT, request)``, so no call site spells a subject or a reply type.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from harper_common.messages.base import WireModel

RequestT = TypeVar("RequestT", bound=WireModel)
ReplyT = TypeVar("ReplyT")


@dataclass(frozen=True, eq=False)
class Endpoint(Generic[RequestT, ReplyT]):
    """``subject`` is served by ``service``'s queue group; ``reply`` is a model or an annotated
    union of models (the declared ``Endpoint[Request, Reply]`` type tells mypy which)."""

    subject: str
    request: type[RequestT]
    reply: object
    service: str

    def __repr__(self) -> str:
        return f"Endpoint({self.subject})"
