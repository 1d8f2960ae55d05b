"""Reading server-sent events the way a client does."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx


@dataclass(frozen=True)
class Event:
    id: str
    kind: str
    data: Any


def read_events(response: httpx.Response, stop_after: int | None = None) -> Iterator[Event]:
    """Events from an open streaming response, until it ends (or ``stop_after`` events)."""
    fields: dict[str, str] = {}
    count = 0
    for line in response.iter_lines():
        if line == "":
            if fields:
                yield Event(
                    fields.get("id", ""), fields.get("event", "message"), json.loads(fields["data"])
                )
                count += 1
                fields = {}
                if stop_after is not None and count >= stop_after:
                    return
            continue
        if line.startswith(":"):
            continue  # a comment: the keep-alive the gateway sends while a run is quiet
        name, _, value = line.partition(":")
        fields[name] = value[1:] if value.startswith(" ") else value
