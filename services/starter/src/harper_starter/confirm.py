"""``/confirm``: the broker answers a pending session (new account, or the vague-update form)."""

from __future__ import annotations

from pydantic import ValidationError

from harper_common.auth.roles import require
from harper_common.bus.client import BusClient, request_query
from harper_common.messages import endpoints
from harper_common.messages.base import ErrorCode
from harper_common.messages.endpoint import Endpoint
from harper_common.messages.followup import FollowupApproveRequest
from harper_common.messages.problems import validation_problems
from harper_common.messages.query import (
    AccountRef,
    AgentRequest,
    ClarificationNeeded,
    ConfirmRequest,
    ErrorResponse,
    NewAccountDetails,
    QueryResponse,
    VagueUpdateForm,
)
from harper_common.sessions import PendingSession, SessionStore

NEW_ACCOUNT_FIELDS = (
    "industry",
    "location",
    "primary_email",
    "primary_phone",
    "insurance_types",
    "notes",
)


class ConfirmHandler:
    """Claims the session once, forwards the broker's answer to the updater, records the end."""

    def __init__(self, sessions: SessionStore, bus: BusClient) -> None:
        self.sessions = sessions
        self.bus = bus

    async def handle(self, request: ConfirmRequest) -> QueryResponse:
        claim = await self.sessions.claim(request.session_id)
        if claim != "claimed":
            return await self._not_claimed(request, claim)
        session = await self.sessions.get(request.session_id)
        if session is None:
            await self.sessions.release(request.session_id)
            return self._error(request, ErrorCode.NOT_FOUND, "That session has expired.")
        if session.kind == "followup_approval":
            return await self._followup_decision(request, session)
        if not request.confirmed:
            await self.sessions.complete(request.session_id, "cancelled")
            return ClarificationNeeded(
                request_id=request.request_id,
                message="Cancelled: nothing was changed.",
                original_query=session.original_query,
            )
        try:
            endpoint, message = self._agent_request(request, session)
        except ValidationError as exc:
            await self.sessions.release(request.session_id)  # the broker may send it again
            what = "clarification form" if session.kind == "vague_update" else "new account"
            problems = validation_problems(exc, whole="form")
            return self._error(
                request,
                ErrorCode.BAD_REQUEST,
                f"The {what} was not valid: {problems}. Nothing was changed.",
                fix="Correct it and confirm again with the same session_id.",
            )
        reply = await request_query(self.bus, endpoint, message, request.request_id)
        if reply.type == "error":
            await self.sessions.release(request.session_id)
        else:
            await self.sessions.complete(request.session_id, reply.model_dump_json())
        return reply

    async def _followup_decision(
        self, request: ConfirmRequest, session: PendingSession
    ) -> QueryResponse:
        """A drafted follow-up: approval (confirmed) or rejection, both to the follow-up agent."""
        require(request.caller, "broker", "Approving or rejecting a follow-up")
        action_id = str(session.context.get("action_id") or session.session_id)
        decision = FollowupApproveRequest(
            request_id=request.request_id,
            action_id=action_id,
            approved=request.confirmed,
            approved_by=request.caller.name if request.caller else None,
        )
        reply = await request_query(
            self.bus, endpoints.FOLLOWUP_APPROVE, decision, request.request_id
        )
        if reply.type == "error":
            await self.sessions.release(request.session_id)
        else:
            outcome = "approved" if request.confirmed else "rejected"
            await self.sessions.complete(request.session_id, outcome)
        return reply

    def _agent_request(
        self, request: ConfirmRequest, session: PendingSession
    ) -> tuple[Endpoint[AgentRequest, QueryResponse], AgentRequest]:
        """The request to the updater; a `ValidationError` names what the broker sent wrong."""
        form: VagueUpdateForm | None = None
        details: NewAccountDetails | None = None
        if session.kind == "vague_update":
            endpoint = endpoints.UPDATER_CLARIFIED
            form = VagueUpdateForm.model_validate(request.clarification_data or {})
        else:
            endpoint = endpoints.UPDATER_CREATE
            details = NewAccountDetails.model_validate(
                {
                    "account_name": session.account_name,
                    **request.model_dump(mode="json", include=set(NEW_ACCOUNT_FIELDS)),
                }
            )
        account = (
            AccountRef(account_id=session.account_id, account_name=session.account_name)
            if session.account_id
            else None
        )
        return endpoint, AgentRequest(
            request_id=request.request_id,
            query=session.original_query,
            intent=session.intent,
            account=account,
            session_id=session.session_id,
            clarification=form,
            new_account=details,
            **request.envelope().model_dump(),
        )

    async def _not_claimed(self, request: ConfirmRequest, claim: str) -> QueryResponse:
        if claim == "done":
            outcome = await self.sessions.outcome(request.session_id) or ""
            message = "This session was already confirmed; nothing more was done."
            if outcome == "cancelled":
                message = "This session was cancelled; nothing more was done."
            elif outcome in ("approved", "rejected"):
                message = f"This follow-up was already {outcome}; nothing more was sent."
            return self._error(request, ErrorCode.CONFLICT, message)
        if claim == "busy":
            return self._error(
                request, ErrorCode.CONFLICT, "This session is being confirmed right now."
            )
        return self._error(
            request,
            ErrorCode.NOT_FOUND,
            f"No pending session {request.session_id!r}: it never existed or has expired.",
            fix="Send the original query again.",
        )

    @staticmethod
    def _error(
        request: ConfirmRequest, code: ErrorCode, message: str, fix: str | None = None
    ) -> ErrorResponse:
        return ErrorResponse(request_id=request.request_id, message=message, code=code, fix=fix)
