"""422 answers that name the field and the problem but never echo more than a short prefix of
the input (a 50 MB body must not come back as a 50 MB error)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from harper_common.messages.base import ErrorCode
from harper_gateway.auth import KeysUnavailable
from harper_gateway.responses import error_json
from harper_gateway.state import new_request_id

ECHO_CHARS = 80


def _short(value: Any) -> Any:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= ECHO_CHARS else text[:ECHO_CHARS] + f"… ({len(text)} chars)"


def short_validation_errors(app: FastAPI) -> None:
    @app.exception_handler(RequestValidationError)
    async def on_invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {
                "loc": list(error.get("loc", ())),
                "msg": str(error.get("msg", ""))[:200],
                "type": error.get("type", ""),
                **({"input": _short(error["input"])} if "input" in error else {}),
            }
            for error in exc.errors()[:10]
        ]
        return JSONResponse({"detail": errors}, status_code=422)


def keys_unavailable_as_503(app: FastAPI) -> None:
    """A key that cannot be checked (the bus is down) is a 503 with the usual error body."""

    @app.exception_handler(KeysUnavailable)
    async def on_unavailable(request: Request, exc: KeysUnavailable) -> JSONResponse:
        reply = error_json(
            ErrorCode.UNAVAILABLE,
            str(exc),
            new_request_id(),
            fix="Try again in a few seconds; the services reconnect by themselves.",
        )
        reply.headers["Retry-After"] = "5"
        return reply
