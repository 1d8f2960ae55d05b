"""Every message on Harper's bus (pydantic models) and every subject (``subjects``)."""

from harper_common.messages.base import ErrorCode, ErrorReply, WireModel
from harper_common.messages.events import AccountEvent, AccountEventKind
from harper_common.messages.health import HealthRequest, ServiceHealth
from harper_common.messages.progress import ProgressEvent
from harper_common.messages.query import (
    AgentRequest,
    ConfirmRequest,
    QueryRequest,
    QueryResponse,
)

__all__ = [
    "AccountEvent",
    "AccountEventKind",
    "AgentRequest",
    "ConfirmRequest",
    "ErrorCode",
    "ErrorReply",
    "HealthRequest",
    "ProgressEvent",
    "QueryRequest",
    "QueryResponse",
    "ServiceHealth",
    "WireModel",
]
