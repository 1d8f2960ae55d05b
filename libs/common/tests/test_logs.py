"""JSON log lines carry the trace id of the span they were written in."""

from __future__ import annotations

import json
import logging

from opentelemetry.sdk.trace import TracerProvider

from harper_common.bus.logs import JsonLines


def test_a_json_line_names_its_trace() -> None:
    tracer = TracerProvider().get_tracer("test")
    record = logging.LogRecord("harper.x", logging.INFO, __file__, 1, "filed %s", ("email",), None)
    with tracer.start_as_current_span("work") as span:
        line = json.loads(JsonLines().format(record))
    assert line["message"] == "filed email" and line["level"] == "INFO"
    assert line["trace_id"] == format(span.get_span_context().trace_id, "032x")


def test_outside_a_span_there_is_no_trace_id() -> None:
    record = logging.LogRecord("harper.x", logging.WARNING, __file__, 1, "plain", (), None)
    assert "trace_id" not in json.loads(JsonLines().format(record))
