"""``/query``, ``/confirm``, ``/search``: a question in, one of the spec's responses out."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, JsonValue

from harper_common.bus.client import request_query
from harper_common.messages import endpoints
from harper_common.messages.query import (
    AgentRequest,
    AnswerResponse,
    ConfirmRequest,
    IntentInfo,
    QueryRequest,
    QueryText,
)
from harper_common.messages.schemas import QUERY_RESPONSE_SCHEMA
from harper_gateway.deps import StateDep
from harper_gateway.responses import bus_errors, reply_json
from harper_gateway.state import new_request_id

router = APIRouter()

ANSWERED = bus_errors()
"""Every reply is one of the spec's responses (``QueryResponse``, told apart by ``type``, the
successes by ``routed_to``); an ``error`` comes with the status of its ``code``."""


class QueryBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: QueryText
    session_id: str | None = Field(default=None, max_length=100)


class ConfirmBody(BaseModel):
    """The broker's answer to ``confirmation_required`` or ``vague_update_clarification``."""

    model_config = ConfigDict(extra="forbid")

    session_id: str = Field(min_length=1, max_length=100)
    confirmed: bool = True
    industry: str | None = Field(default=None, max_length=200)
    location: str | None = Field(default=None, max_length=200)
    primary_email: str | None = Field(default=None, max_length=320)
    primary_phone: str | None = Field(default=None, max_length=50)
    insurance_types: list[str] | None = None
    notes: str | None = Field(default=None, max_length=4000)
    clarification_data: dict[str, JsonValue] | None = None


@router.post("/query", response_model=QUERY_RESPONSE_SCHEMA, responses=ANSWERED)
async def query(body: QueryBody, state: StateDep) -> JSONResponse:
    """Main entry: the starter classifies, resolves the account and routes."""
    request_id = new_request_id()
    # The key is taken before asking: an account changing meanwhile makes the answer stale.
    cache_key, cached = (None, None)
    if body.session_id is None:
        cache_key, cached = await state.cache.lookup(body.query)
    if cached is not None:
        cached.request_id = request_id
        cached.notes = [*cached.notes, "Answered from the query cache."]
        return reply_json(cached, request_id)
    message = QueryRequest(
        request_id=request_id, query=body.query, session_id=body.session_id, watched=False
    )
    reply = await request_query(state.bus, endpoints.STARTER_QUERY, message, request_id)
    if isinstance(reply, AnswerResponse) and cache_key is not None:
        await state.cache.put(cache_key, reply)
    return reply_json(reply, request_id)


@router.post("/confirm", response_model=QUERY_RESPONSE_SCHEMA, responses=ANSWERED)
async def confirm(body: ConfirmBody, state: StateDep) -> JSONResponse:
    """Create the account (or apply the filled form) for a pending session, once."""
    request_id = new_request_id()
    message = ConfirmRequest(request_id=request_id, **body.model_dump())
    reply = await request_query(state.bus, endpoints.STARTER_CONFIRM, message, request_id)
    return reply_json(reply, request_id)


@router.post("/search", response_model=QUERY_RESPONSE_SCHEMA, responses=ANSWERED)
async def search(body: QueryBody, state: StateDep) -> JSONResponse:
    """Straight to the search agent, without the starter's routing."""
    request_id = new_request_id()
    message = AgentRequest(
        request_id=request_id,
        query=body.query,
        intent=IntentInfo(intent="search", confidence=1.0, rule="direct /search"),
        session_id=body.session_id,
    )
    reply = await request_query(state.bus, endpoints.SEARCH_ASK, message, request_id)
    return reply_json(reply, request_id)
