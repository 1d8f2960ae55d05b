"""The AsyncAPI document has every subject ``harper_common.messages`` declares, each with
non-empty payload schemas, and every reference in it resolves."""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from enum import Enum
from typing import Any

import pytest

from harper_common.messages import endpoints, subjects
from harper_common.messages.asyncapi import asyncapi_document
from harper_common.messages.endpoint import Endpoint
from harper_common.messages.events import AccountEventKind


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    return asyncapi_document()


def _addresses(doc: dict[str, Any]) -> list[str]:
    return [c["address"] for c in doc["channels"].values() if c["address"] is not None]


def _pattern(address: str) -> re.Pattern[str]:
    """``harper.account.{kind}.{account_id}`` -> a regex matching its concrete subjects."""
    parts = re.split(r"(\{[a-z_]+\})", address)
    return re.compile("".join("[^.]+" if p.startswith("{") else re.escape(p) for p in parts))


def _covered(subject: str, addresses: list[str]) -> bool:
    """A subject, a wildcard (``harper.account.>``) or a prefix (``harper.progress``) that some
    channel's address is, matches, or begins."""
    stem = subject.removesuffix(".>")
    return any(
        _pattern(address).fullmatch(subject) or address.startswith(stem + ".")
        for address in addresses
    )


def _sample(parameter: inspect.Parameter) -> object:
    """A value a subject function takes for ``parameter``."""
    if "Kind" in str(parameter.annotation):
        return AccountEventKind.CREATED
    if parameter.name == "event_subject":
        return subjects.account_event_subject(AccountEventKind.CREATED, "29041")
    return "sample_1"


def _declared_subjects() -> Iterator[tuple[str, str]]:
    """Every subject constant in ``subjects`` and a sample of every subject function's result."""
    for name, value in vars(subjects).items():
        if isinstance(value, str) and value.startswith(f"{subjects.PREFIX}."):
            yield name, value
    for name, function in inspect.getmembers(subjects, inspect.isfunction):
        if function.__module__ != subjects.__name__ or not name.endswith("_subject"):
            continue
        arguments = [_sample(p) for p in inspect.signature(function).parameters.values()]
        yield f"{name}(...)", function(*arguments)


def _resolve(doc: dict[str, Any], ref: str) -> Any:
    assert ref.startswith("#/"), ref
    node: Any = doc
    for part in ref[2:].split("/"):
        node = node[part]
    return node


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for item in node:
            yield from _refs(item)


def _payload(doc: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    resolved = _resolve(doc, message["$ref"]) if "$ref" in message else message
    payload: dict[str, Any] = resolved["payload"]
    while "$ref" in payload and len(payload) == 1:
        payload = _resolve(doc, payload["$ref"])
    return payload


def test_every_declared_subject_has_a_channel(doc: dict[str, Any]) -> None:
    declared = list(_declared_subjects())
    assert len(declared) > 30
    addresses = _addresses(doc)
    missing = [(name, s) for name, s in declared if not _covered(s, addresses)]
    assert missing == []


def test_every_endpoint_has_its_request_and_reply_payloads(doc: dict[str, Any]) -> None:
    declared = [e for e in vars(endpoints).values() if isinstance(e, Endpoint)]
    assert len(declared) >= 25
    by_address = {c["address"]: cid for cid, c in doc["channels"].items()}
    for endpoint in declared:
        cid = by_address[endpoint.subject]
        request = _payload(doc, doc["channels"][cid]["messages"]["request"])
        assert request.get("title") == endpoint.request.__name__
        operation = doc["operations"][cid]
        assert operation["action"] == "receive"
        reply_channel = _resolve(doc, operation["reply"]["channel"]["$ref"])
        reply = _payload(doc, reply_channel["messages"]["reply"])
        assert reply.get("properties") or reply.get("oneOf"), endpoint.subject


def test_every_message_has_a_non_empty_payload(doc: dict[str, Any]) -> None:
    messages = doc["components"]["messages"]
    assert len(messages) > 60
    empty = [
        name
        for name, message in messages.items()
        if not (p := _payload(doc, message))
        or not (p.get("type") == "object" or "oneOf" in p or "anyOf" in p)
    ]
    assert empty == []


def test_account_events_name_their_stream_and_kinds(doc: dict[str, Any]) -> None:
    channel = doc["channels"]["account_event"]
    assert channel["address"] == "harper.account.{kind}.{account_id}"
    assert subjects.ACCOUNT_STREAM in channel["description"]
    assert channel["parameters"]["kind"]["enum"] == [k.value for k in AccountEventKind]
    event = _payload(doc, channel["messages"]["event"])
    assert set(event["required"]) >= {"kind", "account_id", "version", "occurred_at"}


def test_every_reference_resolves_and_discriminators_are_names(doc: dict[str, Any]) -> None:
    for ref in _refs(doc):
        _resolve(doc, ref)
    discriminators = [s.get("discriminator") for s in doc["components"]["schemas"].values()]
    assert all(d is None or isinstance(d, str) for d in discriminators)


def test_every_address_parameter_is_declared(doc: dict[str, Any]) -> None:
    for channel in doc["channels"].values():
        address = channel["address"] or ""
        named = set(re.findall(r"\{([a-z_]+)\}", address))
        assert named == set(channel.get("parameters", {})), address
        for parameter in channel.get("parameters", {}).values():
            assert all(not isinstance(v, Enum) for v in parameter.get("enum", []))
