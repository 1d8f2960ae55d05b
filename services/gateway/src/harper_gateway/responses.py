"""Turning replies into HTTP responses: the body as the spec shapes it, the status it deserves.

Routes return these ``JSONResponse`` objects (the exact body and status, with ``X-Request-ID``);
their ``response_model`` and ``responses`` (``refusals``, ``errors``, ``bus_errors``) say the
same in ``/openapi.json``.
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import Any, Final, get_args

from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

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


class ServerSentEvent(ResponseBody):
    """One event of a ``/query/stream`` run (keep-alive comments aside)."""

    id: str = Field(pattern=r"^[A-Za-z0-9_-]{1,64}:[0-9]+$")
    """``<request id>:<n>``: send the last one received as ``Last-Event-ID`` to resume."""
    event: str
    """``accepted``, then progress steps (``intent``, ``routing``, ``thinking``, ``tool_call``,
    ``tool_result``), then the final response's kind (``answer``, ``changes``, ``followup``,
    ``confirmation_required``, ``clarification_needed``, ``vague_update_clarification``,
    ``error``)."""
    data: str = Field(json_schema_extra={"contentMediaType": "application/json"})
    """One JSON object: the query accepted, a progress event, or the final response."""


class EventStream(StreamingResponse):
    """Server-sent events (``text/event-stream``): ``id:``, ``event:`` and ``data:`` lines."""

    media_type = "text/event-stream"


Refusal = tuple[int, Any, str]
"""A status a route may answer, the model of its body, and when."""

AT_THE_DOOR: Final[tuple[Refusal, ...]] = (
    (400, ErrorResponse, "A body or query string that is not valid Unicode, or a Host not served."),
    (413, ErrorResponse, "The body is over HARPER_MAX_BODY_BYTES."),
)
"""What the gateway's guards answer for any route, before it runs."""

WITHOUT_KEY: Final[tuple[Refusal, ...]] = (
    (401, Problem, "No API key or session, or one not valid."),
    (403, Problem, "The key's role is too low for this route, or a cross-origin write."),
    (429, Problem, "Too many requests (or open streams) for this key."),
)
"""What a route behind a key answers when the key may not use it."""


def documented(*refusals: Refusal) -> ResponsesDoc:
    """FastAPI's ``responses=`` for ``refusals``: one entry per status, the models of a status
    that several refusals share as a union."""
    by_status: dict[int, list[Refusal]] = {}
    for refusal in refusals:
        by_status.setdefault(refusal[0], []).append(refusal)
    doc: ResponsesDoc = {}
    for status, shared in by_status.items():
        models = list(dict.fromkeys(model for _, model, _ in shared))
        doc[status] = {
            "model": reduce(or_, models),
            "description": " Or: ".join(dict.fromkeys(why for _, _, why in shared)),
        }
    return doc


def refusals(*also: Refusal, keyed: bool = True) -> ResponsesDoc:
    """A route's refusals: at the door, without a key (unless public), and ``also``."""
    return documented(*AT_THE_DOOR, *(WITHOUT_KEY if keyed else ()), *also)


def errors(*codes: ErrorCode, keyed: bool = True) -> ResponsesDoc:
    """A route's refusals, and the ``error`` of each of ``codes`` with the status it has."""
    failures = [(c.http_status, ErrorResponse, f"An ``error`` ({c.value}).") for c in codes]
    return refusals(*failures, keyed=keyed)


def as_json(responses: ResponsesDoc) -> ResponsesDoc:
    """``responses`` with each body said to be JSON, for a route whose own content type (an
    event stream) FastAPI would otherwise give its error bodies too."""
    return {
        status: {
            "description": doc["description"],
            "content": {"application/json": {"schema": _reference(doc["model"])}},
        }
        for status, doc in responses.items()
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
