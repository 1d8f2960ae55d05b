"""Tracing: one OpenTelemetry trace per request, across every service it touches.

The exporter is chosen by ``HARPER_OTEL_EXPORTER``: ``none`` (ids only, nothing exported),
``console`` (spans printed to stderr) or ``otlp`` (``OTEL_EXPORTER_OTLP_ENDPOINT``, HTTP).
"""

from __future__ import annotations

import os
import socket
from typing import Any

from faststream._internal.basic_types import AsyncFunc, AsyncFuncAny
from faststream._internal.context.repository import ContextRepo
from faststream.message import SourceType, StreamMessage
from faststream.nats.opentelemetry import NatsTelemetryMiddleware
from faststream.nats.response import NatsPublishCommand
from faststream.opentelemetry.middleware import BaseTelemetryMiddleware
from faststream.response.publish_type import PublishType
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


class BusTelemetry(NatsTelemetryMiddleware):
    """FastStream's NATS telemetry without the spans of replies: a reply is sent inside the span
    that handled its request (no publish span, no trace headers) and received inside the span
    that sent the request (no process span). Those two spans cost each request ~35 us of CPU
    on either side; requests and events keep theirs, so a trace still crosses every service."""

    def __call__(
        self, msg: Any | None, /, *, context: ContextRepo
    ) -> BaseTelemetryMiddleware[NatsPublishCommand]:
        return _RepliesInTheirSpan(
            msg,
            tracer=self._tracer,
            metrics_container=self._metrics,
            settings_provider_factory=self._settings_provider_factory,
            context=context,
        )


class _RepliesInTheirSpan(BaseTelemetryMiddleware[NatsPublishCommand]):
    async def consume_scope(self, call_next: AsyncFuncAny, msg: StreamMessage[Any]) -> Any:
        if msg.source_type is SourceType.RESPONSE:
            return await call_next(msg)
        return await super().consume_scope(call_next, msg)

    async def publish_scope(self, call_next: AsyncFunc, msg: NatsPublishCommand) -> Any:
        if msg.publish_type is not PublishType.REPLY:
            return await super().publish_scope(call_next, msg)
        try:
            return await call_next(msg)
        finally:
            self._scope_tokens_stack.close()  # as the parent does after its publish
