"""``/openapi.json`` describes every response, and the UI's copy of it is the current one."""

from __future__ import annotations

from typing import Any

import pytest

from harper_gateway.openapi_file import UI_SCHEMA, openapi_schema, openapi_text


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return openapi_schema()


def _operations(schema: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [
        (f"{method.upper()} {path}", operation)
        for path, item in schema["paths"].items()
        for method, operation in item.items()
    ]


def _schema_less(responses: dict[str, Any]) -> list[str]:
    """The success statuses whose bodies have no schema (or an empty one)."""
    missing = []
    for status, response in responses.items():
        if not status.startswith("2"):
            continue
        contents = response.get("content", {})
        if not contents or any(not c.get("schema") for c in contents.values()):
            missing.append(status)
    return missing


def test_every_operation_has_a_success_response_with_a_schema(schema: dict[str, Any]) -> None:
    operations = _operations(schema)
    assert len(operations) >= 20
    no_success = [name for name, op in operations if not any(s[0] == "2" for s in op["responses"])]
    assert no_success == []
    missing = {
        name: statuses for name, op in operations if (statuses := _schema_less(op["responses"]))
    }
    assert missing == {}


def test_every_documented_error_has_a_schema(schema: dict[str, Any]) -> None:
    missing = {
        f"{name} {status}": response
        for name, op in _operations(schema)
        for status, response in op["responses"].items()
        if not status.startswith("2")
        and not all(c.get("schema") for c in response.get("content", {"-": {}}).values())
    }
    assert missing == {}


def test_query_responses_are_a_union_on_type_with_references_only(
    schema: dict[str, Any],
) -> None:
    body = schema["paths"]["/query"]["post"]["responses"]["200"]["content"]["application/json"]
    union = body["schema"]
    assert union["discriminator"]["propertyName"] == "type"
    mapping = union["discriminator"]["mapping"]
    assert set(mapping) == {
        "success",
        "confirmation_required",
        "clarification_needed",
        "vague_update_clarification",
        "error",
    }
    # OpenAPI allows only references as mapping values (code generators stop on inline ones)
    assert all(isinstance(ref, str) and ref.startswith("#/") for ref in mapping.values())
    success = schema["components"]["schemas"]["SuccessResponse"]
    assert set(success["discriminator"]["mapping"]) == {
        "search_agent",
        "updater_agent",
        "followup_agent",
    }


def test_response_schemas_require_what_is_always_sent(schema: dict[str, Any]) -> None:
    """Defaults are sent too: the UI's generated types may rely on them."""
    answer = schema["components"]["schemas"]["AnswerResponse"]
    assert {"citations", "notes", "request_id", "type", "routed_to"} <= set(answer["required"])
    error = schema["components"]["schemas"]["ErrorResponse"]
    assert set(error["required"]) == {"type", "code", "message"}


def test_streams_say_they_are_event_streams(schema: dict[str, Any]) -> None:
    for path, method in (("/query/stream", "post"), ("/query/stream/{request_id}", "get")):
        responses = schema["paths"][path][method]["responses"]
        assert list(responses["200"]["content"]) == ["text/event-stream"]
        event = responses["200"]["content"]["text/event-stream"]["schema"]
        assert event["$ref"] == "#/components/schemas/ServerSentEvent"  # one event's schema
        assert list(responses["404"]["content"]) == ["application/json"]


def test_the_ui_copy_of_the_schema_is_current() -> None:
    assert UI_SCHEMA.read_text(encoding="utf-8") == openapi_text(), (
        "ui/openapi.json is stale: run `.venv/bin/python -m harper_gateway.openapi_file` "
        "and `cd ui && npm run gen:api`, and commit both files"
    )
