"""Tracing: one OpenTelemetry trace per request, across every service it touches.

The exporter is chosen by ``HARPER_OTEL_EXPORTER``: ``none`` (ids only, nothing exported),
``console`` (spans printed to stderr) or ``otlp`` (``OTEL_EXPORTER_OTLP_ENDPOINT``, HTTP).
"""

from __future__ import annotations

import os
import socket

from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import (
    BatchSpanProcessor,
    ConsoleSpanExporter,
    SimpleSpanProcessor,
)

from harper_common.settings import HarperSettings


def make_tracer_provider(settings: HarperSettings, service: str) -> TracerProvider:
    """A tracer provider named after the service, exporting where the settings say."""
    provider = TracerProvider(resource=Resource.create({"service.name": f"harper-{service}"}))
    if settings.otel_exporter == "console":
        provider.add_span_processor(SimpleSpanProcessor(ConsoleSpanExporter()))
    elif settings.otel_exporter == "otlp":
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    return provider


def instance_name() -> str:
    """Which process this is (host:pid), so replicas of a service can be told apart."""
    return f"{socket.gethostname()}:{os.getpid()}"
