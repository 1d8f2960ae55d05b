"""Checks every request passes before any route sees it: a known Host, a bounded body, Unicode.

- ``Host`` must be one the gateway serves (``allowed_hosts``), else 400: a page on another
  site that rebinds its DNS name to this machine cannot read through the broker's browser.
- A body over ``max_body_bytes`` gets 413 as soon as that is known (``Content-Length``, or
  while it streams in), before it is read whole.
- A body or query string that is not valid Unicode (bad UTF-8, a lone surrogate escaped in
  JSON such as ``"\\ud800"``) gets 400 naming the problem, instead of failing deep inside.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")


def allowed_hosts(host: str, extra: str) -> frozenset[str]:
    names = {*LOCAL_HOSTS, host, *(h.strip() for h in extra.split(",") if h.strip())}
    return frozenset(name.lower() for name in names)


def _host_name(value: str) -> str:
    value = value.strip().lower()
    if value.startswith("["):
        return value.split("]", 1)[0] + "]"
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


class RequestGuards:
    def __init__(self, app: ASGIApp, *, hosts: Iterable[str], max_body_bytes: int) -> None:
        self.app = app
        self.hosts = frozenset(hosts)
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        problem = self._check_head(scope)
        if problem is not None:
            await problem(scope, receive, send)
            return
        if scope["method"] not in ("POST", "PUT", "PATCH", "DELETE"):
            await self.app(scope, receive, send)
            return
        body, problem = await self._read_body(scope, receive)
        if problem is not None:
            await problem(scope, receive, send)
            return
        await self.app(scope, _replay(body, receive), send)

    def _check_head(self, scope: Scope) -> JSONResponse | None:
        headers = dict(scope["headers"])
        host = _host_name(headers.get(b"host", b"").decode("latin-1"))
        if host not in self.hosts:
            return _error(400, f"Host {host[:80]!r} is not served here (HARPER_ALLOWED_HOSTS).")
        try:
            scope.get("query_string", b"").decode("utf-8")
        except UnicodeDecodeError:
            return _error(400, "The query string is not valid UTF-8.")
        length = headers.get(b"content-length")
        if length is not None and length.isdigit() and int(length) > self.max_body_bytes:
            return _too_large(self.max_body_bytes)
        return None

    async def _read_body(self, scope: Scope, receive: Receive) -> tuple[bytes, JSONResponse | None]:
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body_bytes:
                return b"", _too_large(self.max_body_bytes)
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        return body, _unicode_problem(body)


def _unicode_problem(body: bytes) -> JSONResponse | None:
    if not body:
        return None
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        return _error(400, f"The body is not valid UTF-8 (byte {exc.start}).")
    try:
        parsed = json.loads(text)
    except ValueError:
        return None  # not JSON: the route's validation names the problem
    try:
        json.dumps(parsed, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return _error(400, "A string in the body is not valid Unicode (a lone surrogate).")
    return None


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _too_large(limit: int) -> JSONResponse:
    return _error(413, f"The body is larger than {limit} bytes (HARPER_MAX_BODY_BYTES).")


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse(
        {"type": "error", "code": "bad_request", "message": message}, status_code=status
    )
