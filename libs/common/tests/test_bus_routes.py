"""Every request gets a reply: bad input, known failures and crashes become typed errors."""

from __future__ import annotations

import pytest
from faststream.nats import NatsBroker, TestNatsBroker

from harper_common.bus.client import BusClient, BusError, decode_reply
from harper_common.bus.routes import ServiceFailure, reply_route
from harper_common.messages.base import ErrorCode, ErrorReply
from harper_common.messages.index import LookupReply, LookupRequest, NameMatch

SUBJECT = "test.lookup"


def make_broker() -> NatsBroker:
    broker = NatsBroker(logger=None)

    async def lookup(request: LookupRequest) -> LookupReply:
        if request.name == "boom":
            raise RuntimeError("disk on fire")
        if request.name == "downstream-down":
            message = "The message bus (NATS) is not connected; nothing was sent."
            raise BusError(ErrorReply(code=ErrorCode.UNAVAILABLE, message=message))
        if request.name == "missing":
            raise ServiceFailure(ErrorCode.NOT_FOUND, "no such account", fix="check the name")
        match = NameMatch(account_id="29041", account_name=request.name.title(), score=1.0)
        return LookupReply(matches=[match])

    reply_route(broker, SUBJECT, service="indexer", request_type=LookupRequest, handler=lookup)
    return broker


@pytest.mark.anyio
async def test_a_good_request_gets_its_typed_reply() -> None:
    broker = make_broker()
    async with TestNatsBroker(broker):
        reply = await BusClient(broker).request(SUBJECT, LookupRequest(name="maple"), LookupReply)
    assert reply.matches[0].account_name == "Maple"


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"name": ""}, ErrorCode.BAD_REQUEST, "name"),
        ({"nmae": "x"}, ErrorCode.BAD_REQUEST, "nmae"),
        ({"name": "missing"}, ErrorCode.NOT_FOUND, "no such account"),
        ({"name": "boom"}, ErrorCode.INTERNAL, "disk on fire"),
        ({"name": "downstream-down"}, ErrorCode.UNAVAILABLE, "NATS) is not connected"),
    ],
)
async def test_failures_come_back_as_error_replies(
    body: dict[str, str], code: ErrorCode, words: str
) -> None:
    broker = make_broker()
    async with TestNatsBroker(broker):
        raw = await broker.request(body, SUBJECT, timeout=3)
    error = ErrorReply.model_validate_json(raw.body)
    assert error.code == code
    assert words in error.message
    assert error.service == "indexer"


def test_decode_reply_raises_on_an_error_reply() -> None:
    body = ErrorReply(code=ErrorCode.TIMEOUT, message="slow").model_dump_json().encode()
    with pytest.raises(BusError) as caught:
        decode_reply("x", body, LookupReply)
    assert caught.value.reply.code == ErrorCode.TIMEOUT


def test_decode_reply_refuses_a_reply_of_the_wrong_shape() -> None:
    with pytest.raises(BusError) as caught:
        decode_reply("x", b'{"unexpected": 1}', LookupReply)
    assert caught.value.reply.code == ErrorCode.INTERNAL
    assert "LookupReply" in caught.value.reply.message


def test_an_empty_reply_means_nobody_answered() -> None:
    with pytest.raises(BusError) as caught:
        decode_reply("harper.x", b"", LookupReply)
    assert caught.value.reply.code == ErrorCode.UNAVAILABLE
