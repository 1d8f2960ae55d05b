"""Read POST bodies as JSON whatever Content-Type says.

``curl -d '{"query": "..."}'`` sends ``application/x-www-form-urlencoded``; every POST endpoint of
Harper takes JSON only, so the body is read as JSON and a body that is not JSON gets the usual
422 naming the problem.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

_FORM_OR_MISSING = (b"", b"application/x-www-form-urlencoded", b"text/plain")


class JsonBodies:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            headers = [(k, v) for k, v in scope["headers"] if k != b"content-type"]
            given = dict(scope["headers"]).get(b"content-type", b"")
            scope = {**scope, "harper.content_type": given}  # as sent, for the origin check
            if given.split(b";")[0].strip().lower() in _FORM_OR_MISSING:
                headers.append((b"content-type", b"application/json"))
                scope = {**scope, "headers": headers}
        await self.app(scope, receive, send)
