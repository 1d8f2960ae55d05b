"""``/followup/*``: the follow-up agent's endpoints, passed through the bus as typed messages."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from harper_common.bus.client import BusError
from harper_common.memory.models import AccountId
from harper_common.messages import endpoints
from harper_common.messages.base import WireModel
from harper_common.messages.endpoint import Endpoint
from harper_common.messages.followup import (
    DraftChannel,
    FollowupBatchReply,
    FollowupBatchRequest,
    FollowupDraftReply,
    FollowupDraftRequest,
    FollowupExecuteReply,
    FollowupExecuteRequest,
    FollowupNoticesReply,
    FollowupNoticesRequest,
    FollowupOutboxReply,
    FollowupOutboxRequest,
    FollowupPendingReply,
    FollowupPendingRequest,
    PendingFilters,
)
from harper_gateway.deps import StateDep
from harper_gateway.responses import bus_error_json, bus_errors
from harper_gateway.state import GatewayState, new_request_id

router = APIRouter(prefix="/followup", responses=bus_errors())


class DraftBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    account_id: AccountId
    channel: DraftChannel | None = None
    purpose: str | None = Field(default=None, max_length=500)


class ExecuteBody(DraftBody):
    dry_run: bool = False


class BatchBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    limit: int = Field(default=10, ge=1, le=1000)
    dry_run: bool = True


RequestT = TypeVar("RequestT", bound=WireModel)


async def _ask(
    state: GatewayState,
    endpoint: Endpoint[RequestT, Any],
    message: RequestT,
    request_id: str,
) -> JSONResponse:
    try:
        reply: BaseModel = await state.bus.call(endpoint, message)
    except BusError as exc:
        return bus_error_json(exc, request_id)
    return JSONResponse(reply.model_dump(mode="json"), headers={"X-Request-ID": request_id})


@router.get("/pending", response_model=FollowupPendingReply)
async def pending(
    state: StateDep,
    stage: str | None = Query(default=None, max_length=60),
    days_threshold: int | None = Query(default=None, ge=0),
    today: Annotated[date | None, Query(description="Count days from this date (UTC).")] = None,
    limit: Annotated[int, Query(ge=1, le=5000)] = 500,
) -> JSONResponse:
    request_id = new_request_id()
    filters = PendingFilters(stage=stage, days_threshold=days_threshold)
    message = FollowupPendingRequest(
        request_id=request_id, filters=filters, today=today, limit=limit
    )
    return await _ask(state, endpoints.FOLLOWUP_PENDING, message, request_id)


@router.post("/draft", response_model=FollowupDraftReply)
async def draft(body: DraftBody, state: StateDep) -> JSONResponse:
    request_id = new_request_id()
    message = FollowupDraftRequest(request_id=request_id, **body.model_dump())
    return await _ask(state, endpoints.FOLLOWUP_DRAFT, message, request_id)


@router.post("/execute", response_model=FollowupExecuteReply)
async def execute(body: ExecuteBody, state: StateDep) -> JSONResponse:
    request_id = new_request_id()
    message = FollowupExecuteRequest(request_id=request_id, **body.model_dump())
    return await _ask(state, endpoints.FOLLOWUP_EXECUTE, message, request_id)


@router.post("/batch", response_model=FollowupBatchReply)
async def batch(body: BatchBody, state: StateDep) -> JSONResponse:
    request_id = new_request_id()
    message = FollowupBatchRequest(request_id=request_id, **body.model_dump())
    return await _ask(state, endpoints.FOLLOWUP_BATCH, message, request_id)


@router.get("/outbox", response_model=FollowupOutboxReply)
async def outbox(
    state: StateDep,
    account_id: Annotated[AccountId | None, Query()] = None,
    channel: Annotated[DraftChannel | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 50,
) -> JSONResponse:
    """What the follow-up agent sent: emails (over SMTP), texts and call scripts, newest first."""
    request_id = new_request_id()
    message = FollowupOutboxRequest(
        request_id=request_id, account_id=account_id, channel=channel, limit=limit
    )
    return await _ask(state, endpoints.FOLLOWUP_OUTBOX, message, request_id)


@router.get("/notices", response_model=FollowupNoticesReply)
async def notices(
    state: StateDep,
    account_id: Annotated[AccountId | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 50,
) -> JSONResponse:
    """Follow-ups sent in notify-after mode (at once, without review), newest first: what the
    broker should know went out."""
    request_id = new_request_id()
    message = FollowupNoticesRequest(request_id=request_id, account_id=account_id, limit=limit)
    return await _ask(state, endpoints.FOLLOWUP_NOTICES, message, request_id)
