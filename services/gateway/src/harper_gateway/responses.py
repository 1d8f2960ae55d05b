"""Turning replies into HTTP responses: the body as the spec shapes it, the status it deserves."""

from __future__ import annotations

from fastapi.responses import JSONResponse
from pydantic import BaseModel

from harper_common.bus.client import BusError
from harper_common.messages.base import ErrorCode
from harper_common.messages.query import ErrorResponse


def reply_json(reply: BaseModel, request_id: str) -> JSONResponse:
    """200 for every answer (including confirmation and clarification); errors get their code."""
    status = reply.code.http_status if isinstance(reply, ErrorResponse) else 200
    return JSONResponse(
        reply.model_dump(mode="json"), status_code=status, headers={"X-Request-ID": request_id}
    )


def error_json(
    code: ErrorCode, message: str, request_id: str, fix: str | None = None
) -> JSONResponse:
    return reply_json(
        ErrorResponse(request_id=request_id, message=message, code=code, fix=fix), request_id
    )


def bus_error_json(error: BusError, request_id: str) -> JSONResponse:
    return reply_json(ErrorResponse.from_reply(error.reply, request_id), request_id)
