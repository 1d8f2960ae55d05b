"""The gateway's Prometheus metrics: HTTP requests by route template and status, their latency,
and open event streams; served at ``GET /metrics`` (any key)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from prometheus_client import CONTENT_TYPE_LATEST, Counter, Gauge, Histogram, generate_latest

HTTP_REQUESTS = Counter(
    "harper_http_requests",
    "HTTP requests answered, by route and status.",
    ["method", "route", "status"],
)
HTTP_LATENCY = Histogram(
    "harper_http_request_seconds",
    "Time to answer an HTTP request (to its first byte, for streams).",
    ["method", "route"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
)
OPEN_STREAMS = Gauge("harper_sse_streams_open", "Event streams open on this gateway.")

router = APIRouter(tags=["operations"])


def route_of(request: Request) -> str:
    """The route template (``/query/stream/{request_id}``), never the raw path."""
    route = request.scope.get("route")
    path = getattr(route, "path", None)
    return path if isinstance(path, str) else "unmatched"


def record(request: Request, status: int, seconds: float) -> None:
    route = route_of(request)
    HTTP_REQUESTS.labels(request.method, route, str(status)).inc()
    HTTP_LATENCY.labels(request.method, route).observe(seconds)


@router.get(
    "/metrics",
    response_class=Response,
    responses={
        200: {
            "description": "Prometheus text exposition format.",
            "content": {"text/plain": {"schema": {"type": "string"}}},
        }
    },
)
async def metrics(request: Request) -> Response:
    """Prometheus text: this gateway's HTTP and stream figures."""
    OPEN_STREAMS.set(sum(request.app.state.limits.open_streams.values()))
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)
