"""422 answers that name the field and the problem but never echo more than a short prefix of
the input (a 50 MB body must not come back as a 50 MB error)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

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
