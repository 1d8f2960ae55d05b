"""One span per HTTP request, joined to the caller's ``traceparent`` and named by route.

A plain ASGI middleware: Starlette's ``BaseHTTPMiddleware`` (``@app.middleware("http")``) runs
the rest of the app in a task of its own and pipes the response through memory streams, which
cost every request about as much as one bus hop. The span and the request's figures end when
the response starts (its first byte, for a stream), as they did there; its trace id goes back
in ``X-Trace-ID``.
"""

from __future__ import annotations

import time

from opentelemetry import context, trace
from opentelemetry.propagate import extract
from opentelemetry.trace import Span, Status, StatusCode, Tracer
from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from harper_gateway import http_metrics


class TracedRequests:
    def __init__(self, app: ASGIApp, tracer: Tracer) -> None:
        self.app = app
        self.tracer = tracer

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        started = time.perf_counter()
        span = self.tracer.start_span(
            f"{request.method} {request.url.path}",
            context=extract(dict(request.headers)),
            kind=trace.SpanKind.SERVER,
        )
        token = context.attach(trace.set_span_in_context(span))

        async def send_traced(message: Message) -> None:
            if message["type"] == "http.response.start":
                _finish(span, request, message, started)
            await send(message)

        try:
            await self.app(scope, receive, send_traced)
        except BaseException as exc:
            if span.is_recording():
                span.record_exception(exc)
                span.set_status(Status(StatusCode.ERROR, f"{type(exc).__name__}: {exc}"))
                span.end()
            raise
        finally:
            context.detach(token)


def _finish(span: Span, request: Request, message: Message, started: float) -> None:
    """Name the span by its route, note the status, say the trace id, count the request."""
    route = http_metrics.route_of(request)
    status = int(message["status"])
    span.update_name(f"{request.method} {route}")
    span.set_attribute("http.route", route)
    span.set_attribute("http.status_code", status)
    MutableHeaders(scope=message)["X-Trace-ID"] = format(span.get_span_context().trace_id, "032x")
    http_metrics.record(request, status, time.perf_counter() - started)
    span.end()
