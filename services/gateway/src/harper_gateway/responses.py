"""Turning replies into HTTP responses: the body as the spec shapes it, the status it deserves.

Routes return these ``JSONResponse`` objects (the exact body and status, with ``X-Request-ID``);
their ``response_model`` and ``responses`` (``bus_errors``, ``AUTH_ERRORS``) say the same in
``/openapi.json``.
"""

from __future__ import annotations

from typing import Any, Final, get_args

from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict

from harper_common.bus.client import BusError
from harper_common.messages.base import ErrorCode
from harper_common.messages.query import ErrorResponse

ResponsesDoc = dict[int | str, dict[str, Any]]
"""FastAPI's ``responses=``: extra statuses of a route and the model of their body."""


class ResponseBody(BaseModel):
    """A gateway-made response body: every field is always sent, so the schema requires all."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


class Problem(BaseModel):
    """FastAPI's refusal body: no key or a bad one (401), a role too low (403), too many
    requests (429), a key name taken (409) or unknown (404)."""

    detail: str


class EventStream(StreamingResponse):
    """Server-sent events (``text/event-stream``): ``id:``, ``event:`` and ``data:`` lines."""

    media_type = "text/event-stream"


AUTH_ERRORS: Final[ResponsesDoc] = {
    401: {"model": Problem, "description": "No API key or session, or one not valid."},
    403: {"model": Problem, "description": "The key's role is too low for this route."},
    429: {"model": Problem, "description": "Too many requests (or open streams) for this key."},
}
"""What any route behind a key may answer before its handler runs."""


def errors(*codes: ErrorCode) -> ResponsesDoc:
    """The statuses of ``codes`` with the ``error`` body (a 401 or 403 may also be a refusal
    before the handler, with FastAPI's ``detail`` body)."""
    documented: ResponsesDoc = dict(AUTH_ERRORS)
    for code in codes:
        status = code.http_status
        model: Any = ErrorResponse | Problem if status in AUTH_ERRORS else ErrorResponse
        documented[status] = {"model": model, "description": f"An ``error`` ({code.value})."}
    return documented


def as_json(documented: ResponsesDoc) -> ResponsesDoc:
    """``documented`` with each body said to be JSON, for a route whose own content type (an
    event stream) FastAPI would otherwise give its error bodies too."""
    return {
        status: {
            "description": doc["description"],
            "content": {"application/json": {"schema": _reference(doc["model"])}},
        }
        for status, doc in documented.items()
    }


def _reference(model: Any) -> dict[str, Any]:
    members = get_args(model) or (model,)
    refs = [{"$ref": f"#/components/schemas/{m.__name__}"} for m in members]
    return refs[0] if len(refs) == 1 else {"anyOf": refs}


def bus_errors() -> ResponsesDoc:
    """A route that asks a service over the bus may get any of its errors back."""
    return errors(*ErrorCode)


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
