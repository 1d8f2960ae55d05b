"""``/communications``: hand an incoming email, call or text to the updater, and list the ones
no account claimed (``GET /communications/unmatched``)."""

from __future__ import annotations

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse

from harper_common.bus.client import BusError
from harper_common.messages import endpoints
from harper_common.messages.communications import (
    Communication,
    CommunicationFiled,
    CommunicationRequest,
    CommunicationUnmatched,
    UnmatchedListReply,
    UnmatchedListRequest,
)
from harper_gateway.deps import StateDep
from harper_gateway.responses import bus_error_json, bus_errors
from harper_gateway.state import new_request_id

router = APIRouter(prefix="/communications", responses=bus_errors())


@router.post(
    "",
    response_model=CommunicationFiled,
    response_description="Filed before (``already_filed``): nothing was written again.",
    responses={
        201: {"model": CommunicationFiled, "description": "Filed under an account."},
        202: {"model": CommunicationUnmatched, "description": "Kept in the unmatched queue."},
    },
)
async def file_communication(body: Communication, state: StateDep) -> JSONResponse:
    request_id = new_request_id()
    message = CommunicationRequest(request_id=request_id, **body.model_dump())
    try:
        reply = await state.bus.call(endpoints.UPDATER_COMMUNICATION, message)
    except BusError as exc:
        return bus_error_json(exc, request_id)
    status = 201 if reply.type == "filed" and not reply.already_filed else 200
    if reply.type == "unmatched":
        status = 202
    return JSONResponse(
        reply.model_dump(mode="json"), status_code=status, headers={"X-Request-ID": request_id}
    )


@router.get("/unmatched", response_model=UnmatchedListReply)
async def unmatched(
    state: StateDep, limit: int = Query(default=100, ge=1, le=1000)
) -> JSONResponse:
    request_id = new_request_id()
    message = UnmatchedListRequest(request_id=request_id, limit=limit)
    try:
        reply = await state.bus.call(endpoints.UPDATER_UNMATCHED, message)
    except BusError as exc:
        return bus_error_json(exc, request_id)
    return JSONResponse(reply.model_dump(mode="json"), headers={"X-Request-ID": request_id})
