"""Who asked for the request being handled, for the records written while handling it.

The bus route sets it from the request's ``caller`` (stamped by the gateway) for the duration of
the handler; the audit log reads it, so every run's line names its caller without each agent
passing it down to its brain.
"""

from __future__ import annotations

from contextvars import ContextVar

from harper_common.messages.base import Caller

asking: ContextVar[Caller | None] = ContextVar("harper_asking", default=None)
