"""Tracing: one OpenTelemetry trace per request, across every service it touches.

The exporter is chosen by ``HARPER_OTEL_EXPORTER``: ``none`` (ids only, nothing exported),
``console`` (spans printed to stderr) or ``otlp`` (``OTEL_EXPORTER_OTLP_ENDPOINT``, HTTP).
"""

from __future__ import annotations

from opentelemetry import trace
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


def current_trace_id() -> str | None:
    """The current span's trace id as 32 hex digits, or None outside a span."""
    context = trace.get_current_span().get_span_context()
    if not context.is_valid:
        return None
    return format(context.trace_id, "032x")
