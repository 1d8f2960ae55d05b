"""``/asyncapi.json`` and ``/asyncapi``: the bus contract (AsyncAPI 3.0) and a page to read it.

Readable as ``/openapi.json`` is, without a key: they describe the interfaces, never data. Like
FastAPI's own ``/openapi.json`` they are plain routes, outside the OpenAPI document and the
key check; the gateway's guards (Host, body size) still apply.
"""

from __future__ import annotations

import json
from functools import cache

from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from harper_common.messages.asyncapi import asyncapi_document
from harper_gateway.asyncapi_page import render


@cache
def _document_text() -> str:
    return json.dumps(asyncapi_document(), indent=2, ensure_ascii=False)


@cache
def _page() -> str:
    return render(json.loads(_document_text()))


async def asyncapi_json(_: Request) -> Response:
    return Response(_document_text(), media_type="application/json")


async def asyncapi_page(_: Request) -> HTMLResponse:
    return HTMLResponse(_page())


def add_contract_routes(app: FastAPI) -> None:
    """Serve the bus contract; call before ``mount_ui`` so the UI does not answer them."""
    app.add_route("/asyncapi.json", asyncapi_json, methods=["GET"], include_in_schema=False)
    app.add_route("/asyncapi", asyncapi_page, methods=["GET"], include_in_schema=False)
