"""Prometheus metrics of a service's bus work: requests, errors and latency per subject, and
requests in flight. Every service records them in ``answer``; ``serve_metrics`` exposes them on
``HARPER_METRICS_PORT`` (0, the default, keeps them in process: ``harper up`` runs many
services on one host; containers set a port).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

from prometheus_client import Counter, Gauge, Histogram, start_http_server

log = logging.getLogger(__name__)

REQUESTS = Counter(
    "harper_bus_requests",
    "Requests a service answered on the bus, by subject and outcome (ok or the error code).",
    ["service", "subject", "outcome"],
)
LATENCY = Histogram(
    "harper_bus_request_seconds",
    "Time to answer one bus request.",
    ["service", "subject"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
)
IN_FLIGHT = Gauge(
    "harper_bus_in_flight", "Requests being handled right now.", ["service", "subject"]
)
TOKENS = Counter(
    "harper_brain_tokens",
    "Tokens sent to and received from the Claude API, by agent and kind.",
    ["agent", "kind"],
)


class _Usage(Protocol):
    @property
    def input(self) -> int: ...
    @property
    def output(self) -> int: ...
    @property
    def cache_read(self) -> int: ...
    @property
    def cache_write(self) -> int: ...


def count_tokens(agent: str, usage: _Usage) -> None:
    """Add one model turn's tokens to ``harper_brain_tokens_total``."""
    for kind in ("input", "output", "cache_read", "cache_write"):
        amount = getattr(usage, kind)
        if amount:
            TOKENS.labels(agent, kind).inc(amount)


@contextmanager
def measured(service: str, subject: str) -> Iterator[list[str]]:
    """Time a request; the caller puts its outcome in the yielded list (default: ok)."""
    outcome = ["ok"]
    gauge = IN_FLIGHT.labels(service, subject)
    gauge.inc()
    started = time.perf_counter()
    try:
        yield outcome
    finally:
        gauge.dec()
        LATENCY.labels(service, subject).observe(time.perf_counter() - started)
        REQUESTS.labels(service, subject, outcome[0]).inc()


@dataclass(frozen=True)
class Load:
    """A service's bus work in this process so far, from the metrics above."""

    requests: int
    errors: int
    in_flight: int


def service_load(service: str, leave_out: Collection[str] = ()) -> Load:
    """Requests answered, those answered with an error, and those in flight, over every subject
    of ``service`` in this process except those in ``leave_out`` (probes)."""
    requests = errors = in_flight = 0
    for sample in (s for metric in REQUESTS.collect() for s in metric.samples):
        labels = sample.labels
        if not sample.name.endswith("_total") or labels.get("service") != service:
            continue
        if labels.get("subject") in leave_out:
            continue
        requests += int(sample.value)
        errors += int(sample.value) if labels.get("outcome") != "ok" else 0
    for sample in (s for metric in IN_FLIGHT.collect() for s in metric.samples):
        labels = sample.labels
        if labels.get("service") == service and labels.get("subject") not in leave_out:
            in_flight += int(sample.value)
    return Load(requests=requests, errors=errors, in_flight=in_flight)


def serve_metrics(port: int) -> None:
    """Expose this process's metrics over HTTP (``/metrics``) when ``port`` is not 0."""
    if port:
        start_http_server(port)
        log.info("metrics on :%d/metrics", port)
