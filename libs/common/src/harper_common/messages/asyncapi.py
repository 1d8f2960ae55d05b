"""The AsyncAPI 3.0 document of Harper's bus, made from its declarations, so it cannot drift
from the code: every ``Endpoint`` in ``endpoints`` (and the health probe) as a request channel
and its reply channel, every ``Published`` event as a channel of its own. Payloads are the
pydantic models' JSON schemas: a request as a receiver validates it (fields with defaults may
be left out), a reply or an event as it is sent (every field present).

The gateway serves it at ``/asyncapi.json`` (and as a page at ``/asyncapi``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from pydantic import TypeAdapter
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaMode
from pydantic_core import CoreSchema

from harper_common.messages import endpoints, published, subjects
from harper_common.messages.base import ErrorReply
from harper_common.messages.endpoint import Endpoint
from harper_common.messages.schemas import documented

ASYNCAPI_VERSION: Final = "3.0.0"
SCHEMA_REF: Final = "#/components/schemas/{model}"


def request_endpoints() -> list[Endpoint[Any, Any]]:
    """Every request/reply endpoint: those ``endpoints`` declares, and the health probe."""
    declared = [value for value in vars(endpoints).values() if isinstance(value, Endpoint)]
    return [*declared, published.HEALTH]


def channel_id(subject: str) -> str:
    """``harper.index.lookup`` -> ``index_lookup`` (AsyncAPI keys allow letters, digits, ``_``)."""
    local = subject.removeprefix(f"{subjects.PREFIX}.")
    return "".join(c if c.isalnum() else "_" for c in local.replace("{", "").replace("}", ""))


@dataclass(frozen=True)
class _Payload:
    key: str
    mode: JsonSchemaMode
    type_: object


def _core_schema(type_: Any) -> CoreSchema:
    return TypeAdapter(type_).core_schema


def _payload_schemas(payloads: list[_Payload]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Each payload's schema (by key) and the shared definitions, named once for all."""
    generator = GenerateJsonSchema(ref_template=SCHEMA_REF)
    inputs = [(p.key, p.mode, _core_schema(p.type_)) for p in payloads]
    by_input, definitions = generator.generate_definitions(inputs)
    return (
        {key: _asyncapi_schema(schema) for (key, _), schema in by_input.items()},
        _asyncapi_schema(definitions),
    )


def _asyncapi_schema(node: Any) -> Any:
    """A pydantic JSON schema as AsyncAPI's schema object has it: there ``discriminator`` is
    the property's name (a string), not OpenAPI's object with a ``mapping``."""
    if isinstance(node, list):
        return [_asyncapi_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {key: _asyncapi_schema(value) for key, value in node.items()}
    if isinstance(converted.get("discriminator"), dict):
        converted["discriminator"] = converted["discriminator"]["propertyName"]
    return converted


def _message(name: str, title: str, payload: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "title": title, "contentType": "application/json", "payload": payload}


def _ref(*parts: str) -> dict[str, str]:
    return {"$ref": "#/" + "/".join(parts)}


def _parameters(parameters: dict[str, published.Parameter]) -> dict[str, Any]:
    return {
        name: {"description": p.description, **({"enum": list(p.values)} if p.values else {})}
        for name, p in parameters.items()
    }


class _Builder:
    def __init__(self) -> None:
        self.channels: dict[str, Any] = {}
        self.operations: dict[str, Any] = {}
        self.messages: dict[str, Any] = {}

    def add_endpoint(self, endpoint: Endpoint[Any, Any], schemas: dict[str, Any]) -> None:
        cid = channel_id(endpoint.subject)
        request, reply, error = f"{cid}_request", f"{cid}_reply", f"{cid}_error"
        self.messages[request] = _message(
            request, endpoint.request.__name__, schemas[f"{endpoint.subject}#request"]
        )
        self.messages[reply] = _message(reply, "Reply", schemas[f"{endpoint.subject}#reply"])
        self.messages[error] = _message(error, "ErrorReply", schemas["#error"])
        server = endpoint.service
        queue = subjects.QUEUE.get(server)
        served = f"Served by {server}" + (f" (queue group ``{queue}``)" if queue else "")
        channel: dict[str, Any] = {
            "address": endpoint.subject,
            "title": endpoint.subject,
            "description": "A request; its server sends one reply.",
            "messages": {"request": _ref("components", "messages", request)},
        }
        if endpoint is published.HEALTH:
            channel["parameters"] = _parameters(published.HEALTH_PARAMETERS)
        self.channels[cid] = channel
        self.channels[f"{cid}_reply"] = {
            "address": None,
            "description": "The reply, on the request's NATS reply subject (an ``_INBOX``): "
            "the reply type, or an ``ErrorReply`` (``type: error``) when the request failed.",
            "messages": {
                "reply": _ref("components", "messages", reply),
                "error": _ref("components", "messages", error),
            },
        }
        operation: dict[str, Any] = {
            "action": "receive",
            "channel": _ref("channels", cid),
            "summary": served,
            "messages": [_ref("channels", cid, "messages", "request")],
            "reply": {
                "channel": _ref("channels", f"{cid}_reply"),
                "messages": [
                    _ref("channels", f"{cid}_reply", "messages", "reply"),
                    _ref("channels", f"{cid}_reply", "messages", "error"),
                ],
            },
        }
        if queue:
            operation["bindings"] = {"nats": {"queue": queue, "bindingVersion": "0.1.0"}}
        self.operations[cid] = operation

    def add_event(self, event: published.Published, schemas: dict[str, Any]) -> None:
        cid = event.name
        self.messages[cid] = _message(cid, event.payload.__name__, schemas[f"event#{cid}"])
        kept = f" Kept in the JetStream stream ``{event.stream}``." if event.stream else ""
        channel: dict[str, Any] = {
            "address": event.address,
            "title": event.address,
            "description": event.description + kept,
            "messages": {"event": _ref("components", "messages", cid)},
        }
        if event.parameters:
            channel["parameters"] = _parameters(event.parameters)
        self.channels[cid] = channel
        self.operations[f"publish_{cid}"] = {
            "action": "send",
            "channel": _ref("channels", cid),
            "summary": "Published by " + ", ".join(event.publishers),
            "messages": [_ref("channels", cid, "messages", "event")],
        }


def asyncapi_document(version: str = "0.1.0") -> dict[str, Any]:
    """The whole document: info, the NATS server, channels, operations, messages, schemas."""
    requests = request_endpoints()
    payloads = [_Payload("#error", "serialization", ErrorReply)]
    for endpoint in requests:
        payloads.append(_Payload(f"{endpoint.subject}#request", "validation", endpoint.request))
        payloads.append(
            _Payload(f"{endpoint.subject}#reply", "serialization", documented(endpoint.reply))
        )
    payloads += [_Payload(f"event#{e.name}", "serialization", e.payload) for e in published.EVENTS]
    schemas, definitions = _payload_schemas(payloads)
    builder = _Builder()
    for endpoint in requests:
        builder.add_endpoint(endpoint, schemas)
    for event in published.EVENTS:
        builder.add_event(event, schemas)
    return {
        "asyncapi": ASYNCAPI_VERSION,
        "info": {
            "title": "Harper bus",
            "version": version,
            "description": "Harper's services talk over NATS: requests with one reply (JSON "
            "bodies, queue groups so replicas share the load) and events. Every subject, its "
            "payload and its reply, as the code declares them (harper_common.messages).",
        },
        "defaultContentType": "application/json",
        "servers": {
            "nats": {
                "host": "127.0.0.1:4222",
                "protocol": "nats",
                "description": "Harper's NATS (NATS_URL); every connection needs a user "
                "(infra/nats/permissions.conf).",
            }
        },
        "channels": builder.channels,
        "operations": builder.operations,
        "components": {"messages": builder.messages, "schemas": definitions},
    }
